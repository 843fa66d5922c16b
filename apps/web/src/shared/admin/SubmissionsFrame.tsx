import { relativeTime } from '@kw/activity/contract';
import {
  Alert,
  Button,
  Card,
  Input,
  Modal,
  Select,
  Space,
  Table,
  type TableColumnType,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { formatDate } from '../dates.ts';
import { type BulkAction, useBulkSelection } from './BulkActions.tsx';

interface Submission {
  id: string;
  isSpam: boolean;
}

/**
 * What Contact Submissions and Newsletter Management share (admin.md §2): the heading, the
 * list's load error, the filters card, the count, the table with spam rows highlighted, its two
 * empty states and its View button, and the details dialog it opens. `header` sits above the load error (the newsletter's
 * figures), `toolbar` between it and the filters (the analytics toggle, export, refresh).
 */
export function SubmissionsFrame<T extends Submission>(props: {
  title: string;
  header?: ReactNode;
  toolbar?: ReactNode;
  list: { data?: T[] | undefined; isLoading: boolean; isError: boolean };
  /** 'Failed to fetch …' */
  loadError: string;
  filtersTitle?: string;
  filters: ReactNode;
  /** 'submissions', 'subscriptions': in the count. */
  noun: string;
  /** The list's items that pass the filters. */
  rows: T[];
  /** Nothing yet, or nothing matching the filters. */
  empty: { none: string; noMatch: string };
  pageSize: number;
  columns: TableColumnType<T>[];
  /** The Actions column's buttons after View. */
  actions(item: T): ReactNode;
  /** The dialog View opens. */
  details: { title: string; render(item: T): ReactNode };
  /** What the selected rows can have done together. */
  bulk?: BulkAction[];
  /** The page's other dialogs. */
  children?: ReactNode;
}) {
  const { details, list } = props;
  const [viewing, setViewing] = useState<T | null>(null);
  const bulk = useBulkSelection(props.rows, props.bulk ?? []);
  const total = list.data?.length ?? 0;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        {props.title}
      </Typography.Title>
      {props.header}
      {list.isError && (
        <Alert type="error" title={props.loadError} showIcon style={{ marginBottom: 16 }} />
      )}
      {props.toolbar}
      <Card className="bo-filters" title={props.filtersTitle} size="small">
        <Space wrap>{props.filters}</Space>
      </Card>
      <Typography.Paragraph type="secondary">
        Showing {props.rows.length} of {total} {props.noun}
      </Typography.Paragraph>
      {props.bulk && bulk.bar}
      <Table<T>
        rowKey="id"
        {...(props.bulk ? { rowSelection: bulk.rowSelection } : {})}
        loading={list.isLoading}
        dataSource={props.rows}
        rowClassName={(s) => (s.isSpam ? 'bo-spam-row' : '')}
        locale={{ emptyText: total ? props.empty.noMatch : props.empty.none }}
        pagination={{ pageSize: props.pageSize }}
        scroll={{ x: true }}
        columns={[
          ...props.columns,
          {
            title: 'Actions',
            key: 'actions',
            render: (_, item) => (
              <Space wrap size="small">
                <Button size="small" onClick={() => setViewing(item)}>
                  View
                </Button>
                {props.actions(item)}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={viewing !== null}
        title={details.title}
        onCancel={() => setViewing(null)}
        footer={<Button onClick={() => setViewing(null)}>Close</Button>}
        width={640}
      >
        {viewing && details.render(viewing)}
      </Modal>
      {props.children}
    </>
  );
}

/** The filters of a list, changed one field at a time. */
export function useFilters<F extends object>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const set = (patch: Partial<F>) => setFilters((f) => ({ ...f, ...patch }));
  return { filters, set, clear: () => setFilters(initial) };
}

export function SearchFilter(props: {
  label: string;
  placeholder: string;
  width: number;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <Input.Search
      allowClear
      aria-label={props.label}
      placeholder={props.placeholder}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      style={{ width: props.width }}
    />
  );
}

export type SpamFilterValue = 'all' | 'clean' | 'spam';

export const matchesSpam = (isSpam: boolean, filter: SpamFilterValue) =>
  filter === 'all' || (filter === 'spam') === isSpam;

export function SpamFilter(props: { value: SpamFilterValue; onChange(v: SpamFilterValue): void }) {
  return (
    <Select
      aria-label="Spam filter"
      prefix="Spam:"
      value={props.value}
      onChange={props.onChange}
      style={{ width: 150 }}
      options={[
        { value: 'all', label: 'All' },
        { value: 'clean', label: 'Clean' },
        { value: 'spam', label: 'Spam' },
      ]}
    />
  );
}

export const SpamTag = ({ isSpam }: { isSpam: boolean }) =>
  isSpam ? <Tag color="red">SPAM</Tag> : null;

/** 'City, Country', or 'Unknown' before the lookup (or without one). */
export const locationOf = (s: { city: string | null; country: string | null }) =>
  [s.city, s.country].filter(Boolean).join(', ') || 'Unknown';

/** When it arrived: '3 hours ago', the full date and time on hover. */
export function receivedColumn<T>(title: string): TableColumnType<T> {
  return {
    title,
    dataIndex: 'createdAt',
    render: (v: string) => <span title={formatDate(v, 'dateTime')}>{relativeTime(v)}</span>,
  };
}
