import type { Db } from './db.ts';
import type { EventOf, EventSchemas } from './event-store/catalogue.ts';
import { type CommandHandler, onceForStream } from './event-store/command-handler.ts';
import type { EventStore } from './event-store/event-store.ts';
import type { EventMetadata } from './event-store/types.ts';

/**
 * The owner's notifications, coalesced (a flood cannot bury the owner): in a quiet window the
 * first few items are told one by one, promptly; the rest wait for one digest at the window's
 * end, and while a flood lasts (more than a few in the window before) every item waits for the
 * next digest, so the owner gets at most one e-mail per window. Pure: a module keeps one stream per window
 * (`<module>-notices:<window id>`), folds its three facts (an item counted, a digest scheduled,
 * a digest sent) with the helpers below, queues each item's notice with `coalesceNotice` (which
 * decides with `countNotice`), and sends what `digestOwed` answers through `sendOnce` on the
 * window's stream, from a job that starts at the digest's `dueAt` (a `Subscription` with
 * `startAfter`).
 */

export interface NoticeRules {
  /** The length of a window; also the least time between two digests. */
  windowMs: number;
  /** How many items a quiet window tells one by one before the rest wait for the digest. */
  individualPerWindow: number;
}

/** More than 3 in 5 minutes: the rest come as one digest. */
export const NOTICE_RULES: NoticeRules = { windowMs: 5 * 60_000, individualPerWindow: 3 };

export interface NoticeWindow {
  /** The start as an ISO date: the window's stream is `<module>-notices:<id>`. */
  id: string;
  start: Date;
  end: Date;
}

/** The window `at` falls in (windows start at multiples of `windowMs` since the epoch). */
export function noticeWindowAt(at: Date, rules: NoticeRules = NOTICE_RULES): NoticeWindow {
  const start = Math.floor(at.getTime() / rules.windowMs) * rules.windowMs;
  return {
    id: new Date(start).toISOString(),
    start: new Date(start),
    end: new Date(start + rules.windowMs),
  };
}

/** The window just before this one. */
export function previousNoticeWindow(
  window: NoticeWindow,
  rules: NoticeRules = NOTICE_RULES,
): NoticeWindow {
  return noticeWindowAt(new Date(window.start.getTime() - rules.windowMs), rules);
}

export type NoticeMode = 'individual' | 'digest';

/** What a window's stream says about its notices. */
export interface NoticeWindowState {
  /** Items told one by one. */
  individual: number;
  /** Items meant for a digest, all of them and per tag (such as `held`). */
  digested: number;
  digestedTags: Record<string, number>;
  /** Of those, the ones the digests sent so far have covered. */
  reported: number;
  reportedTags: Record<string, number>;
  /** Up to SAMPLE_SIZE ids of the items waiting for the next digest (it names a few). */
  sample: string[];
  /** The digest scheduled and not yet sent: when it is due. */
  pendingDueAt: string | null;
  /** The latest digest ever scheduled in this window: the next one waits a window after it. */
  lastDueAt: string | null;
}

export const NOTICE_SAMPLE_SIZE = 10;

export const emptyNoticeWindow = (): NoticeWindowState => ({
  individual: 0,
  digested: 0,
  digestedTags: {},
  reported: 0,
  reportedTags: {},
  sample: [],
  pendingDueAt: null,
  lastDueAt: null,
});

const addTags = (
  counts: Record<string, number>,
  tags: readonly string[],
  by = 1,
): Record<string, number> => {
  const next = { ...counts };
  for (const tag of tags) next[tag] = (next[tag] ?? 0) + by;
  return next;
};

// Folding a window's facts (a module's evolve calls these for its three event types).

export function noticeCounted(
  state: NoticeWindowState,
  item: { id: string; mode: NoticeMode; tags?: readonly string[] | undefined },
): NoticeWindowState {
  if (item.mode === 'individual') return { ...state, individual: state.individual + 1 };
  return {
    ...state,
    digested: state.digested + 1,
    digestedTags: addTags(state.digestedTags, item.tags ?? []),
    sample: state.sample.length < NOTICE_SAMPLE_SIZE ? [...state.sample, item.id] : state.sample,
  };
}

export function digestScheduled(state: NoticeWindowState, dueAt: string): NoticeWindowState {
  return { ...state, pendingDueAt: dueAt, lastDueAt: dueAt };
}

export function digestSent(
  state: NoticeWindowState,
  digest: { count: number; tags: Record<string, number> },
): NoticeWindowState {
  let reportedTags = state.reportedTags;
  for (const [tag, n] of Object.entries(digest.tags))
    reportedTags = addTags(reportedTags, [tag], n);
  return {
    ...state,
    reported: state.reported + digest.count,
    reportedTags,
    sample: [],
    pendingDueAt: null,
  };
}

// Deciding.

export interface CountedNotice {
  mode: NoticeMode;
  /** When a digest must be scheduled for this item: none is pending in the window yet. */
  scheduleDigestAt: Date | null;
}

/**
 * How a new item is told, at `window` (the one `now` falls in), given that window's state and
 * the one before: one by one while the window is quiet (fewer than `individualPerWindow` told
 * and none waiting in it, and no more than that in the window before); otherwise in a digest,
 * due at the end of the window and at least a window after the digest before it.
 */
