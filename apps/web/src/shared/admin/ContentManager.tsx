import { Tag } from 'antd';
import { Fragment, type ReactNode, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type FrameLabels, ManagerFrame, ManagerRow } from './ManagerFrame.tsx';
import { useConfirmedDelete } from './notify.tsx';

/** Up to `limit` tags, then '+N more'. */
export function LimitedTags({
  items,
  limit,
  color,
}: {
  items: string[];
  limit: number;
  color?: string;
}) {
  return (
    <>
      {items.slice(0, limit).map((t) => (
        <Tag key={t} color={color}>
          {t}
        </Tag>
      ))}
      {items.length > limit && <Tag>+{items.length - limit} more</Tag>}
    </>
  );
}

interface Managed {
  id: string;
  version: number;
  title: string;
  published: boolean;
}

/** A manager's words: its heading, the search's and the list's nouns, its buttons, and deletion's. */
export interface ManagerLabels extends FrameLabels {
  /** The delete confirmation's question, and the success and failure texts. */
  question: string;
  deleted: string;
  failed: string;
}

/**
 * A content manager (admin.md §2, §5): the frame and one row per item, the inline editor in place
 * of the list while one is open ('new' for a new item), reloading it after a stale save, and
 * deleting behind a confirmation.
 */
export function ContentManager<T extends Managed>(props: {
  labels: ManagerLabels;
  list: {
    data?: T[] | undefined;
    isLoading: boolean;
    isError: boolean;
    refetch(): PromiseLike<{ data?: T[] | undefined }>;
  };
  matches(item: T, search: string): boolean;
  remove(item: { id: string; version: number }): { unwrap(): Promise<unknown> };
  editor(item: T | undefined, controls: { onDone(): void; onReload(): void }): ReactNode;
  /** The public page of a published item (null when it has none yet). */
  viewHref(item: T): string | null;
  /** In place of the Published or Draft badge. */
  status?(item: T): ReactNode;
  badges?(item: T): ReactNode;
  details(item: T): ReactNode;
  /** Beside the heading's buttons (Recently deleted). */
  extra?: ReactNode;
  /** Below an item's details (its History button). */
  history?(item: T): ReactNode;
}) {
  const { labels, list, matches } = props;
  const confirmDelete = useConfirmedDelete();
  const [search, setSearch] = useState('');
  // The open editor is in the address (`?edit=new`, `?edit=<id>`): a Quick Action or a link
  // opens it, Back closes it, and signing in again after the session ended comes back to it.
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  const [editorKey, setEditorKey] = useState(0);
  const all = list.data ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: `matches` is a module function
  const shown = useMemo(() => all.filter((item) => matches(item, search)), [all, search]);
  // The item as it was when its editor opened (or reloaded): a refetch meanwhile must not move
  // the version a save is checked against.
  const opened = useRef<{ key: string; item: T } | null>(null);
  const found = editId && editId !== 'new' ? all.find((item) => item.id === editId) : undefined;
  if (found && opened.current?.key !== `${editId}-${editorKey}`)
    opened.current = { key: `${editId}-${editorKey}`, item: found };
  const editing: T | 'new' | null =
    editId === 'new' ? 'new' : found && opened.current ? opened.current.item : null;
  const location = useLocation();
  const navigate = useNavigate();
  const open = (item: T | 'new') =>
    setParams({ edit: item === 'new' ? 'new' : item.id }, { state: { fromList: true } });
  // Back to the list as it was: the list's own history entry when the editor was opened from it
  // (so 'Back to Dashboard' still goes back), else the editor's entry becomes the list.
  const close = () => {
    if ((location.state as { fromList?: boolean } | null)?.fromList) navigate(-1);
    else setParams({}, { replace: true });
  };

  const reload = async () => {
    await list.refetch();
    setEditorKey((k) => k + 1);
  };

  if (editing)
    return (
      <Fragment key={`${editing === 'new' ? 'new' : editing.id}-${editorKey}`}>
        {props.editor(editing === 'new' ? undefined : editing, {
          onDone: close,
          onReload: reload,
        })}
      </Fragment>
    );

  return (
    <ManagerFrame
      {...labels}
      shown={shown.length}
      total={all.length}
      isLoading={list.isLoading}
      isError={list.isError}
      search={search}
      onSearch={setSearch}
      onNew={() => open('new')}
      extra={props.extra}
    >
      {shown.map((item) => (
        <ManagerRow
          key={item.id}
          title={item.title}
          published={item.published}
          viewHref={props.viewHref(item)}
          status={props.status?.(item)}
          badges={props.badges?.(item)}
          onEdit={() => open(item)}
          onDelete={() =>
            confirmDelete({
              title: labels.question,
              content: item.title,
              remove: () => props.remove({ id: item.id, version: item.version }).unwrap(),
              success: { title: 'Success!', description: labels.deleted },
              failure: { title: labels.failed },
            })
          }
        >
          {props.details(item)}
          {props.history?.(item)}
        </ManagerRow>
      ))}
    </ManagerFrame>
  );
}
