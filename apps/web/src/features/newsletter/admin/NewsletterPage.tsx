import { relativeTime } from '@kw/activity/contract';
import {
  NEWSLETTER_EXPORT_DEFAULT_NAME,
  type NewsletterSubscription,
} from '@kw/newsletter/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Input,
  Modal,
  Row,
  Select,
  Space,
  Statistic,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { storedToken } from '../../../api/api.ts';
import { filenameFrom, saveFile } from '../../../shared/admin/download.ts';
import { formatDate } from '../../../shared/dates.ts';
import {
  useDeleteSubscriptionMutation,
  useListSubscriptionsQuery,
  useMarkSubscriptionSpamMutation,
  useNewsletterAnalyticsQuery,
  useUnmarkSubscriptionSpamMutation,
} from '../api.ts';

const nameOf = (s: NewsletterSubscription) => [s.firstName, s.lastName].filter(Boolean).join(' ');
const locationOf = (s: NewsletterSubscription) =>
  [s.city, s.country].filter(Boolean).join(', ') || 'Unknown';

interface Filters {
  search: string;
  status: 'all' | 'active' | 'unsubscribed';
  spam: 'all' | 'clean' | 'spam';
}

export function matchesSubscription(s: NewsletterSubscription, f: Filters): boolean {
  const q = f.search.trim().toLowerCase();
  if (q && ![s.email, nameOf(s), s.ipAddress ?? ''].some((v) => v.toLowerCase().includes(q)))
    return false;
  if (f.status === 'active' && !s.subscribed) return false;
  if (f.status === 'unsubscribed' && s.subscribed) return false;
  if (f.spam === 'spam' && !s.isSpam) return false;
  if (f.spam === 'clean' && s.isSpam) return false;
  return true;
}

