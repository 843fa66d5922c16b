import type { NewsletterSubscription } from '@kw/newsletter/contract';
import { Button, Select, Space, Switch } from 'antd';
import { useMemo, useState } from 'react';
import type { BulkAction } from '../../../shared/admin/BulkActions.tsx';
import { ExportButton } from '../../../shared/admin/ExportButton.tsx';
import { useConfirmedDelete, useNotified } from '../../../shared/admin/notify.tsx';
import {
  locationOf,
  matchesSpam,
  receivedColumn,
  SearchFilter,
  SpamFilter,
  type SpamFilterValue,
  SpamTag,
  SubmissionsFrame,
  useFilters,
} from '../../../shared/admin/SubmissionsFrame.tsx';
import { HistoryButton } from '../../activity/admin/HistoryDrawer.tsx';
import {
  useBulkSubscriptionsMutation,
  useDeleteSubscriptionMutation,
  useExportSubscriptionsMutation,
  useListSubscriptionsQuery,
  useMarkSubscriptionSpamMutation,
  useUnmarkSubscriptionSpamMutation,
} from '../api.ts';
import { MarkSpamDialog } from './MarkSpamDialog.tsx';
import { NewsletterStats } from './NewsletterStats.tsx';
import { nameOf, StatusTag, SubscriptionDetails } from './SubscriptionDetails.tsx';

interface Filters {
  search: string;
  status: 'all' | 'active' | 'pending' | 'unsubscribed';
  spam: SpamFilterValue;
}

export function matchesSubscription(s: NewsletterSubscription, f: Filters): boolean {
  const q = f.search.trim().toLowerCase();
  if (q && ![s.email, nameOf(s), s.ipAddress ?? ''].some((v) => v.toLowerCase().includes(q)))
    return false;
  if (f.status !== 'all' && s.status !== f.status) return false;
  return matchesSpam(s.isSpam, f.spam);
}

