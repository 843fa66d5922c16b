import { type ContactSubmission, SERVICE_OPTIONS } from '@kw/contact/contract';
import { Alert, Button, Table, Tag, Typography } from 'antd';
import { useListContactSubmissionsQuery } from './contactAdminApi.ts';

const serviceLabel = (value: string) =>
  SERVICE_OPTIONS.find((o) => o.value === value)?.label ?? 'General';

export function ContactSubmissionsPage() {
  const { data, isLoading, isError, refetch, isFetching } = useListContactSubmissionsQuery();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Contact Submissions
      </Typography.Title>
      {isError && (
        <Alert
          type="error"
          title="Failed to fetch contact submissions"
          showIcon
          style={{ marginBottom: 16 }}
        />
      )}
      <Button onClick={() => refetch()} loading={isFetching} style={{ marginBottom: 16 }}>
        Refresh
      </Button>
      <Table<ContactSubmission>
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        locale={{ emptyText: 'No contact submissions yet' }}
        pagination={{ pageSize: 20 }}
        scroll={{ x: true }}
        columns={[
          {
            title: 'Contact',
            key: 'contact',
            render: (_, s) => (
              <>
                <div style={{ fontWeight: 600 }}>
                  {s.firstName} {s.lastName}
                </div>
                <div>{s.email}</div>
              </>
            ),
          },
          {
            title: 'Service',
            dataIndex: 'service',
            render: (value: string) => serviceLabel(value),
          },
          { title: 'Message', dataIndex: 'message', ellipsis: true },
          { title: 'Status', dataIndex: 'status', render: (value: string) => <Tag>{value}</Tag> },
          {
            title: 'Location',
            key: 'location',
            render: (_, s) => [s.city, s.country].filter(Boolean).join(', ') || 'Unknown',
          },
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
            render: (value: string) => new Date(value).toLocaleString('en-CA'),
          },
        ]}
      />
    </>
  );
}
