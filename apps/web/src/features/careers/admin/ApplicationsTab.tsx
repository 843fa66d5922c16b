import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  filterApplications,
  type JobApplication,
  NO_APPLICATIONS_TO_EXPORT,
  type ScreeningFilter,
  screeningOf,
} from '@kw/careers/contract';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  type DatePickerProps,
  Dropdown,
  Empty,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type BulkAction, useBulkSelection } from '../../../shared/admin/BulkActions.tsx';
import { ExportButton } from '../../../shared/admin/ExportButton.tsx';
import { formatDate } from '../../../shared/dates.ts';
import { HistoryButton } from '../../activity/admin/HistoryDrawer.tsx';
import {
  useBulkApplicationsMutation,
  useExportApplicationsMutation,
  useListJobApplicationsQuery,
} from '../api.ts';
import { ApplicationDetails, ReleaseButton } from './ApplicationDetails.tsx';
import { HeldTag } from './HeldTag.tsx';
import { StatusTag } from './StatusTag.tsx';
import { STATUS_ACTIONS, useApplicationActions } from './useStatusChange.tsx';

type Day = Exclude<DatePickerProps['value'], unknown[] | undefined>;

/** While a rejection e-mail is on its way, the list refreshes until it shows as sent. */
const POLL_MS = 2000;

export function ApplicationsTab({
  query,
}: {
  query: ReturnType<typeof useListJobApplicationsQuery>;
}) {
  const { notification } = App.useApp();
  const [status, setStatus] = useState<ApplicationStatus | 'all'>('all');
  const [from, setFrom] = useState<Day>(null);
  const [to, setTo] = useState<Day>(null);
  // A link may open the list screened: `?spam=held` (the dashboard's held-for-review line).
  const [search] = useSearchParams();
  const linked = search.has('spam') ? screeningOf(search.get('spam')) : null;
  const [screening, setScreening] = useState<ScreeningFilter>(linked ?? 'all');
  useEffect(() => {
    if (linked) setScreening(linked);
  }, [linked]);
  const [openId, setOpenId] = useState<string | null>(null);
  const { changeStatus, deleteApplication, toggleSpam, release } = useApplicationActions();
  const [exportApplications] = useExportApplicationsMutation();

  const all: JobApplication[] = query.data ?? [];
  const filtered = useMemo(
    () =>
      filterApplications(all, {
        status,
        from: from ? from.toDate() : null,
        to: to ? to.toDate() : null,
        screening,
      }),
    [all, status, from, to, screening],
  );
  const open: JobApplication | null = all.find((a) => a.id === openId) ?? null;
  const awaitingEmail = open?.status === 'rejected' && !open.rejectionEmailSentAt;
  useListJobApplicationsQuery(undefined, { pollingInterval: awaitingEmail ? POLL_MS : 0 });

  const filtering = status !== 'all' || from !== null || to !== null || screening !== 'all';

  const [bulk] = useBulkApplicationsMutation();
  const plural = (n: number) => (n === 1 ? '1 application' : `${n} applications`);
  const bulkActions: BulkAction[] = [
    ...STATUS_ACTIONS.map(
      (s): BulkAction => ({
        label: s.label,
        danger: s.danger ?? false,
        question: (n) =>
          s.status === 'rejected'
            ? `Reject ${plural(n)}?`
            : `Set ${plural(n)} to ${APPLICATION_STATUS_LABELS[s.status]}?`,
        ...(s.status === 'rejected'
          ? { content: 'A rejection email will be sent to each applicant.' }
          : {}),
        done: (n) => `${plural(n)} set to ${APPLICATION_STATUS_LABELS[s.status]}`,
        failed: 'Failed to Update Application Status',
        run: (ids) => bulk({ action: 'setStatus', status: s.status, ids }).unwrap(),
      }),
    ),
    {
      label: 'Mark as Spam',
      question: (n) => `Mark ${plural(n)} as spam?`,
      done: (n) => `${plural(n)} marked as spam`,
      failed: 'Failed to mark as spam',
      run: (ids) => bulk({ action: 'markSpam', ids }).unwrap(),
    },
    {
      label: 'Delete',
      danger: true,
      question: (n) => `Delete ${plural(n)}?`,
      content: 'The applications and their resumes will be removed.',
      done: (n) => `${plural(n)} deleted`,
      failed: 'Failed to Delete Application',
      run: (ids) => bulk({ action: 'delete', ids }).unwrap(),
    },
  ];
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
      <Card title="Filters" size="small">
        <Space wrap align="end">
          <div className="filter-field">
            <label htmlFor="application-status-filter">Status</label>
            <Select
              id="application-status-filter"
              style={{ width: 160 }}
              value={status}
              onChange={setStatus}
              options={[
                { value: 'all', label: 'All Statuses' },
                ...APPLICATION_STATUSES.map((s) => ({
                  value: s,
                  label: APPLICATION_STATUS_LABELS[s],
                })),
              ]}
            />
          </div>
          <div className="filter-field">
            <label htmlFor="application-from-date">From Date</label>
            <DatePicker
              id="application-from-date"
              value={from}
              onChange={(day) => setFrom(day as Day)}
            />
          </div>
          <div className="filter-field">
            <label htmlFor="application-to-date">To Date</label>
            <DatePicker id="application-to-date" value={to} onChange={(day) => setTo(day as Day)} />
          </div>
          <div className="filter-field">
            <label htmlFor="application-screening-filter">Spam</label>
            <Select
              id="application-screening-filter"
              style={{ width: 170 }}
              value={screening}
              onChange={setScreening}
              options={[
                { value: 'all', label: 'All' },
                { value: 'clean', label: 'Clean' },
                { value: 'held', label: 'Held for review' },
                { value: 'spam', label: 'Spam' },
              ]}
            />
          </div>
          <Button
            onClick={() => {
              setStatus('all');
              setScreening('all');
              setFrom(null);
              setTo(null);
            }}
          >
            Clear
          </Button>
          <ExportButton primary onExport={exportCsv} />
        </Space>
      </Card>
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
