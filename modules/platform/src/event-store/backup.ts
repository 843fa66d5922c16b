// The event log as a backup holds it: one plain row per event, in order. Only platform reads
// and writes the `events` table (tests/architecture.test.ts); `make backup` / `make restore`
// go through here.
import type { Db, Trx } from '../db.ts';

const EVENTS = 'events';
const PAGE = 1000;

/** Every event as stored, in log order, a page at a time. */
export async function* eventLogRows(db: Db): AsyncGenerator<Record<string, unknown>> {
  let after = 0;
  for (;;) {
    const rows: Record<string, unknown>[] = await db(EVENTS)
      .select('*')
      .where('position', '>', after)
      .orderBy('position')
      .limit(PAGE);
    yield* rows;
    if (rows.length < PAGE) return;
    after = Number(rows.at(-1)!.position);
  }
}

/**
 * Replaces the log with a backup's rows, in the caller's transaction, and moves the position
 * sequence past them so the next append follows on. Returns how many events it put back.
 */
export async function replaceEventLog(
  trx: Trx,
  rows: AsyncIterable<Record<string, unknown>>,
): Promise<number> {
  await trx.raw('truncate table ?? restart identity', [EVENTS]);
  let count = 0;
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length > 0) await trx(EVENTS).insert(batch);
    count += batch.length;
    batch = [];
  };
  for await (const row of rows) {
    batch.push({ ...row, data: JSON.stringify(row.data), metadata: JSON.stringify(row.metadata) });
    if (batch.length === 500) await flush();
  }
  await flush();
  await trx.raw(
    `select setval(pg_get_serial_sequence('${EVENTS}', 'position'), coalesce((select max(position) from ${EVENTS}), 0) + 1, false)`,
  );
  return count;
}

/** A stored event as the log's row holds it. */
export type LogRow = Record<string, unknown> & {
  position: number;
  stream_id: string;
  type: string;
  data: unknown;
};

/**
 * What a restore must not undo, for one module: of the log's events of `types` read before the
 * restore, those to put back after it (`keep`, given the restored log's events of the same
 * types). A backup taken earlier cannot know of an erasure or an unsubscribe made since, and
 * bringing its log back must not undo them.
 */
export interface RestoreKeeper {
  types: readonly string[];
  keep(before: readonly LogRow[], restored: readonly LogRow[]): LogRow[];
}

/**
 * The events of these types in the log as it is now, read before a restore replaces it.
 */
export async function eventsOfTypes(trx: Trx, types: readonly string[]): Promise<LogRow[]> {
  return trx(EVENTS).whereIn('type', types).orderBy('position');
}

/**
 * Puts back, after a restore, those of `rows` (read before it) that the restored log lacks:
 * each at the end of its stream, in its order, with its time and metadata. What a backup
 * taken earlier cannot know and must not undo (an erasure's record) survives the restore.
 * Returns how many it put back.
 */
export async function keepAcrossRestore(trx: Trx, rows: readonly LogRow[]): Promise<number> {
  let kept = 0;
  for (const row of rows) {
    // The same event: the backup had it, at its position (an equal event elsewhere in the
    // stream, such as an earlier unsubscribe, is another one).
    const same = await trx(EVENTS)
      .where({ position: row.position, stream_id: row.stream_id, type: row.type })
      .whereRaw('data = ?::jsonb', [JSON.stringify(row.data)])
      .first('position');
    if (same) continue;
    const last = await trx(EVENTS).where({ stream_id: row.stream_id }).max('version as v').first();
    await trx(EVENTS).insert({
      stream_id: row.stream_id,
      stream_type: row.stream_type,
      version: Number(last?.v ?? 0) + 1,
      type: row.type,
      data: JSON.stringify(row.data),
      metadata: JSON.stringify(row.metadata),
      occurred_at: row.occurred_at,
    });
    kept += 1;
  }
  return kept;
}
