import type { Db, Trx } from './db.ts';
import type { EventOf, EventSchemas } from './event-store/catalogue.ts';
import type { CommandHandler } from './event-store/command-handler.ts';
import type { EventStore } from './event-store/event-store.ts';
import type { EventMetadata, StoredEvent } from './event-store/types.ts';
import type { Mailer, MailMessage } from './mail.ts';

/**
 * The owner's notifications, coalesced (a flood cannot bury the owner), in rounds:
 *
 * - The first notice of a quiet period opens a round, due `gatherMs` (2 s) later; the notices
 *   that come meanwhile join it. A round that is due while its notices are still coming waits
 *   until they pause for `quietMs`, `maxGatherMs` after it opened at the latest, so a burst
 *   makes one round.
 * - When a round settles, a few (with the ones told one by one in the last `windowMs`, no more
 *   than `individualPerWindow`) are e-mailed one by one; more make ONE digest: the count, the
 *   held for review among them, a few named, the link.
 * - After a digest (or once the few one by one are spent), the next round is due `windowMs`
 *   after the latest e-mail: while a flood lasts the owner gets one e-mail per `windowMs`.
 *
 * So a lone enquiry reaches the owner within a few seconds, 300 at once make one digest as soon
 * as they stop, and a flood makes at most one e-mail every 5 minutes.
 *
 * Pure decisions (`countNotice`, `settleNotices`, on an injected clock) over the facts a
 * module keeps in its notices windows (streams `<module>-notices:<window start>`, a window
 * every `windowMs`), folded with the helpers below. Every decision is taken under one lock per
 * module (`coalesceNotices`, `settleRound`), so two notices never open two rounds, and a round's
 * e-mails go out once however often, or however concurrently, its jobs run.
 */

export interface NoticeRules {
  /** How long the first notice of a quiet period waits for others before the round settles. */
  gatherMs: number;
  /** A round still due while notices come waits until they pause this long... */
  quietMs: number;
  /** ...but settles this long after it opened at the latest (a flood that never stops). */
  maxGatherMs: number;
  /**
   * The length of a notices window (a stream), and the least time from the latest e-mail of a
   * busy period (a digest, or the few told one by one) to the next.
   */
  windowMs: number;
  /** How many notices may be e-mailed one by one within `windowMs`. */
  individualPerWindow: number;
}

/** A round 2 s after the first notice; more than 3 in 5 minutes come as one digest. */
export const NOTICE_RULES: NoticeRules = {
  gatherMs: 2_000,
  quietMs: 750,
  maxGatherMs: 30_000,
  windowMs: 5 * 60_000,
  individualPerWindow: 3,
};

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

/**
 * The windows a decision at `at` reads, newest first: this one and the two before. Enough to
 * see a round still open (it opened at most a window before it is due) and every e-mail of
 * the last `windowMs` (recorded in its round's window).
 */
export function noticeWindowsAround(at: Date, rules: NoticeRules = NOTICE_RULES): NoticeWindow[] {
  const current = noticeWindowAt(at, rules);
  const previous = previousNoticeWindow(current, rules);
  return [current, previous, previousNoticeWindow(previous, rules)];
}

/**
 * How a notice is counted: `gathered` in a round (how it is told is decided when the round
 * settles). `individual` and `digest` are older windows' modes (told alone at once, or in the
 * window's digest), still read.
 */
export type NoticeMode = 'gathered' | 'individual' | 'digest';
export const NOTICE_MODES = ['gathered', 'individual', 'digest'] as const;

/** An item waiting in a round, with its tags (such as `held`). */
export interface NoticeItem {
  id: string;
  tags: string[];
}

/** What a window's stream says about its notices. */
export interface NoticeWindowState {
  /** Items counted for a round (or an older window's digest), all of them and per tag. */
  counted: number;
  countedTags: Record<string, number>;
  /** Of those, the ones settled rounds have covered (in a digest or one by one). */
  settled: number;
  settledTags: Record<string, number>;
  /** The first items waiting for the open round (up to NOTICE_SAMPLE_SIZE). */
  sample: NoticeItem[];
  /** The round open in this window: when it opened, when it is due, its latest notice. */
  pendingSince: string | null;
  pendingDueAt: string | null;
  lastCountedAt: string | null;
  /** The items rounds told one by one (an e-mail of its own each), and when. */
  separately: (NoticeItem & { at: string | null })[];
  /** When each digest of this window went out. */
  digestsAt: (string | null)[];
  /** Items an older window told alone at once (their own job sends their e-mail). */
  individual: number;
}

