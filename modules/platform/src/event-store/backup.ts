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
