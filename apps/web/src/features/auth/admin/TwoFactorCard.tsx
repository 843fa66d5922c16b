import type { TwoFactorSetup } from '@kw/auth/contract';
import { Alert, App, Button, Card, Form, Input, Skeleton, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { serverMessage } from '../../../api/api.ts';
import { formatDate } from '../../../shared/dates.ts';
import {
  useBeginTwoFactorMutation,
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useTwoFactorStatusQuery,
} from '../api.ts';

const codeRules = [{ required: true, whitespace: true, message: 'The code is required' }];

/** The key in groups of four, as authenticator apps show it when typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Ten recovery codes, shown once, right after two-factor sign-in was turned on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type="warning"
        showIcon
        title="Save your recovery codes"
        description="Each code signs you in once if you lose your phone. They are shown only now: print them or keep them in a password manager."
      />
      <ol aria-label="Recovery codes" style={{ columns: 2, fontFamily: 'monospace', fontSize: 15 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Space>
        <Typography.Text copyable={{ text: codes.join('\n') }}>Copy all</Typography.Text>
        <Button type="primary" onClick={onDone}>
          I Have Saved Them
        </Button>
      </Space>
    </Space>
  );
}

/** Set-up: the key as a QR code and as text, confirmed with one code from the app. */
function SetUp({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel(): void;
  onEnabled(codes: string[]): void;
}) {
  const [enable, { isLoading }] = useEnableTwoFactorMutation();
  const { notification } = App.useApp();

  async function onFinish({ code }: { code: string }) {
    try {
      // Turning it on ends every other session; this one goes on with the fresh token (api.ts).
      const { recoveryCodes } = await enable({ code }).unwrap();
      notification.success({
        title: 'Two-Factor Authentication On',
        description: 'Signing in now also asks for a code from your authenticator app.',
      });
      onEnabled(recoveryCodes);
    } catch (error) {
      notification.error({
        title: 'Two-Factor Set-Up Failed',
        description: serverMessage(error) ?? 'Failed to connect to server.',
      });
    }
  }

  return (
    <Form layout="vertical" onFinish={onFinish} requiredMark={false}>
      <Typography.Paragraph>
        1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft
        Authenticator, 1Password, Authy …).
      </Typography.Paragraph>
      <img
        src={setup.qrCode}
        width={200}
        height={200}
        alt={`QR code for your authenticator app. Key: ${setup.secret}`}
      />
      <Typography.Paragraph>
        Or type this key into the app:{' '}
        <Typography.Text code copyable={{ text: setup.secret }} aria-label="Key">
          {grouped(setup.secret)}
        </Typography.Text>
      </Typography.Paragraph>
      <Form.Item label="2. Code from the app" name="code" rules={codeRules}>
        <Input autoComplete="one-time-code" inputMode="numeric" style={{ maxWidth: 200 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Turn On
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Space>
    </Form>
  );
}

/** Turning off takes a current code or a recovery code. */
function TurnOff() {
  const [form] = Form.useForm<{ code: string }>();
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const { notification } = App.useApp();

  async function onFinish({ code }: { code: string }) {
    try {
      await disable({ code }).unwrap();
      form.resetFields();
      notification.success({
        title: 'Two-Factor Authentication Off',
        description: 'Signing in now asks for the password only.',
      });
    } catch (error) {
      notification.error({
        title: 'Two-Factor Change Failed',
        description: serverMessage(error) ?? 'Failed to connect to server.',
      });
    }
  }

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
      <Form.Item label="Code from your app, or a recovery code" name="code" rules={codeRules}>
        <Input autoComplete="one-time-code" style={{ maxWidth: 240 }} />
      </Form.Item>
      <Button danger htmlType="submit" loading={isLoading}>
        Turn Off
      </Button>
    </Form>
  );
}

export function TwoFactorCard() {
  const status = useTwoFactorStatusQuery();
  const [begin, { isLoading: isStarting }] = useBeginTwoFactorMutation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const { notification } = App.useApp();

  async function start() {
    try {
      setSetup(await begin().unwrap());
    } catch (error) {
      notification.error({
        title: 'Two-Factor Set-Up Failed',
        description: serverMessage(error) ?? 'Failed to connect to server.',
      });
    }
  }

  let body: ReactNode;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (!status.data) {
    body = status.isError ? (
      <Alert type="error" title="Failed to load the two-factor settings" showIcon />
    ) : (
      <Skeleton active />
    );
  } else if (status.data.enabled) {
    body = (
      <>
        <Typography.Paragraph>
          <strong>On</strong>
          {status.data.enabledAt && ` since ${formatDate(status.data.enabledAt, 'longDay')}`}.
          Signing in asks for a code from your authenticator app. {status.data.recoveryCodesLeft}{' '}
          recovery code
          {status.data.recoveryCodesLeft === 1 ? '' : 's'} left.
        </Typography.Paragraph>
        <TurnOff />
      </>
    );
  } else if (setup) {
    body = (
      <SetUp
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  } else {
    body = (
      <>
        <Typography.Paragraph>
          <strong>Off</strong>. With it on, signing in also asks for a code from an authenticator
          app on your phone, so a stolen password is not enough.
        </Typography.Paragraph>
        <Button type="primary" onClick={start} loading={isStarting}>
          Set Up Two-Factor Authentication
        </Button>
      </>
    );
  }
  return <Card title="Two-Factor Authentication">{body}</Card>;
}
