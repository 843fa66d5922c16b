import { loginRequestSchema } from '@kw/auth/contract';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { serverMessage } from '../../../api/api.ts';
import { useLoginMutation, useSecondFactorMutation } from '../api.ts';

interface Props {
  onLoggedIn(token: string): void;
}

interface Credentials {
  username: string;
  password: string;
  code?: string;
}

const required = (field: 'username' | 'password', message: string) => [
  { required: true, message },
  {
    validator: async (_: unknown, value: string) => {
      // An empty field is the rule above's to report: its message once, not twice.
      if (!value) return;
      const result = loginRequestSchema.shape[field].safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  },
];

const codeRules = [{ required: true, whitespace: true, message: 'The code is required' }];

const statusOf = (error: unknown) => (error as { status?: unknown }).status;

/** The answer's extra field: past the account's cap, a code must come with the password. */
const codeRequired = (error: unknown) =>
  (error as { data?: { secondFactor?: unknown } }).data?.secondFactor === 'required';

/**
 * The spec's login form, and a second step when the account has two-factor sign-in: the
 * password answers a challenge, and the code from the authenticator app (or a recovery code)
 * completes it.
 */
export function LoginPage({ onLoggedIn }: Props) {
  const [login, { isLoading }] = useLoginMutation();
  const [secondFactor, { isLoading: isVerifying }] = useSecondFactorMutation();
  const [challenge, setChallenge] = useState<string | null>(null);
  // Past the account's hourly cap the code goes with the password, in the first form.
  const [codeWithPassword, setCodeWithPassword] = useState(false);
  const { notification } = App.useApp();

  function signedIn(token: string) {
    notification.success({
      title: 'Login Successful',
      description: 'Welcome to the admin panel.',
    });
    onLoggedIn(token);
  }

  function failed(error: unknown, fallback: string) {
    const status = statusOf(error);
    if (typeof status === 'number') {
      notification.error({ title: 'Login Failed', description: serverMessage(error) ?? fallback });
    } else {
      notification.error({ title: 'Error', description: 'Failed to connect to server.' });
    }
  }

  async function onFinish(values: Credentials) {
    try {
      const answer = await login(values).unwrap();
      if ('token' in answer) signedIn(answer.token);
      else setChallenge(answer.challenge);
    } catch (error) {
      if (codeRequired(error)) setCodeWithPassword(true);
      failed(error, 'Invalid username or password.');
    }
  }

  async function onCode({ code }: { code: string }) {
    if (!challenge) return;
    try {
      signedIn((await secondFactor({ challenge, code }).unwrap()).token);
    } catch (error) {
      // An expired or used-up challenge: the password again.
      const message = serverMessage(error) ?? '';
      if (statusOf(error) === 429 || /sign in again/i.test(message)) setChallenge(null);
      failed(error, 'The authentication code is not correct.');
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
        {challenge ? (
          <Form key="code" layout="vertical" onFinish={onCode} requiredMark={false}>
            <Typography.Paragraph>
              Enter the code from your authenticator app, or one of your recovery codes.
            </Typography.Paragraph>
            <Form.Item label="Authentication code" name="code" rules={codeRules}>
              <Input autoComplete="one-time-code" autoFocus spellCheck={false} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={isVerifying}>
              {isVerifying ? 'Verifying...' : 'Verify'}
            </Button>
            <Button type="link" block onClick={() => setChallenge(null)}>
              Back
            </Button>
          </Form>
        ) : (
          <Form key="password" layout="vertical" onFinish={onFinish} requiredMark={false}>
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
            {codeWithPassword && (
              <Form.Item
                label="Authentication code"
                name="code"
                rules={codeRules}
                extra="Too many failed sign-ins for this account: the code from your authenticator app (or a recovery code) lets you in now."
              >
                <Input autoComplete="one-time-code" spellCheck={false} />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={isLoading}>
              {isLoading ? 'Logging in...' : 'Login'}
            </Button>
          </Form>
        )}
      </Card>
    </main>
  );
}
