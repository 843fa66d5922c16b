import type { AuditEntry } from '@kw/platform/contract';
import { Alert, Button, Card, DatePicker, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../../shared/dates.ts';
import {
  type AuditFilter,
  HISTORY_TAGS,
  type HistoryKind,
  useAuditKindsQuery,
  useAuditPageQuery,
} from '../api.ts';
import { HistoryButton } from './HistoryDrawer.tsx';

// The audit log (issue 14): every state change across modules, newest first, filtered by kind
// of record, actor and date, a page at a time from the server (keyset: "Older" passes the last
// position seen).

const ACTORS = [
  { value: 'administrator', label: 'Administrator' },
  { value: 'worker', label: 'Worker' },
  { value: 'visitor', label: 'Visitor' },
  { value: 'retention', label: 'Retention job' },
  { value: 'terminal', label: 'Terminal' },
  { value: 'system', label: 'System' },
];

const hasHistory = (kind: string): kind is HistoryKind => Object.hasOwn(HISTORY_TAGS, kind);

export function AuditLog() {
  const [filter, setFilter] = useState<Omit<AuditFilter, 'before'>>({});
  // The cursors of the pages seen: the first page has none.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors.at(-1);
  const page = useAuditPageQuery({ ...filter, before }, { refetchOnMountOrArgChange: true });
  const kinds = useAuditKindsQuery();
  const labels = new Map((kinds.data ?? []).map((k) => [k.kind, k.label]));
  const refilter = (next: Omit<AuditFilter, 'before'>) => {
    setFilter(next);
    setCursors([undefined]);
  };
  const day = (d: { format(pattern: string): string } | null | undefined) =>
    d?.format('YYYY-MM-DD');

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
        Audit log
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Every change across the site, newest first: sign-ins, edits, status changes, e-mails sent,
        exports and privacy actions, with who made them.
      </Typography.Paragraph>
      <Card style={{ marginBottom: 16 }}>
        <Flex wrap gap={12}>
          <Select
            allowClear
            placeholder="Kind of record"
            aria-label="Kind of record"
            style={{ minWidth: 200 }}
            value={filter.kind}
            options={(kinds.data ?? []).map((k) => ({ value: k.kind, label: k.label }))}
            onChange={(kind) => refilter({ ...filter, kind })}
          />
          <Select
            allowClear
            placeholder="Actor"
            aria-label="Actor"
            style={{ minWidth: 180 }}
            value={filter.actor}
            options={ACTORS}
            onChange={(actor) => refilter({ ...filter, actor })}
          />
          <DatePicker.RangePicker
            aria-label="Dates"
            onChange={(range) =>
              refilter({ ...filter, from: day(range?.[0]), to: day(range?.[1]) })
            }
          />
        </Flex>
      </Card>
      {page.isError && <Alert type="error" showIcon title="Failed to fetch the audit log" />}
      <Table<AuditEntry>
        rowKey="position"
        loading={page.isFetching}
        dataSource={page.data?.entries ?? []}
        pagination={false}
        size="small"
        columns={[
          {
            title: 'When',
            dataIndex: 'occurredAt',
            render: (at: string) => formatDate(at, 'dateTime'),
            width: 200,
          },
          {
            title: 'Who',
            dataIndex: 'actor',
            render: (actor: AuditEntry['actor']) => <Tag>{actor.label}</Tag>,
            width: 200,
          },
          { title: 'What', dataIndex: 'summary' },
          {
            title: 'Record',
            render: (_: unknown, entry) => (
              <Space>
                <Typography.Text type="secondary">
                  {labels.get(entry.recordKind) ?? entry.recordKind}
                </Typography.Text>
                {entry.recordName && <Typography.Text>{entry.recordName}</Typography.Text>}
                {hasHistory(entry.recordKind) && entry.recordId && (
                  <HistoryButton
                    kind={entry.recordKind}
                    id={entry.recordId}
                    title={labels.get(entry.recordKind) ?? entry.recordKind}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      <Flex justify="end" gap={8} style={{ marginTop: 12 }}>
        <Button disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Newer
        </Button>
        <Button
          disabled={!page.data?.nextCursor}
          onClick={() => setCursors((c) => [...c, page.data!.nextCursor!])}
        >
          Older
        </Button>
      </Flex>
    </>
  );
}
