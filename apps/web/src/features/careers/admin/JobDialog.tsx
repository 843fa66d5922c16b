import {
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
  type Job,
  type JobCategory,
  type JobInput,
  jobInputSchema,
} from '@kw/careers/contract';
import { App, Col, Form, Input, Modal, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { serverMessage } from '../../../api/api.ts';
import { zodRule } from '../../../shared/admin/zodRule.ts';
import { useCreateJobMutation, useUpdateJobMutation } from '../api.ts';
import { DescriptionEditor } from './DescriptionEditor.tsx';

type Values = Required<JobInput>;

const DEFAULTS: Omit<Values, 'categoryId'> & { categoryId: string | undefined } = {
  title: '',
  description: '',
  categoryId: undefined,
  location: '',
  employmentType: 'full-time',
  salaryRange: '',
  experienceLevel: 'mid',
  requirements: '',
  responsibilities: '',
  benefits: '',
  isPublished: false,
  isActive: true,
};

const shape = jobInputSchema.shape;

/** 'Add Job' / edit (admin.md §2, §5): defaults full-time, mid, published off, active on. */
export function JobDialog({
  open,
  job,
  categories,
  onClose,
}: {
  open: boolean;
  job: Job | null;
  categories: JobCategory[];
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const { notification } = App.useApp();
  const [create, creating] = useCreateJobMutation();
  const [update, updating] = useUpdateJobMutation();
  const editing = job !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      job
        ? {
            title: job.title,
            description: job.description,
            categoryId: job.categoryId ?? undefined,
            location: job.location,
            employmentType: job.employmentType,
            salaryRange: job.salaryRange,
            experienceLevel: job.experienceLevel,
            requirements: job.requirements,
            responsibilities: job.responsibilities,
            benefits: job.benefits,
            isPublished: job.isPublished,
            isActive: job.isActive,
          }
        : (DEFAULTS as Values),
    );
  }, [open, job, form]);

  async function onFinish(values: Values) {
    try {
      if (job) await update({ id: job.id, ...values }).unwrap();
      else await create(values).unwrap();
      notification.success({ title: editing ? 'Job Updated' : 'Job Created' });
      onClose();
    } catch (error) {
      notification.error({
        title: editing ? 'Failed to Update Job' : 'Failed to Create Job',
        description: serverMessage(error),
      });
    }
  }

  return (
    <Modal
      open={open}
      title={editing ? 'Edit Job' : 'Add Job'}
      okText={editing ? 'Update Job' : 'Create Job'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={creating.isLoading || updating.isLoading}
      width={960}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish} name="job" validateTrigger="onSubmit">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Title" name="title" rules={[zodRule(shape.title)]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Category" name="categoryId" rules={[zodRule(shape.categoryId)]}>
              <Select
                placeholder="Select a category"
                options={categories.map((c) => ({
                  value: c.id,
                  label: c.isActive ? c.name : `${c.name} (inactive)`,
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Description" name="description" rules={[zodRule(shape.description)]}>
          <DescriptionEditor />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Location" name="location">
              <Input placeholder="Cambridge, ON" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Salary Range" name="salaryRange">
              <Input placeholder="$80,000 - $100,000" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Employment Type" name="employmentType">
              <Select
                options={EMPLOYMENT_TYPES.map((t) => ({
                  value: t,
                  label: EMPLOYMENT_TYPE_LABELS[t],
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Experience Level" name="experienceLevel">
              <Select
                options={EXPERIENCE_LEVELS.map((l) => ({
                  value: l,
                  label: EXPERIENCE_LEVEL_LABELS[l],
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Requirements" name="requirements">
          <Input.TextArea rows={5} />
        </Form.Item>
        <Form.Item label="Responsibilities" name="responsibilities">
          <Input.TextArea rows={5} />
        </Form.Item>
        <Form.Item label="Benefits" name="benefits">
          <Input.TextArea rows={3} />
        </Form.Item>
        <Row gutter={16}>
          <Col>
            <Form.Item label="Published" name="isPublished" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col>
            <Form.Item label="Active" name="isActive" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
