import type { SessionSummary } from '@kw/auth/contract';
import { Alert, App, Button, Card, Popconfirm, Table, Tag } from 'antd';
import { SESSION_EXPIRED_EVENT, serverMessage, storeToken } from '../../../api/api.ts';
import { formatDate } from '../../../shared/dates.ts';
import { useEndSessionMutation, useSessionsQuery, useSignOutEverywhereMutation } from '../api.ts';

/** The open sessions (device, address, when signed in), with "sign out everywhere". */
export function SessionsCard() {
  const sessions = useSessionsQuery();
  const [endSession] = useEndSessionMutation();
  const [signOutEverywhere, { isLoading }] = useSignOutEverywhereMutation();
  const { notification } = App.useApp();

  async function endOne(session: SessionSummary) {
    try {
      await endSession(session.id).unwrap();
      notification.success({ title: 'Session Signed Out', description: session.device });
    } catch (error) {
      notification.error({
        title: 'Sign Out Failed',
        description: serverMessage(error) ?? 'Failed to connect to server.',
      });
    }
  }

  async function everywhere() {
    try {
      await signOutEverywhere().unwrap();
      notification.success({
        title: 'Signed Out Everywhere',
        description: 'Every session has ended, this one too.',
      });
      // This session ended too: back to the login form.
      storeToken(null);
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    } catch (error) {
      notification.error({
        title: 'Sign Out Failed',
        description: serverMessage(error) ?? 'Failed to connect to server.',
      });
    }
  }

  return (
    <Card
      title="Open Sessions"
      extra={
        <Popconfirm
          title="Sign out of every session, this one too?"
          okText="Sign Out Everywhere"
          onConfirm={everywhere}
        >
          <Button danger loading={isLoading}>
            Sign Out Everywhere
          </Button>
        </Popconfirm>
      }
    >
      {sessions.isError ? (
        <Alert type="error" title="Failed to load the sessions" showIcon />
      ) : (
        <Table<SessionSummary>
          rowKey="id"
          size="small"
          loading={sessions.isLoading}
          dataSource={sessions.data?.sessions ?? []}
          pagination={false}
          aria-label="Open sessions"
          columns={[
            {
              title: 'Device',
              dataIndex: 'device',
              render: (device: string, session) => (
                <>
                  {device} {session.current && <Tag color="green">This device</Tag>}
                </>
              ),
            },
            { title: 'Address', dataIndex: 'ipAddress' },
            {
              title: 'Signed In',
              dataIndex: 'signedInAt',
              render: (at: string) => formatDate(at, 'dateTime'),
            },
            {
              title: '',
              key: 'actions',
              render: (_, session) =>
                session.current ? null : (
                  <Button size="small" onClick={() => endOne(session)}>
                    Sign Out
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
