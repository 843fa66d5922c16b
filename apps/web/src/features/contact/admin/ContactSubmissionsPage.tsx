import { relativeTime } from '@kw/activity/contract';
import {
  CONTACT_PRIORITIES,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  type ContactPriority,
  type ContactStatus,
  type ContactSubmission,
  MARKED_AS_SPAM_REASON,
  RESPONSE_NOTES_MAX,
  SERVICE_OPTIONS,
} from '@kw/contact/contract';
import { safeCsvCell } from '@kw/platform/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { useMemo, useState } from 'react';
import { saveFile, today } from '../../../shared/admin/download.ts';
import { formatDate } from '../../../shared/dates.ts';
import {
  useContactAnalyticsQuery,
  useDeleteContactSubmissionMutation,
  useListContactSubmissionsQuery,
  useUpdateContactSubmissionMutation,
} from '../api.ts';

export const serviceLabel = (value: string) =>
  SERVICE_OPTIONS.find((o) => o.value === value)?.label ?? 'General';

const STATUS_COLORS: Record<ContactStatus, string> = {
  new: 'blue',
  in_progress: 'gold',
  responded: 'green',
  closed: 'default',
};
const PRIORITY_COLORS: Record<ContactPriority, string> = {
  low: 'default',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const fullName = (s: ContactSubmission) => `${s.firstName} ${s.lastName}`.trim();
const location = (s: ContactSubmission) =>
  [s.city, s.country].filter(Boolean).join(', ') || 'Unknown';

interface Filters {
  search: string;
  status: ContactStatus | 'all';
  priority: ContactPriority | 'all';
  service: string;
  spam: 'all' | 'clean' | 'spam';
}
const NO_FILTERS: Filters = {
  search: '',
  status: 'all',
  priority: 'all',
  service: 'all',
  spam: 'all',
};

export function matches(s: ContactSubmission, f: Filters): boolean {
  const q = f.search.trim().toLowerCase();
  if (
    q &&
    ![fullName(s), s.email, s.company, s.message, s.phone].some((v) => v.toLowerCase().includes(q))
  )
    return false;
  if (f.status !== 'all' && s.status !== f.status) return false;
  if (f.priority !== 'all' && s.priority !== f.priority) return false;
  if (f.service !== 'all' && (s.service || 'general') !== f.service) return false;
  if (f.spam === 'spam' && !s.isSpam) return false;
  if (f.spam === 'clean' && s.isSpam) return false;
  return true;
}

/** The spec's columns (admin.md §7), each cell safe from formula injection. */
export function contactCsv(rows: ContactSubmission[]): string {
  return stringify(
    rows.map((s) => [
      s.id,
      fullName(s),
      s.email,
      s.phone,
      s.company,
      serviceLabel(s.service),
      CONTACT_STATUS_LABELS[s.status],
      capital(s.priority),
      s.country ?? '',
      s.deviceType,
      s.ipAddress ?? '',
      s.createdAt,
      s.message,
    ]),
    {
      header: true,
      columns: [
        'ID',
        'Name',
        'Email',
        'Phone',
        'Company',
        'Service',
        'Status',
        'Priority',
        'Country',
        'Device',
        'IP Address',
        'Created',
        'Message',
      ],
      cast: { string: (value) => safeCsvCell(value) },
    },
  );
}

function Analytics() {
  const { data, isError } = useContactAnalyticsQuery();
  if (isError) return <Alert type="error" title="Failed to fetch analytics" showIcon />;
  const total = data?.totalSubmissions ?? 0;
  const top = Object.entries(data?.serviceCounts ?? {}).sort((a, b) => b[1] - a[1])[0];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} aria-label="Contact analytics">
      <Col xs={24} sm={12} lg={6}>
        <Card>
          <Statistic title="Total Submissions" value={total} loading={!data} />
          <Typography.Text type="secondary">
            {data?.recentSubmissions ?? 0} in the last 30 days
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Card>
          <Statistic title="Processed" value={data?.processedSubmissions ?? 0} loading={!data} />
          <Typography.Text type="secondary">
            {data?.unprocessedSubmissions ?? 0} pending
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Card>
          <Statistic title="Spam" value={data?.spamSubmissions ?? 0} loading={!data} />
          <Typography.Text type="secondary">
            {total ? Math.round(((data?.spamSubmissions ?? 0) / total) * 100) : 0}% of total
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Card>
          <Statistic title="Top Service" value={top ? serviceLabel(top[0]) : '—'} loading={!data} />
          <Typography.Text type="secondary">
            {top ? `${top[1]} submissions` : 'No submissions yet'}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}

