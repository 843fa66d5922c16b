import { loginRequestSchema } from '@kw/auth/contract';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { serverMessage } from '../../../api/api.ts';
import { useLoginMutation } from '../api.ts';

interface Props {
  onLoggedIn(token: string): void;
}

const required = (field: 'username' | 'password', message: string) => [
  { required: true, message },
  {
    validator: async (_: unknown, value: string) => {
      const result = loginRequestSchema.shape[field].safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  },
];

export function LoginPage({ onLoggedIn }: Props) {
  const [login, { isLoading }] = useLoginMutation();
  const { notification } = App.useApp();

  async function onFinish(values: { username: string; password: string }) {
    try {
      const { token } = await login(values).unwrap();
      notification.success({
        title: 'Login Successful',
        description: 'Welcome to the admin panel.',
      });
      onLoggedIn(token);
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status === 401) {
        notification.error({ title: 'Login Failed', description: 'Invalid username or password.' });
      } else if (typeof status === 'number') {
        notification.error({
          title: 'Login Failed',
          description: serverMessage(error) ?? 'Invalid username or password.',
        });
      } else {
        notification.error({ title: 'Error', description: 'Failed to connect to server.' });
      }
    }
  }

  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: '#f3f6f7',
        padding: 16,
      }}
    >
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Typography.Title level={1} style={{ fontSize: 24, textAlign: 'center' }}>
          Admin Login
        </Typography.Title>
        <Form layout="vertical" onFinish={onFinish} requiredMark={false}>
          <Form.Item
            label="Username"
            name="username"
            rules={required('username', 'Username is required')}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={required('password', 'Password is required')}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            {isLoading ? 'Logging in...' : 'Login'}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
