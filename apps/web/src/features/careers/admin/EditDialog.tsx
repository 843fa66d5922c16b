import { App, Button, Dropdown, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { serverMessage } from '../../../api/api.ts';
import { sameValues } from '../../../shared/admin/drafts.ts';
import { useNotified } from '../../../shared/admin/notify.tsx';
import { confirmDiscard } from '../../../shared/admin/useEditorDraft.tsx';

/**
 * The Job Manager's add/edit dialogs (admin.md §2, §5): the form is filled on opening (the item's
 * values, or the defaults), and saving says 'Job Created', 'Failed to Update Job Category' ….
 * Closing it (Cancel, ×, Escape, a click outside) with changes asks first, as the editors do.
 */
export function useEditDialog<V, T extends { id: string }>(
  form: FormInstance<V>,
  options: {
    open: boolean;
    item: T | null;
    valuesOf(item: T): V;
    defaults: V;
    /** 'Job', 'Job Category': in the notifications. */
    noun: string;
    create(values: V): Promise<unknown>;
    update(item: T, values: V): Promise<unknown>;
    onClose(): void;
  },
) {
  const { open, item } = options;
  const notified = useNotified();
  const { modal } = App.useApp();
  // The values as filled: what the form holds is unsaved work when it differs from them.
  const filled = useRef<unknown>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled when it opens or its item changes
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue((item ? options.valuesOf(item) : options.defaults) as never);
    filled.current = form.getFieldsValue(true);
  }, [open, item, form]);

  function onCancel() {
    if (sameValues(form.getFieldsValue(true), filled.current)) options.onClose();
    else confirmDiscard(modal, options.noun.toLowerCase(), { discard: options.onClose });
  }

  async function onFinish(values: V) {
    const [done, failed] = item ? ['Updated', 'Update'] : ['Created', 'Create'];
    const saved = await notified(
      () => (item ? options.update(item, values) : options.create(values)),
      { title: `${options.noun} ${done}` },
      (error) => ({
        title: `Failed to ${failed} ${options.noun}`,
        description: serverMessage(error),
      }),
    );
    if (saved) options.onClose();
  }

  return { onFinish, onCancel };
}

/** 'Add Category' / 'Edit Category', 'Create Category' / 'Update Category' …. */
export function EditDialog(props: {
  open: boolean;
  editing: boolean;
  /** 'Category', 'Job'. */
  label: string;
  saving: boolean;
  width?: number;
  onSave(): void;
  /** Cancel, ×, Escape or a click outside: useEditDialog's onCancel, which asks when changed. */
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={props.open}
      title={props.editing ? `Edit ${props.label}` : `Add ${props.label}`}
      okText={props.editing ? `Update ${props.label}` : `Create ${props.label}`}
      onOk={props.onSave}
      onCancel={props.onClose}
      confirmLoading={props.saving}
      {...(props.width ? { width: props.width } : {})}
      destroyOnHidden
      // Rendered with the form as it opens (its effect fills the form), but not while closed:
      // a closed dialog rendered anyway stays on antd's stack of dialogs Escape closes, and the
      // Job Manager's Escape went to its closed category dialog, which asked about changes.
      forceRender={props.open}
    >
      {props.children}
    </Modal>
  );
}

/** A card's '...' menu: Edit, and Delete in red. */
export function EditDeleteMenu(props: { label: string; onEdit(): void; onDelete(): void }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'edit', label: 'Edit' },
          { key: 'delete', label: 'Delete', danger: true },
        ],
        onClick: ({ key }) => (key === 'edit' ? props.onEdit() : props.onDelete()),
      }}
    >
      <Button aria-label={props.label}>...</Button>
    </Dropdown>
  );
}