/** Newsletter Management (admin.md §2): figures, filters, spam verdicts, deletion, export. */
export function NewsletterPage() {
  const notified = useNotified();
  const confirmDelete = useConfirmedDelete();
  const [includeUnsubscribed, setIncludeUnsubscribed] = useState(false);
  const { filters, set } = useFilters<Filters>({ search: '', status: 'all', spam: 'all' });
  const list = useListSubscriptionsQuery(includeUnsubscribed);
  const [markSpam, marking] = useMarkSubscriptionSpamMutation();
  const [unmarkSpam] = useUnmarkSubscriptionSpamMutation();
  const [remove] = useDeleteSubscriptionMutation();
  const [exportAll] = useExportSubscriptionsMutation();
  const [bulk] = useBulkSubscriptionsMutation();
  const [flagging, setFlagging] = useState<NewsletterSubscription | null>(null);
  const all = list.data ?? [];
  const rows = useMemo(() => all.filter((s) => matchesSubscription(s, filters)), [all, filters]);

  async function flag(s: NewsletterSubscription, reason: string) {
    const done = await notified(
      () => markSpam({ id: s.id, reason }).unwrap(),
      { title: 'Subscription marked as spam' },
      { title: 'Error', description: 'Failed to mark as spam' },
    );
    if (done) setFlagging(null);
  }

  const unflag = (s: NewsletterSubscription) =>
    notified(
      () => unmarkSpam(s.id).unwrap(),
      { title: 'Subscription unmarked as spam' },
      { title: 'Error', description: 'Failed to unmark as spam' },
    );

  const askDelete = (s: NewsletterSubscription) =>
    confirmDelete({
      title: 'Delete subscription',
      content: `Are you sure you want to delete the subscription of ${s.email}? This cannot be undone.`,
      remove: () => remove(s.id).unwrap(),
      success: { title: 'Subscription deleted' },
      failure: { title: 'Error', description: 'Failed to delete subscription' },
    });

  const plural = (n: number) => (n === 1 ? '1 subscription' : `${n} subscriptions`);
  const bulkActions: BulkAction[] = [
    {
      label: 'Mark Spam',
      question: (n) => `Mark ${plural(n)} as spam?`,
      content: "The reason recorded is 'Marked as spam'.",
      done: (n) => `${plural(n)} marked as spam`,
      failed: 'Failed to mark as spam',
      run: (ids) => bulk({ action: 'markSpam', reason: 'Marked as spam', ids }).unwrap(),
    },
    {
      label: 'Unmark Spam',
      question: (n) => `Unmark ${plural(n)} as spam?`,
      done: (n) => `${plural(n)} unmarked as spam`,
      failed: 'Failed to unmark as spam',
      run: (ids) => bulk({ action: 'unmarkSpam', ids }).unwrap(),
    },
    {
      label: 'Delete',
      danger: true,
      question: (n) => `Delete ${plural(n)}?`,
      content: 'This cannot be undone.',
      done: (n) => `${plural(n)} deleted`,
      failed: 'Failed to delete subscriptions',
      run: (ids) => bulk({ action: 'delete', ids }).unwrap(),
    },
  ];

  const filterFields = (
    <>
      <SearchFilter
        label="Search subscriptions"
        placeholder="Search email, name or IP"
        width={280}
        value={filters.search}
        onChange={(search) => set({ search })}
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
          { value: 'pending', label: 'Pending confirmation' },
          { value: 'unsubscribed', label: 'Unsubscribed' },
        ]}
      />
      <SpamFilter value={filters.spam} onChange={(spam) => set({ spam })} />
      <Space>
        <Switch
          checked={includeUnsubscribed}
          onChange={setIncludeUnsubscribed}
          aria-label="Include Unsubscribed"
        />
        <span>Include Unsubscribed</span>
      </Space>
      <ExportButton
        onExport={async () => {
          await exportAll().unwrap();
          return { title: 'Export completed' };
        }}
      />
    </>
  );

  return (
    <SubmissionsFrame<NewsletterSubscription>
      title="Newsletter Management"
      header={<NewsletterStats />}
      list={list}
      loadError="Failed to fetch subscriptions"
      filters={filterFields}
      noun="subscriptions"
      rows={rows}
      empty={{
        none: 'No subscriptions yet',
        noMatch: 'No subscriptions match the current filters.',
      }}
      pageSize={25}
      bulk={bulkActions}
      details={{ title: 'Subscription Details', render: (s) => <SubscriptionDetails s={s} /> }}
      columns={[
        {
          title: 'Email',
          dataIndex: 'email',
          render: (email: string, s) => (
            <>
              {email} <SpamTag isSpam={s.isSpam} />
            </>
          ),
        },
        { title: 'Name', key: 'name', render: (_, s) => nameOf(s) || '—' },
        { title: 'Status', key: 'status', render: (_, s) => <StatusTag s={s} /> },
        { title: 'Source', dataIndex: 'source', render: (v: string) => v || 'website' },
        { title: 'Device', dataIndex: 'deviceType', render: (v: string | null) => v ?? '—' },
        { title: 'Location', key: 'location', render: (_, s) => locationOf(s) },
        receivedColumn('Created'),
      ]}
      actions={(s) => (
        <>
          <HistoryButton kind="subscriber" id={s.id} title={s.email} />
          {s.isSpam ? (
            <Button size="small" onClick={() => unflag(s)}>
              Unmark Spam
            </Button>
          ) : (
            <Button size="small" onClick={() => setFlagging(s)}>
              Mark Spam
            </Button>
          )}
          <Button size="small" danger onClick={() => askDelete(s)}>
            Delete
          </Button>
        </>
      )}
    >
      <MarkSpamDialog
        subscription={flagging}
        saving={marking.isLoading}
        onMark={flag}
        onClose={() => setFlagging(null)}
      />
    </SubmissionsFrame>
  );
}
