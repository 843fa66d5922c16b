import {
  APPLICATION_SPAM_MESSAGES,
  APPLICATION_STATUS_SUCCESS,
  type ApplicationStatus,
  type JobApplication,
} from '@kw/careers/contract';
import { App } from 'antd';
import { serverMessage } from '../../../api/api.ts';
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

/** Status changes, the spam verdict and deletion, with the confirmations and messages of admin.md §4, §5, §8. */
export function useApplicationActions() {
  const { modal, notification } = App.useApp();
  const [setStatus] = useSetApplicationStatusMutation();
  const [remove] = useDeleteJobApplicationMutation();
  const [setSpam] = useSetApplicationSpamMutation();

  /** Flags an application by hand, or reverses a flag (a false positive of the intake checks). */
  async function toggleSpam(application: JobApplication) {
    const isSpam = !application.isSpam;
    try {
      await setSpam({ id: application.id, isSpam }).unwrap();
      notification.success({
        title: isSpam ? APPLICATION_SPAM_MESSAGES.marked : APPLICATION_SPAM_MESSAGES.unmarked,
      });
    } catch (error) {
      notification.error({
        title: 'Error',
        description: `${isSpam ? APPLICATION_SPAM_MESSAGES.markFailed : APPLICATION_SPAM_MESSAGES.unmarkFailed}: ${serverMessage(error)}`,
      });
    }
  }

  async function change(application: JobApplication, status: Settable) {
    try {
      await setStatus({ id: application.id, status }).unwrap();
      notification.success({
        title: 'Application Status Updated',
        description: APPLICATION_STATUS_SUCCESS[status],
      });
    } catch (error) {
      notification.error({
        title: 'Failed to Update Application Status',
        description: serverMessage(error),
      });
    }
  }

  function changeStatus(application: JobApplication, status: Settable) {
    if (status !== 'rejected') return change(application, status);
    modal.confirm({
      title: 'Reject this application?',
      content: `A rejection email will be sent to ${application.firstName} ${application.lastName} (${application.email}).`,
      okText: 'Reject',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => change(application, status),
    });
  }

  function deleteApplication(application: JobApplication, onDeleted?: () => void) {
    modal.confirm({
      title: 'Are you sure you want to delete this application?',
      content: `The application of ${application.firstName} ${application.lastName} and their resume will be removed.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      async onOk() {
        try {
          await remove(application.id).unwrap();
          notification.success({ title: 'Application Deleted' });
          onDeleted?.();
        } catch (error) {
          notification.error({
            title: 'Failed to Delete Application',
            description: serverMessage(error),
          });
        }
      },
    });
  }

  return { changeStatus, deleteApplication, toggleSpam };
}
