import './history.css';
import { HistoryOutlined } from '@ant-design/icons';
import type { FieldChange, HistoryEntry, HistoryValue, LineChange } from '@kw/platform/contract';
import {
  Alert,
  App,
  Button,
  Drawer,
  Empty,
  Popconfirm,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { serverMessageOf } from '../../../shared/admin/serverErrors.ts';
import { formatDate } from '../../../shared/dates.ts';
import {
  type HistoryKind,
  type RestorableKind,
  useRecordHistoryQuery,
  useRestoreVersionMutation,
} from '../api.ts';

// A record's History (issue 14): every change from its events, newest first, with who made it
// and each field old → new; long text line by line. Posts and case studies can bring back a
// version ("Restore this version"), itself a change that can be undone the same way.

const ACTOR_COLORS: Record<string, string> = {
  administrator: 'blue',
  worker: 'purple',
  visitor: 'green',
  retention: 'orange',
  terminal: 'gold',
  system: 'default',
};

function valueText(value: HistoryValue | undefined): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
  return String(value);
}

function Lines({ lines }: { lines: LineChange[] }) {
  return (
    <pre className="bo-history-lines">
      {lines.map((line, i) =>
        line.kind === 'skip' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
          <div key={i} className="bo-history-skip">
            ⋯ {line.count} unchanged line{line.count === 1 ? '' : 's'}
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
          <div key={i} className={`bo-history-${line.kind}`}>
            {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  '}
            {line.text}
          </div>
        ),
      )}
    </pre>
  );
}

function Change({ change }: { change: FieldChange }) {
  return (
    <div className="bo-history-change">
      <Typography.Text strong>{change.label}</Typography.Text>
      {change.lines ? (
        <Lines lines={change.lines} />
      ) : (
        <div>
          <Typography.Text delete={change.old !== undefined} type="secondary">
            {change.old === undefined ? '(none)' : valueText(change.old)}
          </Typography.Text>
          {' → '}
          <Typography.Text>
            {change.new === undefined ? '(removed)' : valueText(change.new)}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}

function Entry(props: {
  entry: HistoryEntry;
  current: boolean;
  onRestore?: (() => Promise<void>) | undefined;
}) {
  const { entry } = props;
  return (
    <section className="bo-history-entry" aria-label={`Version ${entry.version}`}>
      <Space wrap size={6}>
        <Typography.Text strong>{entry.action}</Typography.Text>
        <Tag color={ACTOR_COLORS[entry.actor.kind]}>{entry.actor.label}</Tag>
        {props.current && <Tag color="green">Current</Tag>}
      </Space>
      <div>
        <Typography.Text type="secondary">
          {formatDate(entry.occurredAt, 'dateTime')} · version {entry.version}
        </Typography.Text>
      </div>
      {entry.changes.length === 0 ? (
        <Typography.Text type="secondary">No field changed.</Typography.Text>
      ) : (
        entry.changes.map((c) => <Change key={c.field} change={c} />)
      )}
      {props.onRestore && (
        <Popconfirm
          title="Restore this version?"
          description="Its content and fields come back as a new change, which can itself be undone."
          okText="Restore"
          onConfirm={props.onRestore}
        >
          <Button size="small" style={{ marginTop: 6 }}>
            Restore this version
          </Button>
        </Popconfirm>
      )}
    </section>
  );
}

/** The drawer itself, open while `open`. */
export function HistoryDrawer(props: {
  kind: HistoryKind;
  id: string;
  title: string;
  open: boolean;
  onClose(): void;
}) {
  const { notification } = App.useApp();
  const history = useRecordHistoryQuery(
    { kind: props.kind, id: props.id },
    { skip: !props.open, refetchOnMountOrArgChange: true },
  );
  const [restore] = useRestoreVersionMutation();
  const data = history.data;
  const latest = data?.entries[0]?.version;
  const restorable = data?.restorable && !data.deleted;

  const restoreTo = (version: number) => async () => {
    try {
      await restore({
        kind: props.kind as RestorableKind,
        id: props.id,
        fromVersion: version,
        version: latest!,
      }).unwrap();
      notification.success({
        title: 'Version restored',
        description: `Version ${version} is back. To undo, restore the version before this one.`,
      });
    } catch (error) {
      notification.error({
        title: 'Could not restore this version',
        description: serverMessageOf(error) ?? 'Please try again.',
      });
    }
  };

  return (
    <Drawer
      title={`History · ${props.title}`}
      open={props.open}
      onClose={props.onClose}
      size="large"
      destroyOnHidden
    >
      {history.isError && (
        <Alert
          type="error"
          showIcon
          title="Failed to load the history"
          style={{ marginBottom: 12 }}
        />
      )}
      {history.isLoading && <Skeleton active />}
      {data && data.entries.length === 0 && <Empty description="No changes recorded" />}
      {data && (
        <Timeline
          items={data.entries.map((entry) => ({
            key: entry.position,
            content: (
              <Entry
                entry={entry}
                current={entry.version === latest}
                onRestore={
                  restorable && entry.version !== latest ? restoreTo(entry.version) : undefined
                }
              />
            ),
          }))}
        />
      )}
    </Drawer>
  );
}

/** The small "History" button beside a record, opening its drawer. */
export function HistoryButton(props: { kind: HistoryKind; id: string; title: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from its first opening on (not one drawer per row from the start), and kept once
  // closed: antd gives the focus back to this button as a drawer closes, which a drawer taken
  // away at once never did (Escape sent the keyboard to the top of the page).
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Closed, the drawer gives the focus back to this button. antd does it only when the drawer
  // had finished opening (closed at once, it left the focus nowhere), so it is done here, as the
  // drawer starts to close: the focus was in the drawer, or nowhere.
  const focusBack = () => {
    const focused = document.activeElement;
    if (focused === null || focused === document.body || focused.closest('.ant-drawer'))
      button.current?.focus();
  };
  return (
    <>
      <Button
        ref={button}
        size="small"
        icon={<HistoryOutlined />}
        onClick={(e) => {
          e.stopPropagation();
          setOpened(true);
          setOpen(true);
        }}
        aria-label={`History of ${props.title}`}
      >
        History
      </Button>
      {opened && (
        <HistoryDrawer
          kind={props.kind}
          id={props.id}
          title={props.title}
          open={open}
          onClose={() => {
            setOpen(false);
            requestAnimationFrame(focusBack);
          }}
        />
      )}
    </>
  );
}
