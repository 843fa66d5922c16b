import { changePasswordFormSchema } from '@kw/auth/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  List,
  Row,
  Skeleton,
  Tabs,
  Typography,
} from 'antd';
import { serverMessage, storeToken } from '../../../api/api.ts';
import { useSystemInfoQuery } from '../../activity/api.ts';
import { useChangePasswordMutation } from '../api.ts';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Each field checked with the shared schema's rules and messages (admin.md §5). */
function rule(field: keyof PasswordValues) {
  return ({ getFieldsValue }: { getFieldsValue(): Partial<PasswordValues> }) => ({
    async validator() {
      const values = getFieldsValue();
      const result = changePasswordFormSchema.safeParse({
        currentPassword: values.currentPassword ?? '',
        newPassword: values.newPassword ?? '',
        confirmPassword: values.confirmPassword ?? '',
      });
      const issue = result.success
        ? undefined
        : result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}

function SecurityTab() {
  const [form] = Form.useForm<PasswordValues>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { notification } = App.useApp();

  async function onFinish(values: PasswordValues) {
    try {
      const { token } = await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      }).unwrap();
      // The change ends every older session, this one's too: keep the fresh token.
      storeToken(token);
      form.resetFields();
      notification.success({
        title: 'Password Updated',
        description: 'Your password has been successfully changed.',
      });
    } catch (error) {
      notification.error({
        title: 'Password Change Failed',
        description: serverMessage(error) ?? 'Failed to connect to server.',
      });
    }
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card title="Account">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Account type">
              Administrator with full access
            </Descriptions.Item>
            <Descriptions.Item label="Authentication">
              Username and password authentication
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title="Change Password">
          <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
            <Form.Item
              label="Current Password"
              name="currentPassword"
              rules={[rule('currentPassword')]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              label="New Password"
              name="newPassword"
              rules={[rule('newPassword')]}
              extra="At least 6 characters."
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              label="Confirm New Password"
              name="confirmPassword"
              dependencies={['newPassword']}
              rules={[rule('confirmPassword')]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={isLoading}>
              {isLoading ? 'Updating...' : 'Update Password'}
            </Button>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}

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
          { key: 'system', label: 'System', children: <SystemTab /> },
          { key: 'about', label: 'About', children: <AboutTab /> },
        ]}
      />
    </>
  );
}
