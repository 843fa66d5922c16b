import type { Trx } from '../db.ts';

/** Who and what caused an event; stored beside it. */
export interface EventMetadata {
  /** 'admin:<username>', 'visitor', 'worker' or 'cli'. */
  actor: string;
  requestId?: string | undefined;
  /** Position of the event that caused this one, when a handler appended it. */
  causationId?: number | undefined;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface StoredEvent<Type extends string = string, Data = unknown> {
  position: number;
  streamId: string;
  streamType: string;
  version: number;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  occurredAt: Date;
  /**
   * Its personal fields' key is gone (the person was erased): they read as `[erased]`.
   * Projections leave such an event out (see `defineProjection`).
   */
  erased?: boolean;
}

/** `'any'` skips the check (append-only streams such as login attempts); `0` means a new stream. */
export type ExpectedVersion = number | 'any';

/** A part of one SQL statement: its text, with `?` placeholders, and their values in order. */
export interface SqlPart {
  sql: string;
  bindings: unknown[];
}

/**
 * A statement of the caller's that an append runs first, and that may stop it: a request's
 * count against its rate limit (see RateLimiter.countWith). A create in one statement runs it
 * inside that statement (its count commits, with the events or alone); otherwise it runs on its
 * own just before the append's transaction. Used once.
 */
export interface AppendGate {
  /** Data-modifying, returning one row with a boolean `ok` (false: nothing may be written). */
  statement: SqlPart;
  /** Reads the row: throws (the 429) when it is not ok. */
  check(row: Record<string, unknown>): void;
  /** Whether it ran already (its count is in). */
  readonly done: boolean;
  /** Marks it as run. */
  ran(): void;
}

/** An event of a new stream as the statement that stores it sees it: not yet numbered in the log. */
export interface PendingEvent<Type extends string = string, Data = unknown> {
  streamId: string;
  version: number;
  type: Type;
  data: Data;
}

/**
 * A read model kept from events. Inline projections run in the append's transaction, so the
 * API reads what it just wrote; async ones run in the worker. Both must be idempotent and are
 * replayed by `make rebuild-projections`.
 */
export interface Projection {
  name: string;
  mode: 'inline' | 'async';
  /** Tables it owns: emptied before a replay. */
  tables: string[];
  handles: readonly string[];
  apply(trx: Trx, event: StoredEvent): Promise<void>;
  /**
   * Optional: what `apply` does for each of these events in turn (in log order), in fewer
   * statements: a worker's batch of jobs, an append to many streams. Must leave the same rows.
   */
  applyBatch?(trx: Trx, events: readonly StoredEvent[]): Promise<void>;
  /**
   * Optional, inline projections only: what `apply` does for the events of a new stream, as one
   * data-modifying statement that runs inside the append's single statement (a create in one
   * round trip). It reads the events just stored, numbered, from `appended` (`position`,
   * `version`, `occurred_at`, ...) and must leave the same rows as `apply` would. Undefined
   * (or no `statement`): the append goes the usual way, a transaction with `apply`.
   */
  statement?(events: readonly PendingEvent[]): SqlPart | undefined;
}

/** A worker queue that receives certain events (enrichment, e-mail, async projections). */
export interface Subscription {
  queue: string;
  handles: readonly string[];
  /**
   * When the job may start, if not at once (a digest due at the end of its window): read from
   * the event, in the append's transaction.
   */
  startAfter?(event: StoredEvent): Date | undefined;
  /**
   * A fixed pause after the event before the job may start (an async projection's, the owner's
   * notice's): unlike `startAfter`, it needs nothing of the stored event, so a new stream's
   * single statement can write it too.
   */
  delayMs?: number;
}

/** When a subscription's job for `event` may start: undefined for at once. */
export function jobStart(sub: Subscription, event: StoredEvent): Date | undefined {
  const at = sub.startAfter?.(event);
  if (at) return at;
  return sub.delayMs ? new Date(event.occurredAt.getTime() + sub.delayMs) : undefined;
}

/** The job payload of a subscription: only ids, the handler reads the event itself. */
export interface EventJob {
  position: number;
  streamId: string;
  type: string;
}

/** A job for a subscribed queue. */
export interface QueuedJob {
  queue: string;
  data: EventJob;
  /** Not before then (the subscription's `startAfter`); at once when absent. */
  startAfter?: Date | undefined;
}

/** Creates a job in the caller's transaction, so it exists only if the events commit. */
export type EnqueueInTransaction = (
  trx: Trx,
  queue: string,
  data: EventJob,
  options?: { startAfter?: Date | undefined },
) => Promise<void>;

/**
 * Creates all of an append's jobs at once in the caller's transaction (pg-boss's: one
 * statement), so they exist only if the events commit.
 */
export interface JobOutbox {
  enqueueAll(trx: Trx, jobs: readonly QueuedJob[]): Promise<void>;
  /**
   * Optional: the same jobs as parts of the append's single statement (a new stream's), one per
   * event `version` of `appended`, due `delayMs` after now: `ready`, a condition that every queue exists (else the
   * statement writes nothing and the append goes the usual way, which says which is missing),
   * `insert`, the data-modifying statement, and `committed`, to call once it has committed.
   */
  statement?(jobs: readonly { queue: string; version: number; delayMs: number }[]): {
    ready: SqlPart;
    insert: SqlPart;
    committed(): void;
  };
}

export function streamTypeOf(streamId: string): string {
  const colon = streamId.indexOf(':');
  return colon === -1 ? streamId : streamId.slice(0, colon);
}
