import { Alert, App, Button, Card, Form, InputNumber, Skeleton, Typography } from 'antd';
import { errorText } from '../../../api/api.ts';
import { serverMessageOf, showFieldErrors } from '../../../shared/admin/serverErrors.ts';
import { formatDate } from '../../../shared/dates.ts';
import { useRetentionSettingsQuery, useUpdateRetentionMutation } from '../api.ts';

/** Settings → Privacy: how long each kind of record is kept (the privacy policy states the same). */
export function RetentionSettings() {
  const { data, isError } = useRetentionSettingsQuery();
  const [update, { isLoading }] = useUpdateRetentionMutation();
  const { notification } = App.useApp();
  const [form] = Form.useForm();
  if (isError) return <Alert type="error" showIcon title="Failed to load the retention periods" />;
  if (!data) return <Skeleton active />;
  return (
    <Card title="Retention periods">
      <Typography.Paragraph type="secondary">
        A daily job erases each record once it is older than its period, through the same path as an
        erasure from the Privacy screen.{' '}
        {data.lastRun
          ? `Last run ${formatDate(data.lastRun.ranAt, 'dateTime')}: ${data.lastRun.erased} record(s) removed.`
          : 'It has not run yet.'}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ periods: Object.fromEntries(data.periods.map((p) => [p.kind, p.days])) }}
        onFinish={async ({ periods }: { periods: Record<string, number> }) => {
          try {
            await update(periods).unwrap();
            notification.success({ title: 'Retention periods saved' });
          } catch (error) {
            if (!showFieldErrors(form, error))
              notification.error({
                title: 'Not saved',
                description: serverMessageOf(error) ?? errorText(error),
              });
          }
        }}
      >
        {data.periods.map((p) => (
          <Form.Item
            key={p.kind}
            name={['periods', p.kind]}
            label={`${p.label} (default ${p.defaultDays} days)`}
            rules={[{ required: true, message: 'A number of days' }]}
          >
            <InputNumber min={0} max={3650} addonAfter="days" aria-label={p.label} />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save
        </Button>
      </Form>
    </Card>
  );
}

/** The dashboard's line: when the retention job last ran and how many records it removed. */
export function RetentionRunSummary() {
  const { data } = useRetentionSettingsQuery();
  if (!data) return null;
  return (
    <Typography.Text type="secondary" data-testid="retention-run">
      Retention:{' '}
      {data.lastRun
        ? `last run ${formatDate(data.lastRun.ranAt, 'dateTime')}, ${data.lastRun.erased} record(s) removed`
        : 'not run yet'}
    </Typography.Text>
  );
}
