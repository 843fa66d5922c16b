import { CONTACT_STATUS_LABELS, CONTACT_STATUSES } from '@kw/contact/contract';
import type { BulkAction } from '../../../shared/admin/BulkActions.tsx';
import type { useBulkContactSubmissionsMutation } from '../api.ts';

type Bulk = ReturnType<typeof useBulkContactSubmissionsMutation>[0];

/** What the administrator can do to the submissions ticked in the list, at once (admin.md §2). */
export function contactBulkActions(bulk: Bulk): BulkAction[] {
  const plural = (n: number) => (n === 1 ? '1 submission' : `${n} submissions`);
  return [
    {
      label: 'Mark Processed',
      question: (n) => `Mark ${plural(n)} as processed?`,
      content: 'Each is marked processed, with status Responded.',
      done: (n) => `${plural(n)} marked as processed`,
      failed: 'Failed to update contact submissions',
      run: (ids) => bulk({ action: 'markProcessed', ids }).unwrap(),
    },
    {
      label: 'Mark Spam',
      question: (n) => `Mark ${plural(n)} as spam?`,
      done: (n) => `${plural(n)} marked as spam`,
      failed: 'Failed to update contact submissions',
      run: (ids) => bulk({ action: 'markSpam', ids }).unwrap(),
    },
    ...CONTACT_STATUSES.map(
      (status): BulkAction => ({
        label: `Status: ${CONTACT_STATUS_LABELS[status]}`,
        question: (n) => `Set the status of ${plural(n)} to ${CONTACT_STATUS_LABELS[status]}?`,
        done: (n) => `${plural(n)} set to ${CONTACT_STATUS_LABELS[status]}`,
        failed: 'Failed to update contact submissions',
        run: (ids) => bulk({ action: 'setStatus', status, ids }).unwrap(),
      }),
    ),
    {
      label: 'Delete',
      danger: true,
      question: (n) => `Delete ${plural(n)}?`,
      content: 'This cannot be undone.',
      done: (n) => `${plural(n)} deleted`,
      failed: 'Failed to delete contact submissions',
      run: (ids) => bulk({ action: 'delete', ids }).unwrap(),
    },
  ];
}
