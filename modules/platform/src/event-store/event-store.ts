import { type Db, isPgError, PG_UNIQUE_VIOLATION, type Trx } from '../db.ts';
import { ConcurrencyError } from '../errors.ts';
import {
  type EnqueueInTransaction,
  type EventMetadata,
  type ExpectedVersion,
  type NewEvent,
  type Projection,
  type StoredEvent,
  type Subscription,
  streamTypeOf,
} from './types.ts';

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
}

export interface EventStoreOptions {
  projections?: Projection[];
  subscriptions?: Subscription[];
  enqueue?: EnqueueInTransaction;
}

const STREAM_VERSION_CONSTRAINT = 'events_stream_id_version_unique';

/** The append-only log of every business fact, with its inline projections and job outbox. */
export class EventStore {
  readonly db: Db;
  private readonly inline: Projection[];
  private readonly routes: Map<string, Subscription[]>;
  private readonly enqueue: EnqueueInTransaction | undefined;

  constructor(db: Db, options: EventStoreOptions = {}) {
    this.db = db;
    const projections = options.projections ?? [];
    this.inline = projections.filter((p) => p.mode === 'inline');
    this.enqueue = options.enqueue;
    const subscriptions: Subscription[] = [
      ...(options.subscriptions ?? []),
      ...projections
        .filter((p) => p.mode === 'async')
        .map((p) => ({ queue: projectionQueue(p), handles: p.handles })),
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
   * projections and creates the subscribed jobs, all in one transaction.
   */
  async append(
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    options: AppendOptions,
  ): Promise<StoredEvent[]> {
    if (events.length === 0) return [];
    if (options.trx) return this.appendIn(options.trx, streamId, expectedVersion, events, options);
    // With 'any', a concurrent writer can take our version number: just try again.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction((trx) =>
          this.appendIn(trx, streamId, expectedVersion, events, options),
        );
      } catch (error) {
        if (expectedVersion === 'any' && error instanceof ConcurrencyError && attempt < 5) continue;
        throw error;
      }
    }
  }

  private async appendIn(
    trx: Trx,
    streamId: string,
    expectedVersion: ExpectedVersion,
    events: NewEvent[],
    options: AppendOptions,
  ): Promise<StoredEvent[]> {
    const metadata = JSON.stringify(stripUndefined(options.metadata));
    let inserted: EventRow[] | undefined;
    // With 'any', a concurrent writer may take the next version: read it again and retry,
    // inside the caller's transaction too (the failed insert only rolls back its savepoint).
    for (let attempt = 1; !inserted; attempt++) {
      const current = await this.streamVersion(streamId, trx);
      if (expectedVersion !== 'any' && current !== expectedVersion) {
        throw new ConcurrencyError(streamId, expectedVersion, current);
      }
      const rows = events.map((event, index) => ({
        stream_id: streamId,
        stream_type: streamTypeOf(streamId),
        version: current + index + 1,
        type: event.type,
        data: JSON.stringify(event.data ?? {}),
        metadata,
      }));
      try {
        inserted = await trx.transaction((sp) =>
          sp('events').insert(rows).returning<EventRow[]>('*'),
        );
      } catch (error) {
        if (
          isPgError(error, PG_UNIQUE_VIOLATION) &&
          error.constraint === STREAM_VERSION_CONSTRAINT
        ) {
          if (expectedVersion === 'any' && attempt < 10) continue;
          throw new ConcurrencyError(
            streamId,
            expectedVersion,
            await this.streamVersion(streamId, trx),
          );
        }
        throw error;
      }
    }
    const stored = inserted.map(toStoredEvent);
    for (const event of stored) {
      for (const projection of this.inline) {
        if (projection.handles.includes(event.type)) await projection.apply(trx, event);
      }
      for (const sub of this.routes.get(event.type) ?? []) {
        const job = { position: event.position, streamId: event.streamId, type: event.type };
        const startAfter = sub.startAfter?.(event);
        if (startAfter) await this.enqueue?.(trx, sub.queue, job, { startAfter });
        else await this.enqueue?.(trx, sub.queue, job);
      }
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
    const rows = await trx<EventRow>('events').where({ stream_id: streamId }).orderBy('version');
    return rows.map(toStoredEvent);
  }

  async readEvent(position: number, trx: Db | Trx = this.db): Promise<StoredEvent | undefined> {
    const row = await trx<EventRow>('events').where({ position }).first();
    return row ? toStoredEvent(row) : undefined;
  }

  /** Several events by position, in one query (the worker's batch of jobs). */
  async readEvents(positions: number[], trx: Db | Trx = this.db): Promise<StoredEvent[]> {
    if (positions.length === 0) return [];
    const rows = await trx<EventRow>('events').whereIn('position', positions).orderBy('position');
    return rows.map(toStoredEvent);
  }

  /** All events in log order, in batches, for replays. */
  async *readAll(trx: Db | Trx = this.db, batchSize = 1000): AsyncGenerator<StoredEvent> {
    let after = 0;
    for (;;) {
      const rows = await trx<EventRow>('events')
        .where('position', '>', after)
        .orderBy('position')
        .limit(batchSize);
      for (const row of rows) yield toStoredEvent(row);
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1]!.position;
    }
  }
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