function Stats() {
  const { data, isError } = useNewsletterAnalyticsQuery();
  if (isError)
    return (
      <Alert type="error" title="Failed to fetch analytics" showIcon style={{ marginBottom: 16 }} />
    );
  const cards: [string, number | undefined][] = [
    ['Total', data?.totalSubscriptions],
    ['Active', data?.activeSubscriptions],
    ['Spam', data?.spamCount],
    ['Today', data?.recentSignups],
    ['This Week', data?.weeklySignups],
    ['This Month', data?.monthlySignups],
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map(([title, value]) => (
        <Col key={title} xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic title={title} value={value ?? 0} loading={!data} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function Details({ s }: { s: NewsletterSubscription }) {
  const dash = (v: string | null | undefined) => v || '—';
  return (
    <>
      <Typography.Title level={5}>Contact Information</Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Email">{s.email}</Descriptions.Item>
        <Descriptions.Item label="Name">{dash(nameOf(s))}</Descriptions.Item>
        <Descriptions.Item label="Status">
          {s.subscribed ? 'Active' : 'Unsubscribed'}
        </Descriptions.Item>
        <Descriptions.Item label="Source">{s.source || 'website'}</Descriptions.Item>
        <Descriptions.Item label="Subscribed">
          {formatDate(s.createdAt, 'dateTime')}
        </Descriptions.Item>
        {s.unsubscribedAt && (
          <Descriptions.Item label="Unsubscribed">
            {formatDate(s.unsubscribedAt, 'dateTime')}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Technical Information
      </Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="IP Address">{dash(s.ipAddress)}</Descriptions.Item>
        <Descriptions.Item label="Device">{dash(s.deviceType)}</Descriptions.Item>
        <Descriptions.Item label="Browser">
          {dash([s.browserInfo.name, s.browserInfo.version].filter(Boolean).join(' '))}
        </Descriptions.Item>
        <Descriptions.Item label="Operating System">{dash(s.browserInfo.os)}</Descriptions.Item>
        <Descriptions.Item label="Location">{locationOf(s)}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Campaign Data
      </Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="UTM Source">{dash(s.utmSource)}</Descriptions.Item>
        <Descriptions.Item label="UTM Medium">{dash(s.utmMedium)}</Descriptions.Item>
        <Descriptions.Item label="UTM Campaign">{dash(s.utmCampaign)}</Descriptions.Item>
        <Descriptions.Item label="Referrer">{dash(s.referer)}</Descriptions.Item>
      </Descriptions>
      {s.isSpam && (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          title="Spam Reason"
          description={s.spamReason ?? '—'}
        />
      )}
      <Typography.Paragraph style={{ marginTop: 16 }} copyable={{ text: s.unsubscribeUrl }}>
        One-click unsubscribe link
      </Typography.Paragraph>
    </>
  );
}

export function NewsletterPage() {
  const { notification, modal } = App.useApp();
  const [includeUnsubscribed, setIncludeUnsubscribed] = useState(false);
  const [filters, setFilters] = useState<Filters>({ search: '', status: 'all', spam: 'all' });
  const list = useListSubscriptionsQuery(includeUnsubscribed);
  const [markSpam, marking] = useMarkSubscriptionSpamMutation();
  const [unmarkSpam] = useUnmarkSubscriptionSpamMutation();
  const [remove] = useDeleteSubscriptionMutation();
  const [viewing, setViewing] = useState<NewsletterSubscription | null>(null);
  const [flagging, setFlagging] = useState<NewsletterSubscription | null>(null);
  const [reason, setReason] = useState('');
  const [exporting, setExporting] = useState(false);
  const all = list.data ?? [];
  const rows = useMemo(() => all.filter((s) => matchesSubscription(s, filters)), [all, filters]);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  async function confirmSpam() {
    if (!flagging || !reason.trim()) return;
    try {
      await markSpam({ id: flagging.id, reason: reason.trim() }).unwrap();
      notification.success({ title: 'Subscription marked as spam' });
      setFlagging(null);
    } catch {
      notification.error({ title: 'Error', description: 'Failed to mark as spam' });
    }
  }

  async function unflag(s: NewsletterSubscription) {
    try {
      await unmarkSpam(s.id).unwrap();
      notification.success({ title: 'Subscription unmarked as spam' });
    } catch {
      notification.error({ title: 'Error', description: 'Failed to unmark as spam' });
    }
  }

  function confirmDelete(s: NewsletterSubscription) {
    modal.confirm({
      title: 'Delete subscription',
      content: `Are you sure you want to delete the subscription of ${s.email}? This cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      async onOk() {
        try {
          await remove(s.id).unwrap();
          notification.success({ title: 'Subscription deleted' });
        } catch {
          notification.error({ title: 'Error', description: 'Failed to delete subscription' });
        }
      },
    });
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const token = storedToken();
      const res = await fetch('/api/newsletter/export', {
        credentials: 'include',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!res.ok) throw new Error(`${res.status}`);
      const name = filenameFrom(
        res.headers.get('content-disposition'),
        NEWSLETTER_EXPORT_DEFAULT_NAME,
      );
      saveFile(await res.blob(), name);
      notification.success({ title: 'Export completed' });
    } catch {
      notification.error({ title: 'Error', description: 'Export failed' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Newsletter Management
      </Typography.Title>
      <Stats />
      {list.isError && (
        <Alert
          type="error"
          title="Failed to fetch subscriptions"
          showIcon
          style={{ marginBottom: 16 }}
        />
      )}
      <Card className="bo-filters" size="small">
        <Space wrap>
          <Input.Search
            allowClear
            aria-label="Search subscriptions"
            placeholder="Search email, name or IP"
            value={filters.search}
            onChange={(e) => set({ search: e.target.value })}
            style={{ width: 280 }}
          />
          <Select
            aria-label="Status filter"
            prefix="Status:"
            value={filters.status}
            onChange={(status) => set({ status })}
            style={{ width: 200 }}
            options={[
              { value: 'all', label: 'All' },
              { value: 'active', label: 'Active' },
              { value: 'unsubscribed', label: 'Unsubscribed' },
            ]}
          />
          <Select
            aria-label="Spam filter"
            prefix="Spam:"
            value={filters.spam}
            onChange={(spam) => set({ spam })}
            style={{ width: 150 }}
            options={[
              { value: 'all', label: 'All' },
              { value: 'clean', label: 'Clean' },
              { value: 'spam', label: 'Spam' },
            ]}
          />
          <Space>
            <Switch
              checked={includeUnsubscribed}
              onChange={setIncludeUnsubscribed}
              aria-label="Include Unsubscribed"
            />
            <span>Include Unsubscribed</span>
          </Space>
          <Button onClick={exportCsv} loading={exporting}>
            Export CSV
          </Button>
        </Space>
      </Card>
      <Typography.Paragraph type="secondary">
        Showing {rows.length} of {all.length} subscriptions
      </Typography.Paragraph>
      <Table<NewsletterSubscription>
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        rowClassName={(s) => (s.isSpam ? 'bo-spam-row' : '')}
        locale={{
          emptyText: all.length
            ? 'No subscriptions match the current filters.'
            : 'No subscriptions yet',
        }}
        pagination={{ pageSize: 25 }}
        scroll={{ x: true }}
        columns={[
          {
            title: 'Email',
            dataIndex: 'email',
            render: (email: string, s) => (
              <>
                {email} {s.isSpam && <Tag color="red">SPAM</Tag>}
              </>
            ),
          },
          { title: 'Name', key: 'name', render: (_, s) => nameOf(s) || '—' },
          {
            title: 'Status',
            dataIndex: 'subscribed',
            render: (v: boolean) => (v ? <Tag color="green">Active</Tag> : <Tag>Unsubscribed</Tag>),
          },
          { title: 'Source', dataIndex: 'source', render: (v: string) => v || 'website' },
          { title: 'Device', dataIndex: 'deviceType', render: (v: string | null) => v ?? '—' },
          { title: 'Location', key: 'location', render: (_, s) => locationOf(s) },
          {
            title: 'Created',
            dataIndex: 'createdAt',
            render: (v: string) => <span title={formatDate(v, 'dateTime')}>{relativeTime(v)}</span>,
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, s) => (
              <Space size="small" wrap>
                <Button size="small" onClick={() => setViewing(s)}>
                  View
                </Button>
                {s.isSpam ? (
                  <Button size="small" onClick={() => unflag(s)}>
                    Unmark Spam
                  </Button>
                ) : (
                  <Button
                    size="small"
                    onClick={() => {
                      setReason('');
                      setFlagging(s);
                    }}
                  >
                    Mark Spam
                  </Button>
                )}
                <Button size="small" danger onClick={() => confirmDelete(s)}>
                  Delete
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={viewing !== null}
        title="Subscription Details"
        onCancel={() => setViewing(null)}
        footer={<Button onClick={() => setViewing(null)}>Close</Button>}
        width={640}
      >
        {viewing && <Details s={viewing} />}
      </Modal>
      <Modal
        open={flagging !== null}
        title="Mark as Spam"
        okText="Mark as Spam"
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        confirmLoading={marking.isLoading}
        onOk={confirmSpam}
        onCancel={() => setFlagging(null)}
      >
        <p>Why is {flagging?.email} spam?</p>
        <Input.TextArea
          aria-label="Reason"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="For example: disposable address, bot sign-up"
        />
      </Modal>
    </>
  );
}
