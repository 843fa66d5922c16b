import type { NewsletterSubscription } from '@kw/newsletter/contract';
import { Input, Modal } from 'antd';
import { useState } from 'react';

/** 'Mark as Spam': the reason is required. */
export function MarkSpamDialog({
  subscription,
  saving,
  onMark,
  onClose,
}: {
  subscription: NewsletterSubscription | null;
  saving: boolean;
  onMark(s: NewsletterSubscription, reason: string): void;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  // Each opening starts with an empty reason (set while rendering, so no old reason flashes).
  const [openedFor, setOpenedFor] = useState(subscription);
  if (subscription !== openedFor) {
    setOpenedFor(subscription);
    if (subscription) setReason('');
  }
  return (
    <Modal
      open={subscription !== null}
      title="Mark as Spam"
      okText="Mark as Spam"
      okButtonProps={{ danger: true, disabled: !reason.trim() }}
      confirmLoading={saving}
      onOk={() => {
        if (subscription && reason.trim()) onMark(subscription, reason.trim());
      }}
      onCancel={onClose}
    >
      <p>Why is {subscription?.email} spam?</p>
      <Input.TextArea
        aria-label="Reason"
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder="For example: disposable address, bot sign-up"
      />
    </Modal>
  );
}
