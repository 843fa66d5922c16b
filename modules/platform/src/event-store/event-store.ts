import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { type Db, isPgError, PG_UNIQUE_VIOLATION, type Trx } from '../db.ts';
import { ConcurrencyError } from '../errors.ts';
import {
  batchEvents,
  openEvents,
  type PlannedKeys,
  sealEvents,
  sealEventsOfStreams,
  sealNewStream,
  withClearData,
} from '../personal-data/fields.ts';
import { forgetKey, PERSONAL_KEYS, rememberKey } from '../personal-data/keys.ts';
import { ShapeCache } from './shape-cache.ts';
import {
  type AppendGate,
  type EnqueueInTransaction,
  type EventMetadata,
  type ExpectedVersion,
  type JobOutbox,
  jobStart,
  type NewEvent,
  type PendingEvent,
  type Projection,
  type QueuedJob,
  type SqlPart,
  type StoredEvent,
  type Subscription,
  streamTypeOf,
} from './types.ts';

/** Streams read ahead in a transaction (see `withStreamsRead`). */
const streamsRead = new AsyncLocalStorage<{ trx: Trx; streams: Map<string, StoredEvent[]> }>();

/**
 * Runs `fn` with these streams, read in `trx`, answering `readStream(id)` in `trx` from memory:
 * a worker's batch of async-projection jobs reads the streams its projection looks at in one
 * query instead of one per event. Only for work that does not append to them (a projection).
 */
export function withStreamsRead<T>(
  trx: Trx,
  streams: Map<string, StoredEvent[]>,
  fn: () => Promise<T>,
): Promise<T> {
  return streamsRead.run({ trx, streams }, fn);
}

/**
 * A stream's lock, to the end of the transaction: `onceForStream`'s effects hold it, and an
 * append that lost the stream's next version to another writer waits on it before trying again.
 */
export const lockStream = (trx: Trx, streamId: string) =>
  trx.raw('select pg_advisory_xact_lock(hashtext(?))', [streamId]);

/** What an append's statement answers of each row it wrote: the rest the caller has. */
type InsertedRow = Pick<EventRow, 'position' | 'stream_id' | 'version' | 'occurred_at'>;

interface EventRow {
  position: number;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  occurred_at: Date;
}

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: row.position,
    streamId: row.stream_id,
    streamType: row.stream_type,
    version: row.version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    occurredAt: row.occurred_at,
  };
}

export interface AppendOptions {
  metadata: EventMetadata;
  /** Join the caller's transaction (to write a non-event table in the same commit). */
  trx?: Trx;
  /** Run first, and may stop the append (a request's rate-limit count): see AppendGate. */
  gate?: AppendGate | undefined;
}

export interface EventStoreOptions {
  projections?: Projection[];
  subscriptions?: Subscription[];
  /** A function takes one job at a time (tests' stubs); a JobOutbox an append's jobs at once. */
  enqueue?: EnqueueInTransaction | JobOutbox;
}

const STREAM_VERSION_CONSTRAINT = 'events_stream_id_version_unique';

/**
 * An async projection's job starts this long after its event: a read model that lags anyway
 * (the activity feed) lets the event's own jobs (an enquiry's enrichment) have the worker first.
 */
export const ASYNC_PROJECTION_DELAY_MS = 150;

/**
 * One statement per append. A new stream's events are inserted as they are: the
 * (stream_id, version) unique index is the whole check. Otherwise the statement reads the
 * stream's current version, checks it against the expected one (null: 'any') and numbers the
 * rows after it; two writers that read the same version collide on the unique index, so one of
 * them gets a conflict, never a gap.
 */
const APPEND_SQL = `
  with current_version as (
    select coalesce(max(version), 0) as version from events where stream_id = ?
  ), expected as (
    select version from current_version where ?::int is null or version = ?::int
  )
  insert into events (stream_id, stream_type, version, type, data, metadata)
  select ?, ?, expected.version + batch.ordinality, batch.type, batch.data, ?::jsonb
  from expected,
    rows from (jsonb_to_recordset(?::jsonb) as (type text, data jsonb))
      with ordinality as batch(type, data, ordinality)
  order by batch.ordinality
  returning *`;

/**
 * Several streams' events in one statement (`appendToStreams`): each stream's rows numbered
 * after its current version, in the batch's order.
 */
