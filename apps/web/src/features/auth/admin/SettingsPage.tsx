import { Alert, Card, Col, Descriptions, List, Row, Skeleton, Tabs, Typography } from 'antd';
import { useSystemInfoQuery } from '../../activity/api.ts';
import { RetentionSettings } from '../../privacy/admin/RetentionSettings.tsx';
import { FounderPhotoSettings } from '../../site/admin/FounderPhotoSettings.tsx';
import { SecurityTab } from './SecurityTab.tsx';

function SystemTab() {
  const { data, isError } = useSystemInfoQuery();
  if (isError) return <Alert type="error" title="Failed to fetch system information" showIcon />;
  if (!data) return <Skeleton active />;
  const cards: [string, string, string][] = [
    [
      'Database',
      data.database.engine,
      data.database.version ? `Version ${data.database.version}` : 'Version unknown',
    ],
    ['File Storage', 'Local', data.fileStorage.path],
    [
      'Environment',
      data.environment.charAt(0).toUpperCase() + data.environment.slice(1),
      `Node.js ${data.nodeVersion}`,
    ],
    [
      'Email',
      data.email.transport === 'smtp' ? 'SMTP' : 'Files',
      data.email.transport === 'smtp'
        ? 'Sent through SMTP_URL'
        : 'Saved as .eml files under the data folder',
    ],
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map(([title, value, detail]) => (
        <Col key={title} xs={24} sm={12} lg={6}>
          <Card title={title}>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {value}
            </Typography.Title>
            <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
              {detail}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

const FEATURES = [
  'Blog and case study publishing with drafts',
  'Media library',
  'Jobs, categories and applications',
  'Newsletter subscriptions with one-click unsubscribe',
  'Contact submissions with spam screening',
  'Recent activity and 30-day figures',
  'Event log with rebuildable read models',
];

function AboutTab() {
  const { data } = useSystemInfoQuery();
  return (
    <Card>
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Platform version">{data?.version ?? '1.0.0'}</Descriptions.Item>
      </Descriptions>
      <List
        header={<strong>Features</strong>}
        dataSource={FEATURES}
        renderItem={(item) => <List.Item>{item}</List.Item>}
      />
    </Card>
  );
}

export function SettingsPage() {
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Settings
      </Typography.Title>
      <Tabs
        items={[
          { key: 'security', label: 'Security', children: <SecurityTab /> },
          { key: 'privacy', label: 'Privacy', children: <RetentionSettings /> },
          { key: 'site', label: 'Site', children: <FounderPhotoSettings /> },
          { key: 'system', label: 'System', children: <SystemTab /> },
          { key: 'about', label: 'About', children: <AboutTab /> },
        ]}
      />
    </>
  );
}
