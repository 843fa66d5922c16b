import {
  CONTACT_STATUS_LABELS,
  type ContactPriority,
  type ContactStatus,
  type ContactSubmission,
  type ContactUpdate,
  MARKED_AS_SPAM_REASON,
} from '@kw/contact/contract';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ExportButton } from '../../../shared/admin/ExportButton.tsx';
import { useConfirmedDelete, useNotified } from '../../../shared/admin/notify.tsx';
import {
  locationOf,
  receivedColumn,
  SpamTag,
  SubmissionsFrame,
  useFilters,
} from '../../../shared/admin/SubmissionsFrame.tsx';
import { HistoryButton } from '../../activity/admin/HistoryDrawer.tsx';
import {
  useBulkContactSubmissionsMutation,
  useDeleteContactSubmissionMutation,
  useExportContactSubmissionsMutation,
  useListContactSubmissionsQuery,
  useUpdateContactSubmissionMutation,
} from '../api.ts';
import { ContactAnalytics } from './ContactAnalytics.tsx';
import { ContactDetails } from './ContactDetails.tsx';
import { ContactFilters, filtersFromSearch, matches, NO_FILTERS } from './ContactFilters.tsx';
import { contactBulkActions } from './contactBulkActions.ts';
import { capital, fullName, PRIORITY_COLORS, STATUS_COLORS, serviceLabel } from './display.ts';
import { EditSubmissionDialog } from './EditSubmissionDialog.tsx';

/** A submission held for review: the tag, its reason on hover. */
function HeldTag({ s }: { s: ContactSubmission }) {
  if (!s.held) return null;
  return (
    <Tooltip title={s.heldReason ?? 'Held for review'}>
      <Tag color="gold">HELD FOR REVIEW</Tag>
    </Tooltip>
  );
}

/**
 * Contact Submissions (admin.md §2): filter, view, edit, mark, delete and export; release the
 * ones held for review.
 */
export function ContactSubmissionsPage() {
  const notified = useNotified();
  const confirmDelete = useConfirmedDelete();
  const list = useListContactSubmissionsQuery();
  const [update, updating] = useUpdateContactSubmissionMutation();
  const [remove] = useDeleteContactSubmissionMutation();
  const [exportList] = useExportContactSubmissionsMutation();
  const [bulk] = useBulkContactSubmissionsMutation();
  const { filters, set, clear } = useFilters(NO_FILTERS);
  // A link may open the page filtered: `?spam=held` (the dashboard's held-for-review line).
  const [search] = useSearchParams();
  const linked = search.has('spam') ? filtersFromSearch(search).spam : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied when the link changes (`set` is new on every render)
  useEffect(() => {
    if (linked) set({ spam: linked });
  }, [linked]);
  const [showAnalytics, setShowAnalytics] = useState(false);
  const [editing, setEditing] = useState<ContactSubmission | null>(null);
  const all = list.data ?? [];
  const rows = useMemo(() => all.filter((s) => matches(s, filters)), [all, filters]);

  const change = (s: ContactSubmission, changes: ContactUpdate) =>
    notified(
      () => update({ id: s.id, changes }).unwrap(),
      { title: 'Contact submission updated successfully' },
      { title: 'Error', description: 'Failed to update contact submission' },
    );

  const askDelete = (s: ContactSubmission) =>
    confirmDelete({
      title: 'Delete contact submission',
      content: `Are you sure you want to delete the submission from ${fullName(s)}? This cannot be undone.`,
      remove: () => remove(s.id).unwrap(),
      success: { title: 'Contact submission deleted successfully' },
      failure: { title: 'Error', description: 'Failed to delete contact submission' },
    });

  const bulkActions = contactBulkActions(bulk);

  const toolbar = (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => setShowAnalytics((v) => !v)} aria-pressed={showAnalytics}>
          {showAnalytics ? 'Hide Analytics' : 'Show Analytics'}
        </Button>
        <ExportButton
          disabled={rows.length === 0}
          onExport={async () => {
            await exportList(rows.map((s) => s.id)).unwrap();
            return { title: 'Export completed' };
          }}
        />
        <Button onClick={() => list.refetch()} loading={list.isFetching}>
          Refresh
        </Button>
      </Space>
      {showAnalytics && <ContactAnalytics />}
    </>
  );

  return (
    <SubmissionsFrame<ContactSubmission>
      title="Contact Submissions"
      toolbar={toolbar}
      list={list}
      loadError="Failed to fetch contact submissions"
      filtersTitle="Filters"
      filters={<ContactFilters filters={filters} set={set} clear={clear} />}
      noun="submissions"
      rows={rows}
      empty={{
        none: 'No contact submissions yet',
        noMatch: 'No submissions match the current filters.',
      }}
      pageSize={20}
      bulk={bulkActions}
      details={{ title: 'Contact Submission Details', render: (s) => <ContactDetails s={s} /> }}
      columns={[
        {
          title: 'Contact',
          key: 'contact',
          render: (_, s) => (
            <>
              <div style={{ fontWeight: 600 }}>
                {fullName(s)} <SpamTag isSpam={s.isSpam} /> <HeldTag s={s} />
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
        { title: 'Location', key: 'location', render: (_, s) => locationOf(s) },
        {
          title: 'Device',
          dataIndex: 'deviceType',
          render: (value: string, s) => (
            <span data-testid={`device-${s.id}`}>{s.enrichedAt ? value : 'pending'}</span>
          ),
        },
        receivedColumn('Date'),
      ]}
      actions={(s) => (
        <>
          <HistoryButton kind="contact" id={s.id} title={`${s.firstName} ${s.lastName}`} />
          <Button size="small" onClick={() => setEditing(s)}>
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
          {s.held && (
            <Tooltip title="Not spam: it becomes an enquiry, and you are e-mailed about it">
              <Button
                size="small"
                type="primary"
                onClick={() =>
                  notified(
                    () => update({ id: s.id, changes: { isSpam: false } }).unwrap(),
                    { title: 'Submission released' },
                    { title: 'Error', description: 'Failed to release the submission' },
                  )
                }
              >
                Release
              </Button>
            </Tooltip>
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
          <Button size="small" danger onClick={() => askDelete(s)}>
            Delete
          </Button>
        </>
      )}
    >
      <EditSubmissionDialog
        submission={editing}
        saving={updating.isLoading}
        onSave={change}
        onClose={() => setEditing(null)}
      />
    </SubmissionsFrame>
  );
}
