import { Alert, App, Button, Form, type FormInstance, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { isStaleEdit, serverMessageOf, showFieldErrors } from './serverErrors.ts';

// What the blog post and case study editors share (admin.md §2, §4, §8): the form with its
// heading and actions, the slug that follows a new item's title, the banner of a stale edit, the
// formatting toolbar with its upload, and what a failed save shows.

/**
 * Saves the form: success says so and closes the editor; a stale version shows the banner; a
 * taken slug goes under the slug field, other field errors under theirs; anything else is the
 * failure notification.
 */
export function useEditorSave(
  form: FormInstance,
  editing: boolean,
  messages: { created: string; updated: string; failed: string },
  onDone: () => void,
) {
  const { notification } = App.useApp();
  const [stale, setStale] = useState(false);
  async function save(send: () => Promise<unknown>) {
    try {
      await send();
      notification.success({
        title: 'Success!',
        description: editing ? messages.updated : messages.created,
      });
      onDone();
    } catch (error) {
      if (isStaleEdit(error)) setStale(true);
      else if ((error as { status?: number }).status === 409)
        form.setFields([
          { name: 'slug', errors: [serverMessageOf(error) ?? 'Slug already in use'] },
        ]);
      else if (!showFieldErrors(form, error)) notification.error({ title: messages.failed });
    }
  }
  return { stale, save };
}

export function EditorForm<V extends { title: string }>(props: {
  form: FormInstance<V>;
  initialValues: V;
  onFinish(values: V): void;
  /** For a new item: its slug follows its title (admin.md §4). */
  slugOf?: ((title: string) => string) | undefined;
  heading: string;
  actions: ReactNode;
  stale: { show: boolean; title: string; description: string; onReload(): void };
  children: ReactNode;
}) {
  const { form, stale } = props;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={props.initialValues}
      onFinish={props.onFinish}
      onValuesChange={(changed: Partial<V>) => {
        if (props.slugOf && changed.title !== undefined)
          (form as FormInstance).setFieldValue('slug', props.slugOf(changed.title));
      }}
    >
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {props.heading}
        </Typography.Title>
        {props.actions}
      </Space>
      {stale.show && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={stale.title}
          description={stale.description}
          action={
            <Button size="small" onClick={stale.onReload}>
              Reload
            </Button>
          }
        />
      )}
      {props.children}
    </Form>
  );
}

/**
 * Changes the content field at the selection (or the cursor): `change` gets the selected text;
 * with `linePrefix` the selection starts at its line's beginning. The form stays in step.
 */
export function useContentEdit(form: FormInstance): {
  textarea: RefObject<TextAreaRef | null>;
  edit(change: (selected: string) => string, linePrefix?: boolean): void;
} {
  const textarea = useRef<TextAreaRef>(null);
  return {
    textarea,
    edit(change, linePrefix = false) {
      const el = textarea.current?.resizableTextArea?.textArea;
      const value: string = form.getFieldValue('content') ?? '';
      const start = el?.selectionStart ?? value.length;
      const end = el?.selectionEnd ?? value.length;
      const from = linePrefix ? value.lastIndexOf('\n', start - 1) + 1 : start;
      form.setFieldValue(
        'content',
        value.slice(0, from) + change(value.slice(from, end)) + value.slice(end),
      );
      requestAnimationFrame(() => el?.focus());
    },
  };
}

/** The formatting toolbar: its buttons, then the upload button with its hidden file input. */
export function FormattingToolbar(props: {
  tools: { label: ReactNode; apply(): void }[];
  upload: { label: string; inputLabel: string; accept: string; send(file: File): Promise<void> };
}) {
  const { upload } = props;
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  async function send(file: File) {
    setUploading(true);
    try {
      await upload.send(file);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }
  return (
    <Space wrap style={{ marginBottom: 8 }} role="toolbar" aria-label="Formatting">
      {props.tools.map((tool, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of buttons
        <Button key={i} size="small" onClick={tool.apply}>
          {tool.label}
        </Button>
      ))}
      <Button size="small" loading={uploading} onClick={() => input.current?.click()}>
        {upload.label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={upload.accept}
        style={{ display: 'none' }}
        aria-label={upload.inputLabel}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) send(file);
        }}
      />
    </Space>
  );
}