export function countNotice(
  current: NoticeWindowState,
  previous: NoticeWindowState,
  window: NoticeWindow,
  rules: NoticeRules = NOTICE_RULES,
): CountedNotice {
  const flooding =
    previous.individual + previous.digested > rules.individualPerWindow || current.digested > 0;
  if (!flooding && current.individual < rules.individualPerWindow)
    return { mode: 'individual', scheduleDigestAt: null };
  if (current.pendingDueAt) return { mode: 'digest', scheduleDigestAt: null };
  const after = [current.lastDueAt, previous.lastDueAt]
    .filter((at): at is string => at !== null)
    .map((at) => Date.parse(at) + rules.windowMs);
  return {
    mode: 'digest',
    scheduleDigestAt: new Date(Math.max(window.end.getTime(), ...after)),
  };
}

export interface OwedDigest {
  /** Items not yet covered by a digest. */
  count: number;
  /** Of those, how many carry each tag. */
  tags: Record<string, number>;
  /** A few of their ids, to name in the digest. */
  sample: string[];
}

/** What the window's next digest must cover; null when every item has been told. */
export function digestOwed(state: NoticeWindowState): OwedDigest | null {
  const count = state.digested - state.reported;
  if (count <= 0) return null;
  const tags: Record<string, number> = {};
  for (const [tag, n] of Object.entries(state.digestedTags)) {
    const left = n - (state.reportedTags[tag] ?? 0);
    if (left > 0) tags[tag] = left;
  }
  return { count, tags, sample: state.sample };
}

/**
 * Queues one item's notice, once, however often or however concurrently its job runs: under
 * the lock of the window `at` falls in, that window's state and the one before it decide how it
 * is told (`countNotice`); `queue` records that on the item's own stream (nothing when no notice
 * is owed, or when a run before queued it: the item's stream is where a second run finds it,
 * whichever window it runs in), and `count` on the window's stream, in the same transaction.
 * An e-mail of its own, if that is how it is told, is then the item's job's to send once.
 */
export async function coalesceNotice<ItemState, IS extends EventSchemas, WS extends EventSchemas>(
  deps: { db: Db; store: EventStore },
  notice: {
    at: Date;
    rules?: NoticeRules;
    windows: CommandHandler<NoticeWindowState, WS>;
    windowStream(windowId: string): string;
    items: CommandHandler<ItemState, IS>;
    itemStream: string;
    queue(state: ItemState, window: NoticeWindow, counted: CountedNotice): EventOf<IS>[];
    count(queued: EventOf<IS>[], window: NoticeWindow, counted: CountedNotice): EventOf<WS>[];
  },
  metadata: EventMetadata,
): Promise<void> {
  const rules = notice.rules ?? NOTICE_RULES;
  const window = noticeWindowAt(notice.at, rules);
  await onceForStream(
    deps,
    notice.windows,
    notice.windowStream(window.id),
    async (current, trx) => {
      const before = await deps.store.readStream(
        notice.windowStream(previousNoticeWindow(window, rules).id),
        trx,
      );
      const counted = countNotice(current, notice.windows.fold(before), window, rules);
      const decided: { queued: EventOf<IS>[] } = { queued: [] };
      await notice.items(
        deps.store,
        notice.itemStream,
        (state) => {
          decided.queued = notice.queue(state, window, counted);
          return decided.queued;
        },
        { metadata, trx, retryOnConflict: true },
      );
      return decided.queued.length > 0 ? notice.count(decided.queued, window, counted) : [];
    },
    metadata,
  );
}

// Items screened at intake (a contact message, a job application): one held for the
// administrator's review (only its speed looked automated) is told as `held`; released, it is
// owed the usual notice (`new`), as one that was never held is. Spam is told nothing.

/** What the owner is told of a screened item: `new` (the usual notice) or `held` for review. */
export const NOTICE_KINDS = ['new', 'held'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What the notice decisions need to know of a screened item, folded from its stream. */
export interface ScreenedItem {
  /** It exists, is not deleted and is not spam: the owner is to hear of it. */
  tellable: boolean;
  /** Held for review (its notice is `held` until it is released). */
  held: boolean;
  /** How each kind of notice was queued: on its own or for a digest. */
  notices: Partial<Record<NoticeKind, NoticeMode>>;
  /** The e-mails of its own sent, per kind. */
  notified: Partial<Record<NoticeKind, true>>;
}

/** The notice an item is owed and has not had queued: none for spam, nor twice. */
export function owedScreenedNotice(item: ScreenedItem): NoticeKind | null {
  if (!item.tellable) return null;
  const kind: NoticeKind = item.held ? 'held' : 'new';
  return item.notices[kind] || item.notified[kind] ? null : kind;
}

/**
 * The e-mail of its own a queued notice is owed, once: the `held` one while the item is still
 * held, the `new` one once it is not (a digest tells the rest).
 */
export function owedScreenedNoticeMail(item: ScreenedItem): NoticeKind | null {
  if (!item.tellable) return null;
  const kind: NoticeKind = item.held ? 'held' : 'new';
  return item.notices[kind] === 'individual' && !item.notified[kind] ? kind : null;
}
