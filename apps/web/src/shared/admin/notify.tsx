import { App } from 'antd';

type Notice = Parameters<ReturnType<typeof App.useApp>['notification']['success']>[0];

/**
 * A call with its outcome told (admin.md §8): the success notification, or the failure's (the
 * failure may read the error for the server's message). Resolves true when the call succeeded.
 */
export function useNotified() {
  const { notification } = App.useApp();
  return async (
    run: () => Promise<unknown>,
    success: Notice,
    failure: Notice | ((error: unknown) => Notice),
  ): Promise<boolean> => {
    try {
      await run();
      notification.success(success);
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
  }) =>
    modal.confirm({
      title: confirm.title,
      content: confirm.content,
      okText: 'Delete',
      okButtonProps: { danger: true },
      ...(confirm.cancelText ? { cancelText: confirm.cancelText } : {}),
      async onOk() {
        await notified(confirm.remove, confirm.success, confirm.failure);
      },
    });
}

export type { Notice };