function Details({ s }: { s: ContactSubmission }) {
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label="Name">{fullName(s)}</Descriptions.Item>
      <Descriptions.Item label="Email">{s.email}</Descriptions.Item>
      <Descriptions.Item label="Phone">{s.phone || '—'}</Descriptions.Item>
      <Descriptions.Item label="Company">{s.company || '—'}</Descriptions.Item>
      <Descriptions.Item label="Service">{serviceLabel(s.service)}</Descriptions.Item>
      <Descriptions.Item label="Message">
        <div style={{ whiteSpace: 'pre-wrap' }}>{s.message}</div>
      </Descriptions.Item>
      <Descriptions.Item label="Status">{CONTACT_STATUS_LABELS[s.status]}</Descriptions.Item>
      <Descriptions.Item label="Priority">{capital(s.priority)}</Descriptions.Item>
      <Descriptions.Item label="Processed">{s.processed ? 'Yes' : 'No'}</Descriptions.Item>
      <Descriptions.Item label="Responded">
        {s.respondedAt ? formatDate(s.respondedAt, 'dateTime') : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="Response Notes">{s.responseNotes || '—'}</Descriptions.Item>
      {s.isSpam && (
        <Descriptions.Item label="Spam Reason">
          {s.spamReason ?? MARKED_AS_SPAM_REASON}
        </Descriptions.Item>
      )}
      <Descriptions.Item label="Location">{location(s)}</Descriptions.Item>
      <Descriptions.Item label="Device">{s.deviceType}</Descriptions.Item>
      <Descriptions.Item label="Browser">
        {[s.browserName, s.browserVersion].filter(Boolean).join(' ') || '—'}
        {s.os ? ` on ${s.os}` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="IP Address">{s.ipAddress || '—'}</Descriptions.Item>
      <Descriptions.Item label="Received">{formatDate(s.createdAt, 'dateTime')}</Descriptions.Item>
    </Descriptions>
  );
}

interface EditValues {
  status: ContactStatus;
  priority: ContactPriority;
  processed: boolean;
  responseNotes: string;
}

export function ContactSubmissionsPage() {
  const { notification, modal } = App.useApp();
  const list = useListContactSubmissionsQuery();
  const [update, updating] = useUpdateContactSubmissionMutation();
  const [remove] = useDeleteContactSubmissionMutation();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [showAnalytics, setShowAnalytics] = useState(false);
  const [viewing, setViewing] = useState<ContactSubmission | null>(null);
  const [editing, setEditing] = useState<ContactSubmission | null>(null);
  const [form] = Form.useForm<EditValues>();
  const all = list.data ?? [];
  const rows = useMemo(() => all.filter((s) => matches(s, filters)), [all, filters]);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  async function change(s: ContactSubmission, changes: Parameters<typeof update>[0]['changes']) {
    try {
      await update({ id: s.id, changes }).unwrap();
      notification.success({ title: 'Contact submission updated successfully' });
      return true;
    } catch {
      notification.error({ title: 'Error', description: 'Failed to update contact submission' });
      return false;
    }
  }

  function confirmDelete(s: ContactSubmission) {
    modal.confirm({
      title: 'Delete contact submission',
      content: `Are you sure you want to delete the submission from ${fullName(s)}? This cannot be undone.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      async onOk() {
        try {
          await remove(s.id).unwrap();
          notification.success({ title: 'Contact submission deleted successfully' });
        } catch {
          notification.error({
            title: 'Error',
            description: 'Failed to delete contact submission',
          });
        }
      },
    });
  }

  function openEdit(s: ContactSubmission) {
    setEditing(s);
    form.setFieldsValue({
      status: s.status,
      priority: s.priority,
      processed: s.processed,
      responseNotes: s.responseNotes ?? '',
    });
  }

  async function saveEdit() {
    if (!editing) return;
    const values = await form.validateFields();
    const ok = await change(editing, {
      status: values.status,
      priority: values.priority,
      processed: values.processed,
      responseNotes: values.responseNotes.trim() || null,
      ...(values.status === 'responded' && editing.status !== 'responded'
        ? { respondedAt: new Date().toISOString() }
        : {}),
    });
    if (ok) setEditing(null);
  }

  function exportCsv() {
    saveFile(contactCsv(rows), `contact-submissions-${today()}.csv`);
    notification.success({ title: 'Export completed' });
  }

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Contact Submissions
      </Typography.Title>
      {list.isError && (
        <Alert
          type="error"
          title="Failed to fetch contact submissions"
          showIcon
          style={{ marginBottom: 16 }}
        />
      )}
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => setShowAnalytics((v) => !v)} aria-pressed={showAnalytics}>
          {showAnalytics ? 'Hide Analytics' : 'Show Analytics'}
        </Button>
        <Button onClick={exportCsv} disabled={rows.length === 0}>
          Export CSV
        </Button>
        <Button onClick={() => list.refetch()} loading={list.isFetching}>
          Refresh
        </Button>
      </Space>
      {showAnalytics && <Analytics />}
      <Card className="bo-filters" title="Filters" size="small">
        <Space wrap>
          <Input.Search
            allowClear
            aria-label="Search submissions"
            placeholder="Search name, email, company or message"
            value={filters.search}
            onChange={(e) => set({ search: e.target.value })}
            style={{ width: 300 }}
          />
          <Select
            aria-label="Status filter"
            value={filters.status}
            onChange={(status) => set({ status })}
            style={{ width: 150 }}
            options={[
              { value: 'all', label: 'All Statuses' },
              ...CONTACT_STATUSES.map((v) => ({ value: v, label: CONTACT_STATUS_LABELS[v] })),
            ]}
          />
          <Select
            aria-label="Priority filter"
            value={filters.priority}
            onChange={(priority) => set({ priority })}
            style={{ width: 150 }}
            options={[
              { value: 'all', label: 'All Priorities' },
              ...CONTACT_PRIORITIES.map((v) => ({ value: v, label: capital(v) })),
            ]}
          />
          <Select
            aria-label="Service filter"
            value={filters.service}
            onChange={(service) => set({ service })}
            style={{ width: 220 }}
            options={[
              { value: 'all', label: 'All Services' },
              ...SERVICE_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
              { value: 'general', label: 'General' },
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
          <Button onClick={() => setFilters(NO_FILTERS)}>Clear Filters</Button>
        </Space>
      </Card>
      <Typography.Paragraph type="secondary">
        Showing {rows.length} of {all.length} submissions
      </Typography.Paragraph>
      <Table<ContactSubmission>
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        rowClassName={(s) => (s.isSpam ? 'bo-spam-row' : '')}
        locale={{
          emptyText: all.length
            ? 'No submissions match the current filters.'
            : 'No contact submissions yet',
        }}
        pagination={{ pageSize: 20 }}
        scroll={{ x: true }}
        columns={[
          {
            title: 'Contact',
            key: 'contact',
            render: (_, s) => (
              <>
                <div style={{ fontWeight: 600 }}>
                  {fullName(s)} {s.isSpam && <Tag color="red">SPAM</Tag>}
                </div>
                <div>{s.email}</div>
                {s.company && <Typography.Text type="secondary">{s.company}</Typography.Text>}
              </>
            ),
          },
          { title: 'Service', dataIndex: 'service', render: (v: string) => serviceLabel(v) },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (v: ContactStatus) => (
              <Tag color={STATUS_COLORS[v]}>{CONTACT_STATUS_LABELS[v]}</Tag>
            ),
          },
          {
            title: 'Priority',
            dataIndex: 'priority',
            render: (v: ContactPriority) => <Tag color={PRIORITY_COLORS[v]}>{capital(v)}</Tag>,
          },
          { title: 'Location', key: 'location', render: (_, s) => location(s) },
          {
            title: 'Device',
            dataIndex: 'deviceType',
            render: (value: string, s) => (
              <span data-testid={`device-${s.id}`}>{s.enrichedAt ? value : 'pending'}</span>
            ),
          },
          {
            title: 'Date',
            dataIndex: 'createdAt',
            render: (v: string) => <span title={formatDate(v, 'dateTime')}>{relativeTime(v)}</span>,
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, s) => (
              <Space wrap size="small">
                <Button size="small" onClick={() => setViewing(s)}>
                  View
                </Button>
                <Button size="small" onClick={() => openEdit(s)}>
                  Edit
                </Button>
                {!s.processed && (
                  <Button
                    size="small"
                    onClick={() => change(s, { processed: true, status: 'responded' })}
                  >
                    Mark Processed
                  </Button>
                )}
                {s.isSpam ? (
                  <Button size="small" onClick={() => change(s, { isSpam: false })}>
                    Not Spam
                  </Button>
                ) : (
                  <Button
                    size="small"
                    onClick={() => change(s, { isSpam: true, spamReason: MARKED_AS_SPAM_REASON })}
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
        title="Contact Submission Details"
        onCancel={() => setViewing(null)}
        footer={<Button onClick={() => setViewing(null)}>Close</Button>}
        width={640}
      >
        {viewing && <Details s={viewing} />}
      </Modal>
      <Modal
        open={editing !== null}
        title="Edit Contact Submission"
        onCancel={() => setEditing(null)}
        onOk={saveEdit}
        okText="Save"
        confirmLoading={updating.isLoading}
      >
        <Form form={form} layout="vertical">
          <Form.Item label="Status" name="status">
            <Select
              options={CONTACT_STATUSES.map((v) => ({ value: v, label: CONTACT_STATUS_LABELS[v] }))}
            />
          </Form.Item>
          <Form.Item label="Priority" name="priority">
            <Select options={CONTACT_PRIORITIES.map((v) => ({ value: v, label: capital(v) }))} />
          </Form.Item>
          <Form.Item name="processed" valuePropName="checked">
            <Checkbox>Processed</Checkbox>
          </Form.Item>
          <Form.Item
            label="Response Notes"
            name="responseNotes"
            rules={[
              {
                max: RESPONSE_NOTES_MAX,
                message: `Response notes must be at most ${RESPONSE_NOTES_MAX} characters`,
              },
            ]}
          >
            <Input.TextArea rows={4} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
