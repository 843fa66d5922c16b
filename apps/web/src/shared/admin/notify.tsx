import { App } from 'antd';
import { serverMessageOf } from './serverErrors.ts';

type Notice = Parameters<ReturnType<typeof App.useApp>['notification']['success']>[0];

/**
 * A call with its outcome told (admin.md §8): the success notification (it may read the call's
 * answer), or the failure's (it may read the error for the server's message). Resolves true
 * when the call succeeded.
 */
export function useNotified() {
  const { notification } = App.useApp();
  return async <R,>(
    run: () => Promise<R>,
    success: Notice | ((result: R) => Notice),
    failure: Notice | ((error: unknown) => Notice),
  ): Promise<boolean> => {
    try {
      const result = await run();
      notification.success(typeof success === 'function' ? success(result) : success);
      return true;
    } catch (error) {
      notification.error(typeof failure === 'function' ? failure(error) : failure);
      return false;
    }
  };
}

/** 'Delete' behind a confirmation, then the outcome told. */
export function useConfirmedDelete() {
  const { modal } = App.useApp();
  const notified = useNotified();
  return (confirm: {
    title: string;
    content: string;
    cancelText?: string;
    remove(): Promise<unknown>;
    success: Notice;
    failure: Notice | ((error: unknown) => Notice);
    /** After the success notification. */
    onDeleted?(): void;
  }) =>
    modal.confirm({
      title: confirm.title,
      content: confirm.content,
      okText: 'Delete',
      okButtonProps: { danger: true },
      ...(confirm.cancelText ? { cancelText: confirm.cancelText } : {}),
      async onOk() {
        if (await notified(confirm.remove, confirm.success, confirm.failure)) confirm.onDeleted?.();
      },
    });
}

export type { Notice };

/** An importer's failure: the server's reason, or the importer's own words. */
export const importFailure =
  (fallback: string) =>
  (error: unknown): Notice => {
    const message = serverMessageOf(error);
    return message ? { title: 'Import failed', description: message } : { title: fallback };
  };
