import { Alert, App, Button, Form, type FormInstance, Input, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { isStaleEdit, serverMessageOf, showFieldErrors } from './serverErrors.ts';
import type { TextChange } from './textEdit.ts';

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
      const status = (error as { status?: number }).status;
      // The session ended: the sign-in form takes over, and the draft keeps the work.
      if (status === 401 || status === 403) return;
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
  /** The autosaved draft's offer (useEditorDraft). */
  draftBanner?: ReactNode;
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
      {props.draftBanner}
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
  /** Changes the content and its selection at once (textEdit.ts's changes). */
  transform(change: (value: string, start: number, end: number) => TextChange): void;
} {
  const textarea = useRef<TextAreaRef>(null);
  return {
    textarea,
    transform(change) {
      const el = textarea.current?.resizableTextArea?.textArea;
      const value: string = form.getFieldValue('content') ?? '';
      const start = el?.selectionStart ?? value.length;
      const end = el?.selectionEnd ?? value.length;
      const next = change(value, start, end);
      form.setFieldValue('content', next.value);
      requestAnimationFrame(() => {
        el?.focus();
        el?.setSelectionRange(next.start, next.end);
      });
    },
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

/**
 * Asks for an uploaded image's alt text (what it shows, for people who cannot see it): resolves
 * the text (empty for a decorative image), or null when the image is not to be inserted.
 */
export function useAltTextPrompt(): (fileName: string) => Promise<string | null> {
  const { modal } = App.useApp();
  return (fileName) =>
    new Promise((resolve) => {
      let alt = '';
      modal.confirm({
        title: 'Describe the image',
        icon: null,
        content: (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">
              {fileName} is uploaded. Its alt text tells people who cannot see it what it shows
              (leave empty for a purely decorative image).
            </Typography.Text>
            <Input
              aria-label="Alt text"
              autoFocus
              placeholder="e.g. Dashboard showing the weekly deliveries"
              onChange={(e) => {
                alt = e.target.value;
              }}
            />
          </Space>
        ),
        okText: 'Insert image',
        cancelText: 'Do not insert',
        onOk: () => resolve(alt.trim()),
        onCancel: () => resolve(null),
      });
    });
}