const APPEND_TO_STREAMS_SQL = `
  with batch as (
    select * from rows from (
      jsonb_to_recordset(?::jsonb)
        as (stream_id text, stream_type text, type text, data jsonb, metadata jsonb, expected int)
    ) with ordinality as b(stream_id, stream_type, type, data, metadata, expected, n)
  ), current_version as (
    select s.stream_id,
           coalesce((select max(version) from events e where e.stream_id = s.stream_id), 0)
             as version
    from (select distinct stream_id from batch) s
  )
  insert into events (stream_id, stream_type, version, type, data, metadata)
  select b.stream_id, b.stream_type,
         c.version + row_number() over (partition by b.stream_id order by b.n),
         b.type, b.data, b.metadata
  from batch b join current_version c using (stream_id)
  where b.expected is null or c.version = b.expected
  order by b.n
  returning position, stream_id, version, occurred_at`;

function appendStatement(
  streamId: string,
  expectedVersion: ExpectedVersion,
  events: NewEvent[],
  metadata: EventMetadata,
): [string, (string | number | null)[]] {
  const meta = JSON.stringify(stripUndefined(metadata));
  const streamType = streamTypeOf(streamId);
  if (expectedVersion === 0) {
    const values = events.map(() => '(?, ?, ?, ?, ?::jsonb, ?::jsonb)').join(', ');
    return [
      `insert into events (stream_id, stream_type, version, type, data, metadata)
       values ${values} returning *`,
      events.flatMap((e, i) => [
        streamId,
        streamType,
        i + 1,
        e.type,
        JSON.stringify(e.data ?? {}),
        meta,
      ]),
    ];
  }
  const expected = expectedVersion === 'any' ? null : expectedVersion;
  const batch = JSON.stringify(events.map((e) => ({ type: e.type, data: e.data ?? {} })));
  return [APPEND_SQL, [streamId, expected, expected, streamId, streamType, meta, batch]];
}

/**
 * A new stream's events, their keys, their inline projections' rows and their jobs in ONE
 * statement (atomic on its own: no begin, no commit). The keys are checked first (`ready`):
 * the ones this process remembers must still be in the table, as they were, and are locked
 * until the commit (so an erasure waits, then takes them too); the new ones are inserted unless
 * the subject has one already; every queue must exist. If anything is not as planned, nothing
 * is written and the statement returns no row.
 */
function createStatement(
  streamId: string,
  events: readonly NewEvent[],
  keys: PlannedKeys,
  metadata: string,
  projections: readonly SqlPart[],
  jobs: { ready: SqlPart; insert: SqlPart } | undefined,
  gate: SqlPart | undefined,
): SqlPart {
  const bindings: unknown[] = [...(gate?.bindings ?? [])];
  for (const k of keys.known) bindings.push(k.subjectId, k.wrapped);
  bindings.push(keys.known.length);
  if (jobs) bindings.push(...jobs.ready.bindings);
  bindings.push(
    JSON.stringify(keys.fresh.map((k) => ({ s: k.subjectId, w: k.wrapped }))),
    streamId,
    streamTypeOf(streamId),
    metadata,
    JSON.stringify(events.map((e) => ({ type: e.type, data: e.data ?? {} }))),
    keys.fresh.length,
  );
  const parts = [...projections, ...(jobs ? [jobs.insert] : [])];
  for (const part of parts) bindings.push(...part.bindings);
  // The text depends on these only: made once per shape (see createText).
  const shape = [
    gate?.sql ?? '',
    keys.known.length,
    jobs?.ready.sql ?? '',
    ...parts.map((part) => part.sql),
  ];
  const sql = createTexts.get(shape, () => createText(keys.known.length, projections, jobs, gate));
  return { sql, bindings };
}

/** A create statement's text for its shape: see createStatement for its bindings' order. */
function createText(
  knownKeys: number,
  projections: readonly SqlPart[],
  jobs: { ready: SqlPart; insert: SqlPart } | undefined,
  gate: SqlPart | undefined,
): string {
  const known =
    knownKeys === 0
      ? 'select null::text as subject_id where false'
      : `select subject_id from ${PERSONAL_KEYS} where ${Array.from(
          { length: knownKeys },
          () => '(subject_id = ? and wrapped_key = ?)',
        ).join(' or ')} for share`;
  const parts = [...projections, ...(jobs ? [jobs.insert] : [])];
  // Only what the caller reads comes back: the stored events' data and metadata are the ones
  // it gave (PostgreSQL would write them out as text, and the client parse them again).
  return `
    with ${
      gate
        ? `gate as (${gate.sql}),
    `
        : ''
    }known as (${known}),
    ready as (
      select (select count(*) from known) = ?${jobs ? ` and ${jobs.ready.sql}` : ''}${gate ? ' and (select ok from gate)' : ''} as ok
    ),
    made as (
      insert into ${PERSONAL_KEYS} (subject_id, wrapped_key)
      select k.s, k.w from jsonb_to_recordset(?::jsonb) as k(s text, w text), ready where ready.ok
      on conflict (subject_id) do nothing
      returning subject_id
    ),
    appended as (
      insert into events (stream_id, stream_type, version, type, data, metadata)
      select ?, ?, batch.ordinality, batch.type, batch.data, ?::jsonb
      from rows from (jsonb_to_recordset(?::jsonb) as (type text, data jsonb))
        with ordinality as batch(type, data, ordinality)
      where (select ok from ready) and (select count(*) from made) = ?
      order by batch.ordinality
      returning position, stream_id, stream_type, version, type, data, metadata, occurred_at
    )${parts
      .map(
        (part, i) => `,
    part_${i} as (${part.sql})`,
      )
      .join('')}
    ${
      gate
        ? 'select gate.*, appended.position, appended.version, appended.occurred_at from gate left join appended on true'
        : 'select position, version, occurred_at from appended'
    }`;
}