export const NOTICE_SAMPLE_SIZE = 10;

export const emptyNoticeWindow = (): NoticeWindowState => ({
  counted: 0,
  countedTags: {},
  settled: 0,
  settledTags: {},
  sample: [],
  pendingSince: null,
  pendingDueAt: null,
  lastCountedAt: null,
  separately: [],
  digestsAt: [],
  individual: 0,
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

// Folding a window's facts (a module's evolve calls these for its event types).

export function noticeCounted(
  state: NoticeWindowState,
  item: { id: string; mode: NoticeMode; tags?: readonly string[] | undefined; at?: string },
): NoticeWindowState {
  if (item.mode === 'individual') return { ...state, individual: state.individual + 1 };
  const tags = [...(item.tags ?? [])];
  return {
    ...state,
    counted: state.counted + 1,
    countedTags: addTags(state.countedTags, tags),
    sample:
      state.sample.length < NOTICE_SAMPLE_SIZE
        ? [...state.sample, { id: item.id, tags }]
        : state.sample,
    lastCountedAt: item.at ?? state.lastCountedAt,
  };
}

/** A round opened (or, still due while notices came, put off) until `dueAt`. */
export function digestScheduled(
  state: NoticeWindowState,
  dueAt: string,
  at?: string,
): NoticeWindowState {
  return {
    ...state,
    pendingDueAt: dueAt,
    pendingSince: state.pendingDueAt ? state.pendingSince : (at ?? state.pendingSince),
  };
}

const settledRound = (
  state: NoticeWindowState,
  count: number,
  tags: Record<string, number>,
): NoticeWindowState => {
  let settledTags = state.settledTags;
  for (const [tag, n] of Object.entries(tags)) settledTags = addTags(settledTags, [tag], n);
  return {
    ...state,
    settled: state.settled + count,
    settledTags,
    sample: [],
    pendingSince: null,
    pendingDueAt: null,
  };
};

/** The round settled in one digest (sent at `at`). */
export function digestSent(
  state: NoticeWindowState,
  digest: { count: number; tags: Record<string, number>; at?: string | undefined },
): NoticeWindowState {
  const next = settledRound(state, digest.count, digest.tags);
  return { ...next, digestsAt: [...state.digestsAt, digest.at ?? null] };
}

/** The round settled with these items told one by one (from `at`). */
export function noticesToldSeparately(
  state: NoticeWindowState,
  told: { items: readonly NoticeItem[]; at: string },
): NoticeWindowState {
  const tags: Record<string, number> = {};
  for (const item of told.items) for (const tag of item.tags) tags[tag] = (tags[tag] ?? 0) + 1;
  const next = settledRound(state, told.items.length, tags);
  return {
    ...next,
    separately: [...state.separately, ...told.items.map((item) => ({ ...item, at: told.at }))],
  };
}

// Deciding.

/** A window and what its stream says. */
export interface NoticeView {
  window: NoticeWindow;
  state: NoticeWindowState;
}

/** The e-mails of the last `windowMs` before `now`, across the windows read. */
function recentMails(views: readonly NoticeView[], now: Date, rules: NoticeRules) {
  const since = now.getTime() - rules.windowMs;
  const recent = (at: string | null) => at !== null && Date.parse(at) > since;
  let latest = Number.NEGATIVE_INFINITY;
  let digests = 0;
  let separately = 0;
  for (const { state } of views) {
    for (const at of state.digestsAt.filter(recent)) {
      digests++;
      latest = Math.max(latest, Date.parse(at!));
    }
    for (const item of state.separately.filter((i) => recent(i.at))) {
      separately++;
      latest = Math.max(latest, Date.parse(item.at!));
    }
  }
  return { digests, separately, latest };
}

export interface CountedNotice {
  /** The window whose round it joins (or opens). */
  window: NoticeWindow;
  /** When the round it opens is due; null when it joins the open one. */
  dueAt: Date | null;
}

/**
 * Where a new notice goes, at `now`, given the windows around it (`noticeWindowsAround`,
 * newest first): into the open round if there is one (due again `gatherMs` later if it is
 * `maxGatherMs` past its due time and still open); else it opens one in the current window,
 * due `gatherMs` later, or, in a busy period (a digest in the last `windowMs`, or the few one by
 * one spent), `windowMs` after the latest e-mail.
 */
export function countNotice(
  views: readonly NoticeView[],
  now: Date,
  rules: NoticeRules = NOTICE_RULES,
): CountedNotice {
  const open = views.find((v) => v.state.pendingDueAt !== null);
  if (open) {
    // Still open long after it was due, the round lost its job (the process that ran it had no
    // ADMIN_EMAIL then, or the job failed for good): the notice that joins it makes it due again.
    const overdue = now.getTime() > Date.parse(open.state.pendingDueAt!) + rules.maxGatherMs;
    return {
      window: open.window,
      dueAt: overdue ? new Date(now.getTime() + rules.gatherMs) : null,
    };
  }
  const recent = recentMails(views, now, rules);
  const busy = recent.digests > 0 || recent.separately >= rules.individualPerWindow;
  const gathered = now.getTime() + rules.gatherMs;
  return {
    window: views[0]!.window,
    dueAt: new Date(busy ? Math.max(gathered, recent.latest + rules.windowMs) : gathered),
  };
}

export interface OwedDigest {
  /** Items not yet covered by a settled round. */
  count: number;
  /** Of those, how many carry each tag. */
  tags: Record<string, number>;
  /** A few of their ids, to name in the digest. */
  sample: string[];
}

/** What the window's open round must cover; null when every item has been told. */
export function digestOwed(state: NoticeWindowState): OwedDigest | null {
  const count = state.counted - state.settled;
  if (count <= 0) return null;
  const tags: Record<string, number> = {};
  for (const [tag, n] of Object.entries(state.countedTags)) {
    const left = n - (state.settledTags[tag] ?? 0);
    if (left > 0) tags[tag] = left;
  }
  return { count, tags, sample: state.sample.map((item) => item.id) };
}

export type NoticeSettlement =
  /** Notices still come: the round waits until `dueAt`. */
  | { kind: 'later'; dueAt: Date }
  /** A few: each told in an e-mail of its own. */
  | { kind: 'separately'; items: NoticeItem[] }
  /** More: one digest. */
  | { kind: 'digest'; owed: OwedDigest };

/**
 * How the round open in `round` settles at `now` (its job has started), given the windows
 * around (`noticeWindowsAround(now)`, and the round's own): null when it has settled already
 * (a second run), or was put off since the job's `dueAt`; later while its notices still come (the
 * latest less than `quietMs` before the round's due time, and that not yet `maxGatherMs` after
 * it opened); else one by one when they are few (with those told one
 * by one in the last `windowMs`, at most `individualPerWindow`, and no digest meanwhile), or
 * one digest.
 */
export function settleNotices(
  round: NoticeWindowState,
  views: readonly NoticeView[],
  now: Date,
  rules: NoticeRules = NOTICE_RULES,
  /** The due time of the job deciding: a job of a round put off since then does nothing. */
  dueAt?: string,
): NoticeSettlement | null {
  if (round.pendingDueAt === null) return null;
  if (dueAt !== undefined && round.pendingDueAt !== dueAt) return null;
  const owed = digestOwed(round);
  if (!owed) return { kind: 'separately', items: [] };
  if (round.lastCountedAt && round.pendingSince) {
    // Compared with the time the job was due, not the clock: its job runs once it is due (by
    // the database's clock), and a second run of it finds the round put off already.
    const quietAt = Date.parse(round.lastCountedAt) + rules.quietMs;
    const latest = Date.parse(round.pendingSince) + rules.maxGatherMs;
    const dueAt = Math.min(quietAt, latest);
    if (dueAt > Date.parse(round.pendingDueAt)) return { kind: 'later', dueAt: new Date(dueAt) };
  }
  const recent = recentMails(views, now, rules);
  if (
    recent.digests === 0 &&
    owed.count + recent.separately <= rules.individualPerWindow &&
    owed.count <= round.sample.length
  )
    return { kind: 'separately', items: round.sample };
  return { kind: 'digest', owed };
}

// Doing: one lock per module for every decision about its notices.

/** A module's notices: its lock, its windows' streams and how they fold. */
export interface NoticeStreams<WS extends EventSchemas> {
  /** The name of the module's lock (one decision at a time), such as `contact-notices`. */
  lock: string;
  windows: CommandHandler<NoticeWindowState, WS>;
  windowStream(windowId: string): string;
  rules?: NoticeRules;
}

/**
 * Each window's state as last read under its module's lock, with the version and position of
 * the last event it folds: a flood's next batch reads only what was appended since, not the
 * whole window again (its rows grow by one per notice). Streams are append-only; should the
 * event at that version not be the one known (a database restored or reset), the stream is
 * read whole. Kept only from reads made before the transaction writes, so a rollback cannot
 * leave here what the database does not hold. Bounded, oldest out.
 */
const foldedWindows = new Map<
  string,
  { version: number; position: number; state: NoticeWindowState }
>();
const FOLDED_WINDOWS_MAX = 32;

async function readViews<WS extends EventSchemas>(
  store: EventStore,
  streams: NoticeStreams<WS>,
  windows: readonly NoticeWindow[],
  trx: Trx,
): Promise<NoticeView[]> {
  const ids = windows.map((window) => streams.windowStream(window.id));
  const read = await store.readStreamsFrom(
    ids.map((streamId) => ({ streamId, version: foldedWindows.get(streamId)?.version ?? 0 })),
    trx,
  );
  const views: NoticeView[] = [];
  for (const [i, window] of windows.entries()) {
    const streamId = ids[i]!;
    const known = foldedWindows.get(streamId);
    let events = read.get(streamId) ?? [];
    let state: NoticeWindowState;
    if (known && events[0]?.version === known.version && events[0].position === known.position)
      state = evolveWith(streams, known.state, events.slice(1));
    else {
      if (known) events = await store.readStream(streamId, trx);
      state = streams.windows.fold(events);
    }
    const last = events.at(-1);
    foldedWindows.delete(streamId);
    if (last)
      foldedWindows.set(streamId, { version: last.version, position: last.position, state });
    if (foldedWindows.size > FOLDED_WINDOWS_MAX)
      foldedWindows.delete(foldedWindows.keys().next().value!);
    views.push({ window, state });
  }
  return views;
}

const evolveWith = <WS extends EventSchemas>(
  streams: NoticeStreams<WS>,
  state: NoticeWindowState,
  stored: readonly StoredEvent[],
) =>
  stored.reduce(
    (s, e) => streams.windows.decider.evolve(s, streams.windows.decider.events.parse(e)),
    state,
  );

const lockNotices = (trx: Trx, lock: string) =>
  trx.raw('select pg_advisory_xact_lock(hashtext(?))', [lock]);

/**
 * Counts the notices of several items (a batch of jobs), once each, however often or however
 * concurrently their jobs run: under the module's lock, each item's notice is queued on its
 * own stream (`queue`: nothing when none is owed, or when a run before queued it) and the
 * batch's notices counted together in the round `countNotice` gives them (`count`: the
 * window's events, one for the batch, and the round's opening if they are its first), all in
 * one transaction. Answers each item's state after it.
 */
export async function coalesceNotices<ItemState, IS extends EventSchemas, WS extends EventSchemas>(
  deps: { db: Db; store: EventStore },
  streams: NoticeStreams<WS>,
  notice: {
    at: Date;
    items: CommandHandler<ItemState, IS>;
    /** Each item's stream, and the metadata of the job about it. */
    of: readonly { stream: string; metadata: EventMetadata }[];
    /** The events that queue the `index`th item's notice (none when none is owed). */
    queue(state: ItemState, window: NoticeWindow, index: number): EventOf<IS>[];
    /** The window's events that count these queued notices (and open the round at `dueAt`). */
    count(queued: EventOf<IS>[], window: NoticeWindow, dueAt: Date | null): EventOf<WS>[];
  },
): Promise<ItemState[]> {
  const rules = streams.rules ?? NOTICE_RULES;
  const items = notice.items.decider;
  return deps.db.transaction(async (trx) => {
    await lockNotices(trx, streams.lock);
    const views = await readViews(deps.store, streams, noticeWindowsAround(notice.at, rules), trx);
    // Every item's stream in one query, and every event of the batch in one statement (under
    // the lock no other notice decision runs; an item's other writers only add after it).
    const histories = await deps.store.readStreams(
      notice.of.map((item) => item.stream),
      trx,
    );
    const known = new Map<string, ItemState>();
    const states: ItemState[] = new Array(notice.of.length);
    type Decided = { index: number; stream: string; state: ItemState; queued: EventOf<IS>[] };
    let chunk: Decided[] = [];
    const inChunk = new Set<string>();
    // Where the chunk's notices are counted: decided once, as for its first notice (the others,
    // at the same time, join the round it opens or found open).
    let counted: CountedNotice | undefined;
    const flush = async () => {
      const queued = chunk.filter((d) => d.queued.length > 0);
      // One event counts the chunk's notices (a window's stream grew by one row per notice,
      // half of a flood's appends).
      const counts: { streamId: string; events: EventOf<WS>[]; metadata: EventMetadata }[] = [];
      if (counted && queued.length > 0) {
        const view = views.find((v) => v.window.id === counted!.window.id)!;
        const events = notice.count(
          queued.flatMap((d) => d.queued),
          view.window,
          counted.dueAt,
        );
        const streamId = streams.windowStream(view.window.id);
        counts.push({ streamId, events, metadata: notice.of[queued[0]!.index]!.metadata });
        // The next chunk joins the round this one opened.
        view.state = events.reduce(
          (state, event) =>
            streams.windows.decider.evolve(
              state,
              streams.windows.decider.events.parse(unsaved(streamId, event)),
            ),
          view.state,
        );
      }
      const stored = await deps.store.appendToStreams(trx, [
        ...queued.map((d) => ({
          streamId: d.stream,
          events: d.queued,
          metadata: notice.of[d.index]!.metadata,
        })),
        ...counts,
      ]);
      const indexOf = new Map(queued.map((d, i) => [d, i]));
      for (const d of chunk) {
        const i = indexOf.get(d) ?? -1;
        const after =
          i < 0
            ? d.state
            : stored[i]!.reduce((s, e) => items.evolve(s, items.events.parse(e)), d.state);
        states[d.index] = after;
        known.set(d.stream, after);
      }
      chunk = [];
      inChunk.clear();
      counted = undefined;
    };
    for (const [index, item] of notice.of.entries()) {
      // The same item twice in a batch (its arrival and its release): the first is written first.
      if (inChunk.has(item.stream)) await flush();
      inChunk.add(item.stream);
      const state = known.get(item.stream) ?? notice.items.fold(histories.get(item.stream) ?? []);
      counted ??= countNotice(views, notice.at, rules);
      const queued = notice.queue(state, counted.window, index);
      chunk.push({ index, stream: item.stream, state, queued });
    }
    await flush();
    return states;
  });
}

/** A new event as a decision's fold sees it before it is stored. */
const unsaved = (streamId: string, event: { type: string; data?: unknown }): StoredEvent => ({
  position: 0,
  streamId,
  streamType: '',
  version: 0,
  type: event.type,
  data: event.data ?? {},
  metadata: { actor: 'worker' },
  occurredAt: new Date(0),
});

/** A round's settlement as the module records it and tells it. */
export interface RoundSettling<WS extends EventSchemas> {
  /** The round's window (its stream holds the round), and the due time of the job. */
  window: string;
  dueAt: string;
  at: Date;
  metadata: EventMetadata;
  /** Put off: the window's event that makes its job start again at `dueAt`. */
  later(dueAt: Date): EventOf<WS>[];
  /** Told one by one: the window's record (the e-mails follow, by `tellSeparately`). */
  separately(items: NoticeItem[]): EventOf<WS>[];
  /** One digest: the e-mail (sent under the lock) and its record. */
  digest(owed: OwedDigest, settledBefore: number): { mail: MailMessage; recorded: EventOf<WS>[] };
  /** An item a round told one by one: its e-mail, sent once (on the item's own stream). */
  tellSeparately(item: NoticeItem): Promise<void>;
}

/**
 * Settles the round open in a window, once (its job, at its due time): under the module's lock
 * the windows around decide (`settleNotices`); a digest is sent then and there and recorded in
 * the same transaction (a second run finds the round settled); items told one by one are
 * recorded, then each e-mailed once through its own stream (a second run sends only what is
 * still owed). Answers the settlement (null when there was nothing to do).
 */
export async function settleRound<WS extends EventSchemas>(
  deps: { db: Db; store: EventStore; mailer: Mailer },
  streams: NoticeStreams<WS>,
  round: RoundSettling<WS>,
): Promise<NoticeSettlement | null> {
  const rules = streams.rules ?? NOTICE_RULES;
  const { settlement, separately } = await deps.db.transaction(async (trx) => {
    await lockNotices(trx, streams.lock);
    const around = noticeWindowsAround(round.at, rules);
    const views = await readViews(
      deps.store,
      streams,
      around.some((w) => w.id === round.window)
        ? around
        : [...around, noticeWindowAt(new Date(round.window), rules)],
      trx,
    );
    const own = views.find((v) => v.window.id === round.window)!;
    const settlement = settleNotices(own.state, views, round.at, rules, round.dueAt);
    let events: EventOf<WS>[] = [];
    if (settlement?.kind === 'later') events = round.later(settlement.dueAt);
    else if (settlement?.kind === 'separately') events = round.separately(settlement.items);
    else if (settlement?.kind === 'digest') {
      const due = round.digest(settlement.owed, own.state.settled);
      await deps.mailer.send(due.mail);
      events = due.recorded;
    }
    const stored = await deps.store.append(streams.windowStream(round.window), 'any', events, {
      metadata: round.metadata,
      trx,
    });
    return { settlement, separately: evolveWith(streams, own.state, stored).separately };
  });
  // Told one by one (or a second run): every item this window told so, e-mailed if it is still
  // owed (a run before may have stopped half-way).
  if (settlement === null || settlement.kind === 'separately')
    for (const item of separately) await round.tellSeparately(item);
  return settlement;
}

/**
 * A window's state read without the lock, before a round settles: the items a digest would
 * name (to look them up first), when the round opened. The lock's decision may differ.
 */
export async function roundPreview<WS extends EventSchemas>(
  store: EventStore,
  streams: NoticeStreams<WS>,
  window: string,
): Promise<NoticeWindowState> {
  return streams.windows.fold(await store.readStream(streams.windowStream(window)));
}

// Items screened at intake (a contact message, a job application): one held for the
// administrator's review (only its speed looked automated) is told as `held`; released, it is
// owed the usual notice (`new`), as one that was never held is. Spam is told nothing.

/** What the owner is told of a screened item: `new` (the usual notice) or `held` for review. */
export const NOTICE_KINDS = ['new', 'held'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** A notice's kind as its tags in a window (`held`). */
export const noticeTags = (kind: NoticeKind | undefined): string[] =>
  kind === 'held' ? ['held'] : [];
export const noticeKindOf = (item: NoticeItem): NoticeKind =>
  item.tags.includes('held') ? 'held' : 'new';

/** What the notice decisions need to know of a screened item, folded from its stream. */
export interface ScreenedItem {
  /** It exists, is not deleted and is not spam: the owner is to hear of it. */
  tellable: boolean;
  /** Held for review (its notice is `held` until it is released). */
  held: boolean;
  /** How each kind of notice was queued. */
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
 * held, the `new` one once it is not; owed when its round told it one by one (`toldSeparately`:
 * the kind the round told), or when an older window queued it to go alone.
 */
export function owedScreenedNoticeMail(
  item: ScreenedItem,
  toldSeparately?: NoticeKind,
): NoticeKind | null {
  if (!item.tellable) return null;
  const kind: NoticeKind = item.held ? 'held' : 'new';
  const alone = toldSeparately === kind || item.notices[kind] === 'individual';
  return alone && !item.notified[kind] ? kind : null;
}
