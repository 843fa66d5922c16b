import type { PrivacySearchResult } from '@kw/privacy/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  List,
  Modal,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../../api/api.ts';
import { serverMessageOf } from '../../../shared/admin/serverErrors.ts';
import { formatDate } from '../../../shared/dates.ts';
import {
  useErasePersonMutation,
  useExportPersonMutation,
  useLazySearchPersonQuery,
  useListErasuresQuery,
} from '../api.ts';

/** The server's field messages (a malformed address), else its message. */
function problemOf(error: unknown): string {
  const fields = (error as { data?: { errors?: { message: string }[] } }).data?.errors;
  if (fields?.length) return fields.map((f) => f.message).join('; ');
  return serverMessageOf(error) ?? errorText(error);
}

/** Issue 13: everything held about one address, its export and its erasure. */
export function PrivacyPage() {
  const [search, { data, error, isFetching }] = useLazySearchPersonQuery();
  const [email, setEmail] = useState('');
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Privacy
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Find everything held about a person by their e-mail address: contact messages, newsletter
        subscription, job applications with résumés, and e-mails sent. Export it for an access
        request, or erase it for good.
      </Typography.Paragraph>
      <Form
        layout="inline"
        onFinish={({ email: value }: { email: string }) => {
          setEmail(value.trim());
          void search(value.trim());
        }}
      >
        <Form.Item name="email" rules={[{ required: true, message: 'Enter an e-mail address' }]}>
          <Input
            placeholder="person@example.ca"
            aria-label="E-mail address"
            style={{ width: 320 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isFetching}>
          Search
        </Button>
      </Form>
      <div style={{ marginTop: 24 }}>
        {error ? (
          <Alert type="error" showIcon title={problemOf(error)} />
        ) : data && !isFetching ? (
          <Holdings result={data} onErased={() => void search(email)} />
        ) : null}
      </div>
      <Erasures />
    </>
  );
}

function Holdings({ result, onErased }: { result: PrivacySearchResult; onErased(): void }) {
  const [exportPerson, exporting] = useExportPersonMutation();
  const [confirming, setConfirming] = useState(false);
  if (result.nothingHeld) return <Alert type="info" showIcon title={result.message} />;
  return (
    <Card
      title={`Held about ${result.email}`}
      extra={
        <Space>
          <Button loading={exporting.isLoading} onClick={() => void exportPerson(result.email)}>
            Export (zip)
          </Button>
          <Button danger onClick={() => setConfirming(true)}>
            Erase…
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{result.message}</Typography.Paragraph>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: true }}
        dataSource={result.records}
        columns={[
          { title: 'Module', dataIndex: 'module' },
          { title: 'Record', dataIndex: 'kind' },
          { title: 'Summary', dataIndex: 'summary' },
          {
            title: 'Created',
            dataIndex: 'createdAt',
            render: (v: string) => formatDate(v, 'dateTime'),
          },
          {
            title: 'Last changed',
            dataIndex: 'lastChangedAt',
            render: (v: string) => formatDate(v, 'dateTime'),
          },
          { title: 'Files', dataIndex: 'files', render: (f: string[]) => f.join(', ') || '—' },
        ]}
      />
      <List
        style={{ marginTop: 16 }}
        header={<strong>E-mails sent to or about them ({result.mails.length})</strong>}
        dataSource={result.mails}
        renderItem={(m) => (
          <List.Item>
            {m.subject} <Typography.Text type="secondary">{m.date}</Typography.Text>
          </List.Item>
        )}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {result.keyHeld
          ? 'Their fields in the event log are readable: their key exists.'
          : 'No key: their fields in the event log are already unreadable.'}
      </Typography.Paragraph>
      <EraseDialog
        email={result.email}
        open={confirming}
        onClose={() => setConfirming(false)}
        onErased={onErased}
      />
    </Card>
  );
}

function EraseDialog(props: { email: string; open: boolean; onClose(): void; onErased(): void }) {
  const { notification } = App.useApp();
  const [typed, setTyped] = useState('');
  const [erase, { isLoading }] = useErasePersonMutation();
  const matches = typed.trim().toLowerCase() === props.email;
  return (
    <Modal
      title={`Erase ${props.email}?`}
      open={props.open}
      okText="Erase for good"
      okButtonProps={{ danger: true, disabled: !matches, loading: isLoading }}
      onCancel={props.onClose}
      onOk={async () => {
        try {
          const result = await erase({ email: props.email, confirmEmail: typed }).unwrap();
          (result.status === 'done' ? notification.success : notification.warning)({
            title: result.status === 'done' ? 'Erased' : 'Erasure pending',
            description: result.message,
          });
          setTyped('');
          props.onClose();
          props.onErased();
        } catch (error) {
          notification.error({
            title: 'Not erased',
            description: serverMessageOf(error) ?? errorText(error),
          });
        }
      }}
    >
      <Typography.Paragraph>
        This deletes their records, résumés and e-mail copies, and the key of their fields in the
        event log, so no backup can bring them back. It cannot be undone. Type the address again to
        confirm.
      </Typography.Paragraph>
      <Input
        aria-label="Type the address again"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={props.email}
      />
    </Modal>
  );
}

function Erasures() {
  const { data } = useListErasuresQuery(undefined, { pollingInterval: 10_000 });
  if (!data || data.erasures.length === 0) return null;
  return (
    <Card title="Recent erasures" style={{ marginTop: 24 }}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        // Scrolls inside its card on a phone instead of widening the page.
        scroll={{ x: true }}
        dataSource={data.erasures}
        columns={[
          {
            title: 'Status',
            dataIndex: 'status',
            render: (status: string, row) =>
              status === 'done' ? (
                <Tag color="green">Done</Tag>
              ) : (
                <Tag color="orange">Pending: {row.filesLeft} file(s) to delete, retrying</Tag>
              ),
          },
          { title: 'Requested by', dataIndex: 'requestedBy' },
          { title: 'Scope', dataIndex: 'scope' },
          { title: 'Records', dataIndex: 'records' },
          {
            title: 'Requested',
            dataIndex: 'requestedAt',
            render: (v: string) => formatDate(v, 'dateTime'),
          },
          {
            title: 'Completed',
            dataIndex: 'completedAt',
            render: (v: string | null) => (v ? formatDate(v, 'dateTime') : '—'),
          },
        ]}
      />
    </Card>
  );
}