const createTexts = new ShapeCache<string>(1000);

/**
 * A statement the connections keep prepared (parsed once per connection, not on every call:
 * most of PostgreSQL's work for a create was parsing and planning its text): its name, and its
 * text as PostgreSQL takes it ($1, $2… for knex's ?), both made once per text. A create's
 * statement has a few shapes (how many keys, projections and jobs).
 */
interface PreparedText {
  name: string;
  text: string;
}
const preparedTexts = new Map<string, PreparedText>();
function preparedText(db: Db, kind: string, sql: string): PreparedText {
  let prepared = preparedTexts.get(sql);
  if (!prepared) {
    prepared = {
      name: `kw_${kind}_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`,
      text: (db.client as { positionBindings(sql: string): string }).positionBindings(sql),
    };
    if (preparedTexts.size < 1000) preparedTexts.set(sql, prepared);
  }
  return prepared;
}

/** The pg connection knex's pool lends (what a prepared statement is run on directly). */
interface PooledConnection {
  query<Row>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
}

/**
 * Runs a prepared statement on a connection of the knex pool, without knex's query builder
 * and runner around it (a measurable part of a contact message's CPU): the pool's own limits,
 * timeouts and checks of a connection still apply, and knex's `query`, `query-response` and
 * `query-error` events are emitted as knex does; errors are pg's own (knex would prefix the
 * statement with its bindings written out: a person's fields in a log line).
 */
async function runPrepared<Row>(
  db: Db,
  kind: string,
  sql: string,
  bindings: readonly unknown[],
): Promise<Row[]> {
  const { name, text } = preparedText(db, kind, sql);
  const client = db.client as Db['client'] & NodeJS.EventEmitter;
  const connection = (await client.acquireConnection()) as PooledConnection & {
    __knexUid?: string;
  };
  const query = {
    method: 'raw',
    sql: text,
    bindings,
    options: { name },
    __knexUid: connection.__knexUid,
  };
  try {
    client.emit('query', query);
    const response = await connection.query<Row>({ name, text, values: bindings as unknown[] });
    client.emit('query-response', response, query);
    return response.rows;
  } catch (error) {
    client.emit('query-error', error, query);
    throw error;
  } finally {
    await client.releaseConnection(connection);
  }
}

/** What a create statement returns of each event it stored (and the gate's count, if any). */
type CreatedRow = { position: number; version: number; occurred_at: Date } & Record<
  string,
  unknown
>;

/** Another writer took the version (own transaction, aborted): `append` reads the current one. */
class VersionTaken extends Error {}

/** The append-only log of every business fact, with its inline projections and job outbox. */
export class EventStore {
  readonly db: Db;
  private readonly inline: Projection[];
  private readonly routes: Map<string, Subscription[]>;
  private readonly enqueue: EnqueueInTransaction | JobOutbox | undefined;

  constructor(db: Db, options: EventStoreOptions = {}) {
    this.db = db;
    const projections = options.projections ?? [];
    this.inline = projections.filter((p) => p.mode === 'inline');
    this.enqueue = options.enqueue;
    const subscriptions: Subscription[] = [
      ...(options.subscriptions ?? []),
      ...projections
        .filter((p) => p.mode === 'async')
        .map((p) => ({
          queue: projectionQueue(p),
          handles: p.handles,
          delayMs: ASYNC_PROJECTION_DELAY_MS,
        })),
    ];
    this.routes = new Map();
    for (const sub of subscriptions) {
      for (const type of sub.handles) {
        this.routes.set(type, [...(this.routes.get(type) ?? []), sub]);
      }
    }
    if (this.routes.size > 0 && !this.enqueue) {
      throw new Error('EventStore has subscriptions but no way to enqueue jobs');
    }
  }

