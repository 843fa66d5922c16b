import {
  CONTACT_PRIORITIES,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  type ContactPriority,
  type ContactStatus,
  type ContactSubmission,
  type ContactUpdate,
  RESPONSE_NOTES_MAX,
} from '@kw/contact/contract';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { capital } from './display.ts';

interface EditValues {
  status: ContactStatus;
  priority: ContactPriority;
  processed: boolean;
  responseNotes: string;
}

/** 'Edit Contact Submission': status, priority, processed and the response notes. */
export function EditSubmissionDialog({
  submission,
  saving,
  onSave,
  onClose,
}: {
  submission: ContactSubmission | null;
  saving: boolean;
  /** Resolves true once saved. */
  onSave(s: ContactSubmission, changes: ContactUpdate): Promise<boolean>;
  onClose(): void;
}) {
  const [form] = Form.useForm<EditValues>();
  // The form mounts with the dialog: fill it once it is there.
  useEffect(() => {
    if (submission)
      form.setFieldsValue({
        status: submission.status,
        priority: submission.priority,
        processed: submission.processed,
        responseNotes: submission.responseNotes ?? '',
      });
  }, [submission, form]);

  async function save() {
    if (!submission) return;
    const values = await form.validateFields();
    const saved = await onSave(submission, {
      status: values.status,
      priority: values.priority,
      processed: values.processed,
      responseNotes: values.responseNotes.trim() || null,
      ...(values.status === 'responded' && submission.status !== 'responded'
        ? { respondedAt: new Date().toISOString() }
        : {}),
    });
    if (saved) onClose();
  }

  return (
    <Modal
      open={submission !== null}
      title="Edit Contact Submission"
      onCancel={onClose}
      onOk={save}
      okText="Save"
      confirmLoading={saving}
    >
      <Form form={form} layout="vertical">
        <Form.Item label="Status" name="status">
          <Select
            options={CONTACT_STATUSES.map((v) => ({ value: v, label: CONTACT_STATUS_LABELS[v] }))}
          />
        </Form.Item>
        <Form.Item label="Priority" name="priority">
          <Select options={CONTACT_PRIORITIES.map((v) => ({ value: v, label: capital(v) }))} />
        </Form.Item>
        <Form.Item name="processed" valuePropName="checked">
          <Checkbox>Processed</Checkbox>
        </Form.Item>
        <Form.Item
          label="Response Notes"
          name="responseNotes"
          rules={[
            {
              max: RESPONSE_NOTES_MAX,
              message: `Response notes must be at most ${RESPONSE_NOTES_MAX} characters`,
            },
          ]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
