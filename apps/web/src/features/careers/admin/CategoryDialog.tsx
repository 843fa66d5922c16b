import { type JobCategory, jobCategoryInputSchema } from '@kw/careers/contract';
import { Form, Input, Switch } from 'antd';
import { zodRule } from '../../../shared/admin/zodRule.ts';
import { useCreateJobCategoryMutation, useUpdateJobCategoryMutation } from '../api.ts';
import { EditDialog, useEditDialog } from './EditDialog.tsx';

interface Values {
  name: string;
  description: string;
  isActive: boolean;
}

/** 'Add Category' / edit: name of at least 2 characters, optional description, active by default. */
export function CategoryDialog({
  open,
  category,
  onClose,
}: {
  open: boolean;
  category: JobCategory | null;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const [create, creating] = useCreateJobCategoryMutation();
  const [update, updating] = useUpdateJobCategoryMutation();
  const { onFinish, onCancel } = useEditDialog(form, {
    open,
    item: category,
    valuesOf: (c) => ({ name: c.name, description: c.description, isActive: c.isActive }),
    defaults: { name: '', description: '', isActive: true },
    noun: 'Job Category',
    create: (values) => create(values).unwrap(),
    update: (c, values) => update({ id: c.id, ...values }).unwrap(),
    onClose,
  });

  return (
    <EditDialog
      open={open}
      editing={category !== null}
      label="Category"
      saving={creating.isLoading || updating.isLoading}
      onSave={() => form.submit()}
      onClose={onCancel}
    >
      <Form form={form} layout="vertical" onFinish={onFinish} name="job-category">
        <Form.Item
          label="Name"
          name="name"
          rules={[zodRule(jobCategoryInputSchema.shape.name)]}
          validateTrigger="onSubmit"
        >
          <Input />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item label="Active" name="isActive" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </EditDialog>
  );
}