  /**
   * Appends events to a stream if its version is still `expectedVersion`, runs the inline
   * projections and creates the subscribed jobs, all in one transaction: one statement for the
   * events, the projections' own, and one for all of their jobs.
   */
  async append(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    options: AppendOptions,
  ): Promise<StoredEvent[]> {
    const { gate } = options;
    if (events.length === 0 || options.trx) {
      await runGate(gate, options.trx ?? this.db);
      if (events.length === 0) return [];
      return this.appendIn(options.trx!, streamId, expectedVersion, events, options, true);
    }
    if (expectedVersion === 0) {
      const created = await this.create(streamId, events, options.metadata, gate);
      if (created) return created;
    }
    await runGate(gate, this.db);
    // With 'any', a concurrent writer can take our version number: just try again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction((trx) =>
          this.appendIn(trx, streamId, expectedVersion, events, options, false),
        );
      } catch (error) {
        if (expectedVersion === 'any' && error instanceof ConcurrencyError && attempt < 5) continue;
        // Read after the rollback: the failed insert aborted the transaction it ran in.
        if (error instanceof VersionTaken)
          throw new ConcurrencyError(streamId, expectedVersion, await this.streamVersion(streamId));
        throw error;
      }
    }
  }

  /**
   * A new stream in one round trip (see `createStatement`), when every inline projection of its
   * events has a `statement` and its jobs start at once or after a fixed `delayMs`; undefined when it cannot be, or when
   * the statement wrote nothing (a key not as this process remembered it, a missing queue):
   * then the usual transaction does it, and says what is wrong.
   */
  private async create(
    streamId: string,
    events: NewEvent[],
    metadata: EventMetadata,
    gate: AppendGate | undefined,
  ): Promise<StoredEvent[] | undefined> {
    if (gate?.done) gate = undefined;
    const pending: PendingEvent[] = events.map((e, i) => ({
      streamId,
      version: i + 1,
      type: e.type,
      data: e.data,
    }));
    const projections: SqlPart[] = [];
    for (const projection of this.inline) {
      const handled = pending.filter((e) => projection.handles.includes(e.type));
      if (handled.length === 0) continue;
      const part = projection.statement?.(handled);
      if (!part) return undefined;
      projections.push(part);
    }
    const jobs: { queue: string; version: number; delayMs: number }[] = [];
    for (const event of pending) {
      for (const sub of this.routes.get(event.type) ?? []) {
        // A start read from the stored event (a digest's due time) goes the usual way.
        if (sub.startAfter) return undefined;
        jobs.push({ queue: sub.queue, version: event.version, delayMs: sub.delayMs ?? 0 });
      }
    }
    let outbox: ReturnType<NonNullable<JobOutbox['statement']>> | undefined;
    if (jobs.length > 0) {
      if (typeof this.enqueue !== 'object' || !this.enqueue.statement) return undefined;
      outbox = this.enqueue.statement(jobs);
    }
    const { events: sealed, keys } = sealNewStream(events);
    const metadataJson = JSON.stringify(stripUndefined(metadata));
    const { sql, bindings } = createStatement(
      streamId,
      sealed,
      keys,
      metadataJson,
      projections,
      outbox,
      gate?.statement,
    );
    let rows: CreatedRow[];
    try {
      rows = await runPrepared<CreatedRow>(this.db, 'create', sql, bindings);
    } catch (error) {
      if (isPgError(error, PG_UNIQUE_VIOLATION) && error.constraint === STREAM_VERSION_CONSTRAINT)
        throw new ConcurrencyError(streamId, 0, await this.streamVersion(streamId));
      throw error;
    }
    if (gate) {
      // Counted, whatever else happened: one row of the gate's, beside each event stored.
      gate.ran();
      gate.check(rows[0] ?? {});
      rows = rows.filter((row) => row.position !== null);
    }
    if (rows.length === 0) {
      for (const key of keys.known) forgetKey(key.subjectId);
      return undefined;
    }
    for (const key of [...keys.fresh, ...keys.known]) rememberKey(key);
    outbox?.committed();
    // The events as stored, with the caller's clear values (as JSON has them, as a read would).
    const streamType = streamTypeOf(streamId);
    return rows
      .sort((a, b) => a.version - b.version)
      .map((row) => {
        const event = events[row.version - 1]!;
        return {
          position: row.position,
          streamId,
          streamType,
          version: row.version,
          type: event.type,
          data: JSON.parse(JSON.stringify(event.data ?? {})),
          metadata: JSON.parse(metadataJson),
          occurredAt: row.occurred_at,
        };
      });
  }

  private async appendIn(
    trx: Trx,
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    options: AppendOptions,
    callersTransaction: boolean,
  ): Promise<StoredEvent[]> {
    // Personal fields are sealed under their subject's key (created here, in the same commit).
    const sealed = await sealEvents(trx, streamId, events);
    const [sql, bindings] = appendStatement(streamId, expectedVersion, sealed, options.metadata);
    // A failed insert aborts the transaction unless it ran under a savepoint. Only a retry in the
    // same transaction ('any') or a caller that goes on after a conflict needs one; an append
    // in its own transaction with a version to check does without (two round trips fewer).
    const savepoint = callersTransaction || expectedVersion === 'any';
    let inserted: EventRow[] | undefined;
    // With 'any', a concurrent writer may take the next version: insert again on top of it,
    // inside the caller's transaction too (the failed insert only rolls back its savepoint).
    for (let attempt = 1; !inserted; attempt++) {
      const insert = (q: Trx) => q.raw<{ rows: EventRow[] }>(sql, bindings);
      try {
        const { rows } = savepoint ? await trx.transaction(insert) : await insert(trx);
        if (rows.length === 0) {
          // The stream is not at the expected version (the only way the insert selects nothing).
          throw new ConcurrencyError(
            streamId,
            expectedVersion,
            await this.streamVersion(streamId, trx),
          );
        }
        inserted = rows;
      } catch (error) {
        if (
          isPgError(error, PG_UNIQUE_VIOLATION) &&
          error.constraint === STREAM_VERSION_CONSTRAINT
        ) {
          if (expectedVersion === 'any' && attempt < 10) {
            // Writers that lost the version queue on the stream's lock rather than race again:
            // in a crowd (a flood of failed sign-ins on one account), one could lose every try.
            if (attempt === 1) await lockStream(trx, streamId);
            continue;
          }
          if (!savepoint) throw new VersionTaken();
          throw new ConcurrencyError(
            streamId,
            expectedVersion,
            await this.streamVersion(streamId, trx),
          );
        }
        throw error;
      }
    }
    const first = inserted.reduce((min, row) => Math.min(min, row.version), Infinity);
    const stored = inserted
      .map(toStoredEvent)
      .sort((a, b) => a.version - b.version)
      .map((e) => withClearData(e, events[e.version - first]!));
    const jobs: QueuedJob[] = [];
    for (const event of stored) {
      for (const projection of this.inline) {
        if (projection.handles.includes(event.type)) await projection.apply(trx, event);
      }
      for (const sub of this.routes.get(event.type) ?? []) {
        const data = { position: event.position, streamId: event.streamId, type: event.type };
        const startAfter = jobStart(sub, event);
        jobs.push(startAfter ? { queue: sub.queue, data, startAfter } : { queue: sub.queue, data });
      }
    }
    // Every job of the batch in one go, in the same transaction: none exists for a rolled-back event.
    if (jobs.length > 0 && this.enqueue) {
      if (typeof this.enqueue === 'function') {
        for (const { queue, data, startAfter } of jobs) {
          if (startAfter) await this.enqueue(trx, queue, data, { startAfter });
          else await this.enqueue(trx, queue, data);
        }
      } else await this.enqueue.enqueueAll(trx, jobs);
    }
    return stored;
  }

  async streamVersion(streamId: string, trx: Db | Trx = this.db): Promise<number> {
    const row = await trx('events')
      .where({ stream_id: streamId })
      .max('version as version')
      .first();
    return Number(row?.version ?? 0);
  }

  async readStream(streamId: string, trx: Db | Trx = this.db): Promise<StoredEvent[]> {
    const read = streamsRead.getStore();
    const known = read?.trx === trx ? read.streams.get(streamId) : undefined;
    if (known) return [...known];
    const rows = await trx<EventRow>('events').where({ stream_id: streamId }).orderBy('version');
    return openEvents(trx, rows.map(toStoredEvent));
  }

  async readEvent(position: number, trx: Db | Trx = this.db): Promise<StoredEvent | undefined> {
    const row = await trx<EventRow>('events').where({ position }).first();
    return row ? (await openEvents(trx, [toStoredEvent(row)]))[0] : undefined;
  }

  /** Several events by position, in one query (the worker's batch of jobs). */
  async readEvents(positions: number[], trx: Db | Trx = this.db): Promise<StoredEvent[]> {
    if (positions.length === 0) return [];
    // One array parameter, not one per position: a batch's 500 placeholders cost the driver
    // and the server more than the rows they ask for.
    const rows = await trx<EventRow>('events')
      .whereRaw('position = any(?::bigint[])', [positions])
      .orderBy('position');
    return openEvents(trx, rows.map(toStoredEvent));
  }

  /**
   * One top-level field of the streams' events that carry it, up to a position, in log order:
   * what names a record in the audit log. Nothing else of the events is read (a post's content
   * can be 200,000 characters), and a sealed field, being in the envelope, is never among them.
   */
  async fieldOfStreams(
    streamIds: readonly string[],
    field: string,
    upTo: number,
    trx: Db | Trx = this.db,
  ): Promise<{ streamId: string; position: number; value: string }[]> {
    if (streamIds.length === 0) return [];
    const rows: { stream_id: string; position: number; value: string | null }[] = await trx(
      'events',
    )
      .select('stream_id', 'position', trx.raw('data->>? as value', [field]))
      .whereRaw('stream_id = any(?::text[])', [[...new Set(streamIds)]])
      .where('position', '<=', upTo)
      .whereRaw('data \\? ?', [field])
      .orderBy('position');
    return rows.flatMap((r) =>
      typeof r.value === 'string'
        ? [{ streamId: r.stream_id, position: Number(r.position), value: r.value }]
        : [],
    );
  }

  /** Several streams at once, in one query, each in version order (a batch's decisions). */
  async readStreams(
    streamIds: readonly string[],
    trx: Db | Trx = this.db,
  ): Promise<Map<string, StoredEvent[]>> {
    const streams = new Map<string, StoredEvent[]>(streamIds.map((id) => [id, []]));
    if (streamIds.length === 0) return streams;
    // A worker's batch holds the first event of the streams it decides on (a new contact
    // message's): only what followed it is read, in a second index scan beside the others'.
    const known = new Set<string>();
    for (const event of batchEvents()?.values() ?? [])
      if (event.version === 1 && streams.has(event.streamId) && !known.has(event.streamId)) {
        known.add(event.streamId);
        streams.get(event.streamId)!.push(event);
      }
    const { rows } = await trx.raw<{ rows: EventRow[] }>(
      `select * from events where stream_id = any(?::text[])
       union all
       select * from events where stream_id = any(?::text[]) and version > 1
       order by stream_id, version`,
      [[...streams.keys()].filter((id) => !known.has(id)), [...known]],
    );
    for (const event of await openEvents(trx, rows.map(toStoredEvent)))
      streams.get(event.streamId)!.push(event);
    return streams;
  }

  /**
   * Several streams at once, each from a version on (that version included, so the caller can
   * check it is the event it knew), in one query, each in version order: a caller that keeps a
   * stream's state reads only what came after it.
   */
  async readStreamsFrom(
    from: readonly { streamId: string; version: number }[],
    trx: Db | Trx = this.db,
  ): Promise<Map<string, StoredEvent[]>> {
    const streams = new Map<string, StoredEvent[]>(from.map(({ streamId }) => [streamId, []]));
    if (from.length === 0) return streams;
    const { rows } = await trx.raw<{ rows: EventRow[] }>(
      `select e.* from events e
         join unnest(?::text[], ?::int[]) as f(stream_id, from_version)
           on e.stream_id = f.stream_id and e.version >= f.from_version
        order by e.stream_id, e.version`,
      [from.map((f) => f.streamId), from.map((f) => f.version)],
    );
    for (const event of await openEvents(trx, rows.map(toStoredEvent)))
      streams.get(event.streamId)!.push(event);
    return streams;
  }

  /**
   * Events for several streams in one statement, in the caller's transaction, each entry with
   * its own metadata: after the version it expects (`expectedVersion`: else a ConcurrencyError
   * and nothing of the statement is written, so the caller decides again on fresh histories),
   * or after whatever its stream holds when the statement runs (none given: 'any', for a
   * caller that decided under a lock of its own, such as the owner's notices' lock); several
   * entries may name one stream ('any'), numbered in order. Personal fields are sealed, and
   * inline projections and jobs follow, as `append`'s. Answers the stored events of each entry.
   */
  async appendToStreams(
    trx: Trx,
    entries: readonly {
      streamId: string;
      events: NewEvent[];
      metadata: EventMetadata;
      expectedVersion?: number;
    }[],
  ): Promise<StoredEvent[][]> {
    return (await this.appendEntries(trx, entries, false)).stored;
  }

  /**
   * `appendToStreams`, except that an entry whose stream is no longer at the version it
   * expected is left out rather than failing the rest: the others are written, and the stale
   * streams come back for the caller to decide again on fresh histories (a worker's batch, where
   * one stream written meanwhile would otherwise send the whole batch round again).
   */
  async appendToCurrentStreams(
    trx: Trx,
    entries: readonly {
      streamId: string;
      events: NewEvent[];
      metadata: EventMetadata;
      expectedVersion: number;
    }[],
  ): Promise<{ stored: StoredEvent[][]; stale: string[] }> {
    return this.appendEntries(trx, entries, true);
  }

  private async appendEntries(
    trx: Trx,
    entries: readonly {
      streamId: string;
      events: NewEvent[];
      metadata: EventMetadata;
      expectedVersion?: number;
    }[],
    skipStale: boolean,
  ): Promise<{ stored: StoredEvent[][]; stale: string[] }> {
    const sealed = await sealEventsOfStreams(trx, entries);
    const rows = entries.flatMap((entry, e) => {
      const streamType = streamTypeOf(entry.streamId);
      const metadata = stripUndefined(entry.metadata);
      return sealed[e]!.map((event) => ({
        stream_id: entry.streamId,
        stream_type: streamType,
        type: event.type,
        data: event.data ?? {},
        metadata,
        expected: entry.expectedVersion ?? null,
      }));
    });
    if (rows.length === 0) return { stored: entries.map(() => []), stale: [] };
    // Each row's entry and the event as the caller gave it (personal fields in clear).
    const given = entries.flatMap((entry, e) => entry.events.map((clear) => ({ entry: e, clear })));
    const payload = JSON.stringify(rows);
    let inserted: InsertedRow[] | undefined;
    let stale = new Set<string>();
    for (let attempt = 1; !inserted; attempt++) {
      try {
        // Under a savepoint: a writer that took a version meanwhile only fails this statement.
        inserted = await trx.transaction(async (savepoint) => {
          const { rows: written } = await savepoint.raw<{ rows: InsertedRow[] }>(
            APPEND_TO_STREAMS_SQL,
            [payload],
          );
          const wrote = new Set(written.map((row) => row.stream_id));
          if (skipStale) {
            // The entries whose stream was not at their version wrote nothing: the caller's.
            stale = new Set(
              rows
                .filter((r) => r.expected !== null && !wrote.has(r.stream_id))
                .map((r) => r.stream_id),
            );
            return written;
          }
          if (written.length < rows.length) {
            // A stream not at the version its entry expected: none of the batch is written.
            const stale = rows.find((row) => !wrote.has(row.stream_id))!;
            throw new ConcurrencyError(
              stale.stream_id,
              stale.expected ?? 'any',
              await this.streamVersion(stale.stream_id, savepoint),
            );
          }
          return written;
        });
      } catch (error) {
        if (
          isPgError(error, PG_UNIQUE_VIOLATION) &&
          error.constraint === STREAM_VERSION_CONSTRAINT &&
          attempt < 10
        )
          continue;
        throw error;
      }
    }
    // Each stream's rows, by version, are its entries' events in the batch's order.
    // (Linear: a batch of 500 notices counted on one window's stream is 500 rows of it.)
    const byStream = new Map<string, { rows: InsertedRow[]; next: number }>();
    for (const row of inserted) {
      const list = byStream.get(row.stream_id);
      if (list) list.rows.push(row);
      else byStream.set(row.stream_id, { rows: [row], next: 0 });
    }
    for (const list of byStream.values()) list.rows.sort((a, b) => a.version - b.version);
    // The rows as the database keeps their JSON (dates as strings, no undefined): read back
    // from what was sent rather than returned by the statement, which cost a worker's batch
    // the serialising, sending and parsing of every event's data a second time.
    const sent = JSON.parse(payload) as { data: unknown; metadata: EventMetadata }[];
    const stored = rows.flatMap((row, r) => {
      if (row.expected !== null && stale.has(row.stream_id)) return [];
      const list = byStream.get(row.stream_id)!;
      const written = list.rows[list.next++]!;
      const { entry, clear } = given[r]!;
      const event = toStoredEvent({
        ...written,
        stream_type: row.stream_type,
        type: row.type,
        data: sent[r]!.data,
        metadata: sent[r]!.metadata,
      });
      return [{ entry, event: withClearData(event, clear) }];
    });
    // Each inline projection takes the events it handles together, in order (a batch form
    // when it has one: a worker's batch appends to many streams at once).
    for (const projection of this.inline) {
      const mine = stored.map((s) => s.event).filter((e) => projection.handles.includes(e.type));
      if (mine.length > 1 && projection.applyBatch) await projection.applyBatch(trx, mine);
      else for (const event of mine) await projection.apply(trx, event);
    }
    const jobs: QueuedJob[] = [];
    for (const { event } of stored) {
      for (const sub of this.routes.get(event.type) ?? []) {
        const data = { position: event.position, streamId: event.streamId, type: event.type };
        const startAfter = jobStart(sub, event);
        jobs.push(startAfter ? { queue: sub.queue, data, startAfter } : { queue: sub.queue, data });
      }
    }
    if (jobs.length > 0 && this.enqueue) {
      if (typeof this.enqueue === 'function') {
        for (const { queue, data, startAfter } of jobs) {
          if (startAfter) await this.enqueue(trx, queue, data, { startAfter });
          else await this.enqueue(trx, queue, data);
        }
      } else await this.enqueue.enqueueAll(trx, jobs);
    }
    const byEntry: StoredEvent[][] = entries.map(() => []);
    for (const { entry, event } of stored) byEntry[entry]!.push(event);
    return { stored: byEntry, stale: [...stale] };
  }

  /**
   * One page of the log, newest first, for the audit screen: keyset pagination on the position
   * (`before`: the last position of the previous page), so a page costs the same however deep
   * it is and nothing beyond `limit` rows is read. Filters: the streams' kinds (or all but
   * `excludeStreamTypes`), the actor (exact values or prefixes of `metadata.actor`), and the
   * time the event happened (`from` inclusive, `to` exclusive).
   */
  async readLog(
    options: {
      before?: number | undefined;
      limit: number;
      streamTypes?: readonly string[] | undefined;
      excludeStreamTypes?: readonly string[] | undefined;
      actor?: { exact: readonly string[]; prefixes: readonly string[] } | undefined;
      from?: Date | undefined;
      to?: Date | undefined;
    },
    trx: Db | Trx = this.db,
  ): Promise<StoredEvent[]> {
    const query = trx<EventRow>('events').orderBy('position', 'desc').limit(options.limit);
    if (options.before !== undefined) query.where('position', '<', options.before);
    if (options.streamTypes) query.whereIn('stream_type', [...options.streamTypes]);
    if (options.excludeStreamTypes?.length)
      query.whereNotIn('stream_type', [...options.excludeStreamTypes]);
    const actor = options.actor;
    if (actor) {
      query.where((q) => {
        if (actor.exact.length) q.orWhereRaw("metadata->>'actor' = any(?)", [[...actor.exact]]);
        for (const prefix of actor.prefixes)
          q.orWhereRaw("starts_with(metadata->>'actor', ?)", [prefix]);
        if (!actor.exact.length && !actor.prefixes.length) q.whereRaw('false');
      });
    }
    if (options.from) query.where('occurred_at', '>=', options.from);
    if (options.to) query.where('occurred_at', '<', options.to);
    const rows = await query;
    return rows.map(toStoredEvent);
  }

  /** Every event of these types since a moment, newest first (what was deleted lately). */
  async readRecent(
    types: readonly string[],
    since: Date,
    trx: Db | Trx = this.db,
  ): Promise<StoredEvent[]> {
    if (types.length === 0) return [];
    const rows = await trx<EventRow>('events')
      .whereIn('type', [...types])
      .where('occurred_at', '>=', since)
      .orderBy('position', 'desc');
    return rows.map(toStoredEvent);
  }

  /** The distinct kinds of stream in the log (the audit's filter). */
  async streamTypes(trx: Db | Trx = this.db): Promise<string[]> {
    // A loose index scan: one index probe per kind, not a read of the whole log.
    const { rows } = await trx.raw<{ rows: { stream_type: string }[] }>(`
      with recursive kinds as (
        (select stream_type from events order by stream_type limit 1)
        union all
        select (select stream_type from events where stream_type > kinds.stream_type
                 order by stream_type limit 1)
          from kinds where kinds.stream_type is not null
      )
      select stream_type from kinds where stream_type is not null`);
    return rows.map((r) => r.stream_type);
  }

  /** All events in log order, in batches, for replays. */
  async *readAll(trx: Db | Trx = this.db, batchSize = 1000): AsyncGenerator<StoredEvent> {
    let after = 0;
    for (;;) {
      const rows = await trx<EventRow>('events')
        .where('position', '>', after)
        .orderBy('position')
        .limit(batchSize);
      for (const event of await openEvents(trx, rows.map(toStoredEvent))) yield event;
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1]!.position;
    }
  }
}

/** Runs an append's gate on its own, unless it ran already (see AppendGate). */
async function runGate(gate: AppendGate | undefined, db: Db | Trx): Promise<void> {
  if (!gate || gate.done) return;
  const { rows } = await db.raw<{ rows: Record<string, unknown>[] }>(
    gate.statement.sql,
    gate.statement.bindings as never[],
  );
  gate.ran();
  gate.check(rows[0] ?? {});
}

export function projectionQueue(projection: Projection): string {
  return `projection.${projection.name}`;
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export {
  REBUILD_SCHEMA,
  type RebuildOptions,
  type RebuildResult,
  rebuildProjections,
} from './rebuild.ts';
