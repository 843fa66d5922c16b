import { App, Button, Space, type TableProps, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { serverMessageOf } from './serverErrors.ts';

/** One action on the selected rows: asked once, then the server does each row on its own. */
export interface BulkAction {
  label: string;
  danger?: boolean;
  /** The confirmation's question, for this many rows. */
  question(count: number): string;
  /** What else the confirmation says (a rejection e-mails each applicant…). */
  content?: string;
  /** The success notification, for this many rows. */
  done(count: number): string;
  failed: string;
  run(ids: string[]): Promise<unknown>;
}

/**
 * Selecting rows of a list and acting on them together (issue 14): the table's row selection
 * (only rows still shown stay selected), and a bar with the count and the actions, each behind
 * one confirmation. The server does each row as its own event, and all of them or none.
 */
export function useBulkSelection<T extends { id: string }>(
  rows: readonly T[],
  actions: BulkAction[],
): { rowSelection: TableProps<T>['rowSelection']; bar: ReactNode } {
  const { modal, notification } = App.useApp();
  const [picked, setPicked] = useState<string[]>([]);
  const shown = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const selected = picked.filter((id) => shown.has(id));

  const ask = (action: BulkAction) => {
    const ids = selected;
    modal.confirm({
      title: action.question(ids.length),
      content: action.content,
      okText: action.label,
      okButtonProps: action.danger ? { danger: true } : {},
      async onOk() {
        try {
          await action.run(ids);
          notification.success({ title: action.done(ids.length) });
          setPicked([]);
        } catch (error) {
          notification.error({
            title: action.failed,
            description: serverMessageOf(error) ?? 'Nothing was changed. Please try again.',
          });
        }
      },
    });
  };

  const bar =
    selected.length === 0 ? null : (
      <Space
        wrap
        role="toolbar"
        aria-label="Selected rows"
        style={{
          marginBottom: 12,
          padding: '8px 12px',
          background: '#e6f4f1',
          borderRadius: 8,
          width: '100%',
        }}
      >
        <Typography.Text strong>{selected.length} selected</Typography.Text>
        {actions.map((action) => (
          <Button
            key={action.label}
            size="small"
            danger={action.danger ?? false}
            onClick={() => ask(action)}
          >
            {action.label}
          </Button>
        ))}
        <Button size="small" type="link" onClick={() => setPicked([])}>
          Clear selection
        </Button>
      </Space>
    );

  return {
    rowSelection: {
      selectedRowKeys: selected,
      onChange: (keys) => setPicked(keys.map(String)),
      preserveSelectedRowKeys: false,
    },
    bar,
  };
}
