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
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { fromDateTimeInput, toDateTimeInput } from '../../../shared/admin/dateTimeInput.ts';
import { zodRule } from '../../../shared/admin/zodRule.ts';
import { useCreateJobMutation, useUpdateJobMutation } from '../api.ts';
import { DescriptionEditor } from './DescriptionEditor.tsx';
import { EditDialog, useEditDialog } from './EditDialog.tsx';

type Values = Required<JobInput>;

/**
 * The form's values: no category until one is chosen (the rule then asks for one); the
 * closing date as the datetime-local field has it, in the business's zone ('' for none).
 */
type FormValues = Omit<Values, 'categoryId' | 'applicationsCloseAt'> & {
  categoryId: string | undefined;
  applicationsCloseAt: string;
};

/** What the API is sent: the closing date as an instant, or null. */
const toInput = (values: FormValues): Values =>
  ({
    ...values,
    applicationsCloseAt: fromDateTimeInput(values.applicationsCloseAt),
  }) as Values;

const DEFAULTS: FormValues = {
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
  applicationsCloseAt: '',
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
  const [form] = Form.useForm<FormValues>();
  const [create, creating] = useCreateJobMutation();
  const [update, updating] = useUpdateJobMutation();
  const { onFinish, onCancel } = useEditDialog(form, {
    open,
    item: job,
    valuesOf: (j) => ({
      title: j.title,
      description: j.description,
      categoryId: j.categoryId ?? undefined,
      location: j.location,
      employmentType: j.employmentType,
      salaryRange: j.salaryRange,
      experienceLevel: j.experienceLevel,
      requirements: j.requirements,
      responsibilities: j.responsibilities,
      benefits: j.benefits,
      applicationsCloseAt: toDateTimeInput(j.applicationsCloseAt),
      isPublished: j.isPublished,
      isActive: j.isActive,
    }),
    defaults: DEFAULTS,
    noun: 'Job',
    // The category's rule has run: it is set.
    create: (values) => create(toInput(values)).unwrap(),
    update: (j, values) => update({ id: j.id, ...toInput(values) }).unwrap(),
    onClose,
  });

  return (
    <EditDialog
      open={open}
      editing={job !== null}
      label="Job"
      saving={creating.isLoading || updating.isLoading}
      width={960}
      onSave={() => form.submit()}
      onClose={onCancel}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        name="job"
        validateTrigger="onSubmit"
        // Checked on submit; a field shown in error is checked again as it changes, so its
        // message goes as soon as the value is right (not only at the next submit).
        onValuesChange={(changed: Partial<FormValues>) => {
          const names = Object.keys(changed) as (keyof FormValues)[];
          const shown = names.filter((n) => form.getFieldError(n).length > 0);
          if (shown.length > 0) form.validateFields(shown).catch(() => {});
        }}
      >
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
          <Col xs={24} md={12}>
            <Form.Item
              label="Applications close"
              name="applicationsCloseAt"
              extra="Optional. From this moment (Toronto time) the job is shown as closed and no longer takes applications."
            >
              <Input type="datetime-local" aria-label="Applications close" />
            </Form.Item>
          </Col>
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
    </EditDialog>
  );
}
