import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventJob } from '../event-store/types.ts';
import { createTestDatabase, eventually, type TestDatabase } from '../testing/index.ts';
import { BOSS_SCHEMA, createBoss, enqueueWith, ensureQueues, type PgBoss } from './boss.ts';

// The event store's jobs go into pg-boss's table with one statement per append, not through
// `send`: these specs hold that statement to what `send` writes, and show workers run its jobs.

const A = 'test.batch-a';
const B = 'test.batch-b';
const job = (position: number): EventJob => ({ position, streamId: `s:${position}`, type: 'T' });

let tdb: TestDatabase;
let boss: PgBoss;
beforeAll(async () => {
  tdb = await createTestDatabase();
  boss = createBoss(tdb.url, 'admin');
  await boss.start();
  await ensureQueues(boss, [A, B]);
});
afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await tdb.drop();
});

const jobsOf = (queue: string) =>
  tdb.db
    .withSchema(BOSS_SCHEMA)
    .from('job')
    .where({ name: queue })
    .orderByRaw("(data->>'position')::int");

describe('enqueueWith: all of an append’s jobs in one statement', () => {
  it('given jobs for two queues, then each row is the one pg-boss’s send writes for the queue', async () => {
    const outbox = enqueueWith(boss);
    await tdb.db.transaction((trx) =>
      outbox.enqueueAll(trx, [
        { queue: A, data: job(1) },
        { queue: B, data: job(1) },
        { queue: A, data: job(2) },
      ]),
    );
    await boss.send(A, job(3));
    const rows = await jobsOf(A);
    expect(rows.map((r) => r.data)).toEqual([job(1), job(2), job(3)]);
    expect((await jobsOf(B)).map((r) => r.data)).toEqual([job(1)]);
    // Everything but the id, the data and the clock readings is what send() chose.
    type JobRow = { id: string; created_on: Date; start_after: Date; keep_until: Date };
    const comparable = (row: JobRow & Record<string, unknown>) => {
      const { id, data: _data, created_on, start_after, keep_until, ...rest } = row;
      return {
        ...rest,
        idIsUuid: /^[0-9a-f-]{36}$/.test(id),
        startsWhenCreated: start_after.getTime() === created_on.getTime(),
        keptFor: keep_until.getTime() - start_after.getTime(),
      };
    };
    const [mine, , sent] = rows.map(comparable);
    expect(mine).toEqual(sent);
    expect(mine).toMatchObject({
      state: 'created',
      dead_letter: `${A}.dead`,
      idIsUuid: true,
      startsWhenCreated: true,
    });
  });

  it('given a transaction that rolls back, then none of its jobs remains', async () => {
    const before = (await jobsOf(A)).length;
    await expect(
      tdb.db.transaction(async (trx) => {
        await enqueueWith(boss).enqueueAll(trx, [{ queue: A, data: job(10) }]);
        throw new Error('the append failed after its jobs');
      }),
    ).rejects.toThrow('the append failed');
    expect(await jobsOf(A)).toHaveLength(before);
  });

  it('given a queue that does not exist, then the append fails and no job is left', async () => {
    const before = (await jobsOf(A)).length;
    await expect(
      tdb.db.transaction((trx) =>
        enqueueWith(boss).enqueueAll(trx, [
          { queue: A, data: job(20) },
          { queue: 'test.nowhere', data: job(20) },
        ]),
      ),
    ).rejects.toThrow('No such queue: test.nowhere');
    expect(await jobsOf(A)).toHaveLength(before);
  });

  it('given a listening worker, then committed jobs run, woken by the NOTIFY (no poll needed)', async () => {
    const worker = createBoss(tdb.url, 'worker');
    await worker.start();
    try {
      await ensureQueues(worker, ['test.batch-run']);
      const ran: EventJob[] = [];
      // A poll every 60 s: only the NOTIFY sent with the insert can bring the jobs in sooner.
      await worker.work<EventJob>(
        'test.batch-run',
        { pollingIntervalSeconds: 60, batchSize: 10 },
        async (jobs) => {
          for (const j of jobs) ran.push(j.data);
        },
      );
      const send = (positions: number[]) =>
        tdb.db.transaction((trx) =>
          enqueueWith(boss).enqueueAll(
            trx,
            positions.map((p) => ({ queue: 'test.batch-run', data: job(p) })),
          ),
        );
      await send([30, 31]);
      await eventually(async () => ran.length === 2, 20_000);
      // The worker has fetched since it started, and now waits for its next poll or a NOTIFY.
      await send([32]);
      await eventually(async () => ran.length === 3, 20_000);
      expect(ran.map((j) => j.position).sort()).toEqual([30, 31, 32]);
      await eventually(async () => {
        const states = await jobsOf('test.batch-run').pluck('state');
        return states.length === 3 && states.every((s: string) => s === 'completed');
      }, 20_000);
    } finally {
      await worker.stop({ graceful: false, close: true });
    }
  });
});
