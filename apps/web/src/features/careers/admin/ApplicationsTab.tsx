import {
  type ApplicationStatus,
  filterApplications,
  type JobApplication,
  NO_APPLICATIONS_TO_EXPORT,
  screeningOf,
} from '@kw/careers/contract';
import { Alert, App, Button, Dropdown, Empty, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBulkSelection } from '../../../shared/admin/BulkActions.tsx';
import { ExportButton } from '../../../shared/admin/ExportButton.tsx';
import { formatDate } from '../../../shared/dates.ts';
import { HistoryButton } from '../../activity/admin/HistoryDrawer.tsx';
import {
  useBulkApplicationsMutation,
  useExportApplicationsMutation,
  useListJobApplicationsQuery,
} from '../api.ts';
import { ApplicationDetails, ReleaseButton } from './ApplicationDetails.tsx';
import {
  ApplicationFilters,
  type ApplicationFilterValues,
  NO_APPLICATION_FILTERS,
} from './ApplicationFilters.tsx';
import { applicationBulkActions } from './applicationBulkActions.ts';
import { HeldTag } from './HeldTag.tsx';
import { StatusTag } from './StatusTag.tsx';
import { STATUS_ACTIONS, useApplicationActions } from './useStatusChange.tsx';

/** While a rejection e-mail is on its way, the list refreshes until it shows as sent. */
const POLL_MS = 2000;

export function ApplicationsTab({
  query,
}: {
  query: ReturnType<typeof useListJobApplicationsQuery>;
}) {
  const { notification } = App.useApp();
  // A link may open the list screened: `?spam=held` (the dashboard's held-for-review line).
  const [search] = useSearchParams();
  const linked = search.has('spam') ? screeningOf(search.get('spam')) : null;
  const [filters, setFilters] = useState<ApplicationFilterValues>(() => ({
    ...NO_APPLICATION_FILTERS,
    screening: linked ?? 'all',
  }));
  useEffect(() => {
    if (linked) setFilters((f) => ({ ...f, screening: linked }));
  }, [linked]);
  const [openId, setOpenId] = useState<string | null>(null);
  const { changeStatus, deleteApplication, toggleSpam, release } = useApplicationActions();
  const [exportApplications] = useExportApplicationsMutation();

  const all: JobApplication[] = query.data ?? [];
  const filtered = useMemo(
    () =>
      filterApplications(all, {
        ...filters,
        from: filters.from ? filters.from.toDate() : null,
        to: filters.to ? filters.to.toDate() : null,
      }),
    [all, filters],
  );
  const open: JobApplication | null = all.find((a) => a.id === openId) ?? null;
  const awaitingEmail = open?.status === 'rejected' && !open.rejectionEmailSentAt;
  useListJobApplicationsQuery(undefined, { pollingInterval: awaitingEmail ? POLL_MS : 0 });

  const filtering = Object.entries(filters).some(
    ([key, value]) => value !== NO_APPLICATION_FILTERS[key as keyof ApplicationFilterValues],
  );

  const [bulk] = useBulkApplicationsMutation();
  const bulkActions = applicationBulkActions(bulk);
  const selection = useBulkSelection(filtered, bulkActions);

  async function exportCsv() {
    if (filtered.length === 0) {
      notification.error({ title: 'No Data', description: NO_APPLICATIONS_TO_EXPORT });
      return null;
    }
    await exportApplications(filtered.map((a) => a.id)).unwrap();
    return {
      title: 'Export Successful',
      description: `Exported ${filtered.length} application(s) to CSV.`,
    };
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {query.isError && <Alert type="error" showIcon title="Failed to fetch job applications" />}
      <ApplicationFilters
        value={filters}
        onChange={(change) => setFilters((f) => ({ ...f, ...change }))}
        exportButton={<ExportButton primary onExport={exportCsv} />}
      />
      <Typography.Text>
        Showing {filtered.length} of {all.length} applications
      </Typography.Text>
      {selection.bar}
      <Table<JobApplication>
        rowKey="id"
        rowSelection={selection.rowSelection}
        loading={query.isLoading}
        dataSource={filtered}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: true }}
        locale={{
          emptyText: (
            <Empty
              description={
                filtering && all.length > 0
                  ? 'No applications match the current filters. Try adjusting your search criteria.'
                  : 'No job applications found'
              }
            />
          ),
        }}
        columns={[
          {
            title: 'Applicant',
            key: 'applicant',
            render: (_, a) => (
              <>
                <div style={{ fontWeight: 600 }}>
                  {a.firstName} {a.lastName}{' '}
                  {a.isSpam && (
                    <Tag color="red" title={a.spamReason ?? undefined}>
                      SPAM
                    </Tag>
                  )}
                  <HeldTag application={a} />
                </div>
                <div>{a.email}</div>
              </>
            ),
          },
          { title: 'Job', dataIndex: 'jobTitle' },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: ApplicationStatus) => <StatusTag status={s} />,
          },
          {
            title: 'Applied Date',
            dataIndex: 'appliedAt',
            render: (value: string) => formatDate(value, 'day'),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, a) => (
              <Space>
                <Button onClick={() => setOpenId(a.id)}>View</Button>
                <ReleaseButton application={a} release={release} />
                <HistoryButton
                  kind="job-application"
                  id={a.id}
                  title={`${a.firstName} ${a.lastName}`}
                />
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      ...STATUS_ACTIONS.filter((s) => s.status !== a.status).map((s) => ({
                        key: s.status,
                        label: s.label,
                        danger: s.danger,
                      })),
                      { type: 'divider' as const },
                      { key: 'spam', label: a.isSpam ? 'Not Spam' : 'Mark as Spam' },
                      { key: 'delete', label: 'Delete', danger: true },
                    ],
                    onClick: ({ key }) => {
                      if (key === 'delete') deleteApplication(a);
                      else if (key === 'spam') toggleSpam(a);
                      else changeStatus(a, key as (typeof STATUS_ACTIONS)[number]['status']);
                    },
                  }}
                >
                  <Button aria-label={`More actions for ${a.firstName} ${a.lastName}`}>...</Button>
                </Dropdown>
              </Space>
            ),
          },
        ]}
      />
      <ApplicationDetails application={open} onClose={() => setOpenId(null)} />
    </Space>
  );
}
