import { changePasswordFormSchema } from '@kw/auth/contract';
import type { ApiErrorBody } from '@kw/platform/contract';
import { App, Button, Card, Col, Descriptions, Form, Input, Row } from 'antd';
import { serverMessage } from '../../../api/api.ts';
import { showFieldErrors } from '../../../shared/admin/serverErrors.ts';
import { useChangePasswordMutation, useTwoFactorStatusQuery } from '../api.ts';
import { SessionsCard } from './SessionsCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Each field checked with the shared schema's rules and messages (admin.md §5). */
function rule(field: keyof PasswordValues) {
  return ({ getFieldsValue }: { getFieldsValue(): Partial<PasswordValues> }) => ({
    async validator() {
      const values = getFieldsValue();
      const result = changePasswordFormSchema.safeParse({
        currentPassword: values.currentPassword ?? '',
        newPassword: values.newPassword ?? '',
        confirmPassword: values.confirmPassword ?? '',
      });
      const issue = result.success
        ? undefined
        : result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}

/** Settings → Security: the account, the password, two-factor sign-in and the open sessions. */
export function SecurityTab() {
  const [form] = Form.useForm<PasswordValues>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { notification } = App.useApp();
  const twoFactor = useTwoFactorStatusQuery();

  async function onFinish(values: PasswordValues) {
    try {
      await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      }).unwrap();
      // The change ends every older session, this one's too: the fresh token is kept (api.ts).
      form.resetFields();
      notification.success({
        title: 'Password Updated',
        description: 'Your password has been successfully changed.',
      });
    } catch (error) {
      // A field's message ('Current password is incorrect') goes under its field, and in the
      // toast as it is: the server's message prefixes it with the field's key.
      const fields = showFieldErrors(form, error)
        ? (error as { data: ApiErrorBody }).data.errors?.map((e) => e.message).join(' ')
        : undefined;
      notification.error({
        title: 'Password Change Failed',
        description: fields ?? serverMessage(error) ?? 'Failed to connect to server.',
      });
    }
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card title="Account">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Account type">
              Administrator with full access
            </Descriptions.Item>
            <Descriptions.Item label="Authentication">
              {twoFactor.data?.enabled
                ? 'Username and password, with a code from an authenticator app'
                : 'Username and password authentication'}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title="Change Password">
          <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
            <Form.Item
              label="Current Password"
              name="currentPassword"
              rules={[rule('currentPassword')]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              label="New Password"
              name="newPassword"
              rules={[rule('newPassword')]}
              extra="At least 6 characters."
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              label="Confirm New Password"
              name="confirmPassword"
              dependencies={['newPassword']}
              rules={[rule('confirmPassword')]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={isLoading}>
              {isLoading ? 'Updating...' : 'Update Password'}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <TwoFactorCard />
      </Col>
      <Col xs={24} lg={14}>
        <SessionsCard />
      </Col>
    </Row>
  );
}
