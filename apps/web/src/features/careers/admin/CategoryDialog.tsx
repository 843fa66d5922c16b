import { type JobCategory, jobCategoryInputSchema } from '@kw/careers/contract';
import { App, Form, Input, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { serverMessage } from '../../../api/api.ts';
import { zodRule } from '../../../shared/admin/zodRule.ts';
import { useCreateJobCategoryMutation, useUpdateJobCategoryMutation } from '../api.ts';

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
  const { notification } = App.useApp();
  const [create, creating] = useCreateJobCategoryMutation();
  const [update, updating] = useUpdateJobCategoryMutation();
  const editing = category !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      category
        ? { name: category.name, description: category.description, isActive: category.isActive }
        : { name: '', description: '', isActive: true },
    );
  }, [open, category, form]);

  async function onFinish(values: Values) {
    try {
      if (category) await update({ id: category.id, ...values }).unwrap();
      else await create(values).unwrap();
      notification.success({ title: editing ? 'Job Category Updated' : 'Job Category Created' });
      onClose();
    } catch (error) {
      notification.error({
        title: editing ? 'Failed to Update Job Category' : 'Failed to Create Job Category',
        description: serverMessage(error),
      });
    }
  }

  return (
    <Modal
      open={open}
      title={editing ? 'Edit Category' : 'Add Category'}
      okText={editing ? 'Update Category' : 'Create Category'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={creating.isLoading || updating.isLoading}
      destroyOnHidden
      forceRender
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
    </Modal>
  );
}
