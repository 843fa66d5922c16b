import { APPLICATION_STATUS_LABELS } from '@kw/careers/contract';
import type { BulkAction } from '../../../shared/admin/BulkActions.tsx';
import type { useBulkApplicationsMutation } from '../api.ts';
import { STATUS_ACTIONS } from './useStatusChange.tsx';

type Bulk = ReturnType<typeof useBulkApplicationsMutation>[0];

/** What the administrator can do to the applications ticked in the list, at once. */
export function applicationBulkActions(bulk: Bulk): BulkAction[] {
  const plural = (n: number) => (n === 1 ? '1 application' : `${n} applications`);
  return [
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
}
