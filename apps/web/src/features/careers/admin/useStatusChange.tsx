import {
  APPLICATION_SPAM_MESSAGES,
  APPLICATION_STATUS_SUCCESS,
  type ApplicationStatus,
  type JobApplication,
} from '@kw/careers/contract';
import { App } from 'antd';
import { serverMessage } from '../../../api/api.ts';
import { useConfirmedDelete, useNotified } from '../../../shared/admin/notify.tsx';
import {
  useDeleteJobApplicationMutation,
  useSetApplicationSpamMutation,
  useSetApplicationStatusMutation,
} from '../api.ts';

type Settable = Exclude<ApplicationStatus, 'new'>;

export const STATUS_ACTIONS: { status: Settable; label: string; danger?: boolean }[] = [
  { status: 'reviewing', label: 'Mark as Reviewing' },
  { status: 'interview', label: 'Move to Interview' },
  { status: 'hired', label: 'Mark as Hired' },
  { status: 'rejected', label: 'Reject', danger: true },
];

/** Status changes, the spam verdict, release from review and deletion, with the confirmations and messages of admin.md §4, §5, §8. */
export function useApplicationActions() {
  const { modal } = App.useApp();
  const notified = useNotified();
  const confirmDelete = useConfirmedDelete();
  const [setStatus] = useSetApplicationStatusMutation();
  const [remove] = useDeleteJobApplicationMutation();
  const [setSpam] = useSetApplicationSpamMutation();
  const failed = (title: string) => (error: unknown) => ({
    title,
    description: serverMessage(error),
  });

  /** Flags an application by hand, or reverses a flag (a false positive of the intake checks). */
  function toggleSpam(application: JobApplication) {
    const isSpam = !application.isSpam;
    const messages = APPLICATION_SPAM_MESSAGES;
    return notified(
      () => setSpam({ id: application.id, isSpam }).unwrap(),
      { title: isSpam ? messages.marked : messages.unmarked },
      (error) => ({
        title: 'Error',
        description: `${isSpam ? messages.markFailed : messages.unmarkFailed}: ${serverMessage(error)}`,
      }),
    );
  }

  /** 'Not spam' on one held for review: released, its e-mails go out. */
  const release = (application: JobApplication) =>
    notified(
      () => setSpam({ id: application.id, isSpam: false }).unwrap(),
      { title: APPLICATION_SPAM_MESSAGES.released },
      (error) => ({
        title: 'Error',
        description: `${APPLICATION_SPAM_MESSAGES.releaseFailed}: ${serverMessage(error)}`,
      }),
    );

  const change = (application: JobApplication, status: Settable) =>
    notified(
      () => setStatus({ id: application.id, status }).unwrap(),
      { title: 'Application Status Updated', description: APPLICATION_STATUS_SUCCESS[status] },
      failed('Failed to Update Application Status'),
    );

  /** `afterClose`: once the rejection's confirmation has closed (and given the focus back). */
  function changeStatus(application: JobApplication, status: Settable, afterClose?: () => void) {
    if (status !== 'rejected') return change(application, status);
    modal.confirm({
      ...(afterClose ? { afterClose } : {}),
      title: 'Reject this application?',
      content: `A rejection email will be sent to ${application.firstName} ${application.lastName} (${application.email}).`,
      okText: 'Reject',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => change(application, status),
    });
  }

  const deleteApplication = (application: JobApplication, onDeleted?: () => void) =>
    confirmDelete({
      title: 'Are you sure you want to delete this application?',
      content: `The application of ${application.firstName} ${application.lastName} and their resume will be removed.`,
      cancelText: 'Cancel',
      remove: () => remove(application.id).unwrap(),
      success: { title: 'Application Deleted' },
      failure: failed('Failed to Delete Application'),
      ...(onDeleted ? { onDeleted } : {}),
    });

  return { changeStatus, deleteApplication, toggleSpam, release };
}
