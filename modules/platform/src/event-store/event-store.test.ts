import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Trx } from '../db.ts';
import { ConcurrencyError } from '../errors.ts';
import { withBatchEvents } from '../personal-data/fields.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { EventStore, rebuildProjections } from './event-store.ts';
import type { EnqueueInTransaction, JobOutbox, Projection, StoredEvent } from './types.ts';

// A tiny counter read model, so the store is tested apart from any business module.
const counters: Projection = {
  name: 'test-counters',
  mode: 'inline',
  tables: ['test_counters'],
  handles: ['Incremented'],
  async apply(trx: Trx, event: StoredEvent) {
    const { by } = event.data as { by: number };
    await trx.raw(
      `insert into test_counters (stream_id, total, version) values (?, ?, ?)
       on conflict (stream_id) do update set total = test_counters.total + excluded.total, version = excluded.version`,
      [event.streamId, by, event.version],
    );
  },
};

const metadata = { actor: 'test' };
let tdb: TestDatabase;
const queued: { queue: string; position: number }[] = [];
// Records each job in a table inside the same transaction, like pg-boss's `db` option does.
const enqueue: EnqueueInTransaction = async (trx, queue, data) => {
  await trx('test_jobs').insert({ queue, position: data.position });
  queued.push({ queue, position: data.position });
};
let store: EventStore;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await tdb.db.schema.createTable('test_counters', (t) => {
    t.text('stream_id').primary();
    t.integer('total').notNullable();
    t.integer('version').notNullable();
  });
  await tdb.db.schema.createTable('test_jobs', (t) => {
    t.increments('id');
    t.text('queue');
    t.bigInteger('position');
  });
  store = new EventStore(tdb.db, {
    projections: [counters],
    subscriptions: [{ queue: 'test.audit', handles: ['Incremented'] }],
    enqueue,
  });
});
afterAll(() => tdb.drop());
beforeEach(() => {
  queued.length = 0;
});

describe('EventStore.append', () => {
  it('given a new stream, when events are appended, then they get versions 1..n and the projection and jobs follow', async () => {
    const stored = await store.append(
      'counter:a',
      0,
      [
        { type: 'Incremented', data: { by: 2 } },
        { type: 'Incremented', data: { by: 3 } },
      ],
      { metadata: { actor: 'admin:test', requestId: 'req-1' } },
    );

    expect(stored.map((e) => e.version)).toEqual([1, 2]);
    expect(stored[0]!.metadata).toEqual({ actor: 'admin:test', requestId: 'req-1' });
    expect(await tdb.db('test_counters').where({ stream_id: 'counter:a' }).first()).toMatchObject({
      total: 5,
      version: 2,
    });
    expect(queued.map((j) => j.queue)).toEqual(['test.audit', 'test.audit']);
    expect((await store.readStream('counter:a')).map((e) => e.type)).toEqual([
      'Incremented',
      'Incremented',
    ]);
  });

  it("given a crowd of writers appending to one stream at once ('any', as sign-in failures are recorded), then every append lands, numbered without a gap", async () => {
    // Many at once on connections of their own: one that loses the next version to another
    // must not run out of tries while the others keep winning.
    const writers = 120;
    const wide = createDb(tdb.url, { min: 0, max: 40 });
    try {
      const crowd = new EventStore(wide, { projections: [counters] });
      await Promise.all(
        Array.from({ length: writers }, () =>
          crowd.append('counter:crowd', 'any', [{ type: 'Incremented', data: { by: 1 } }], {
            metadata,
          }),
        ),
      );
    } finally {
      await wide.destroy();
    }
    const history = await store.readStream('counter:crowd');
    expect(history.map((e) => e.version)).toEqual(Array.from({ length: writers }, (_, i) => i + 1));
    expect(
      await tdb.db('test_counters').where({ stream_id: 'counter:crowd' }).first(),
    ).toMatchObject({
      total: writers,
      version: writers,
    });
  });

  it('given a batch of events in its own transaction, then one statement writes the events and one outbox call takes every job', async () => {
    const calls: number[] = [];
    const outbox: JobOutbox = {
      async enqueueAll(trx, jobs) {
        calls.push(jobs.length);
        await trx('test_jobs').insert(
          jobs.map((j) => ({ queue: j.queue, position: j.data.position })),
        );
      },
    };
    const batched = new EventStore(tdb.db, {
      projections: [counters],
      subscriptions: [{ queue: 'test.audit', handles: ['Incremented'] }],
      enqueue: outbox,
    });
    const statements: string[] = [];
    const record = (query: { sql: string }) => statements.push(query.sql);
    tdb.db.on('query', record);
    try {
      await batched.append(
        'counter:batch',
        0,
        [
          { type: 'Incremented', data: { by: 1 } },
          { type: 'Incremented', data: { by: 1 } },
          { type: 'Incremented', data: { by: 1 } },
        ],
        { metadata },
      );
    } finally {
      tdb.db.off('query', record);
    }
    // The version check is part of the insert: no separate read of the stream, no savepoint.
    const onTheLog = statements.filter((sql) => /\bevents\b/i.test(sql));
    expect(onTheLog).toHaveLength(1);
    expect(onTheLog[0]).toMatch(/insert into events/i);
    expect(statements.filter((sql) => /savepoint/i.test(sql))).toEqual([]);
    expect(calls).toEqual([3]);
  });

  it('given a stream at version 2, when a writer appends claiming a later version, then it gets a ConcurrencyError and no gap', async () => {
    await expect(
      store.append('counter:a', 5, [{ type: 'Incremented', data: { by: 100 } }], { metadata }),
    ).rejects.toThrow('expected version 5, found 2');
    expect((await store.readStream('counter:a')).map((e) => e.version)).toEqual([1, 2]);
    expect(queued).toHaveLength(0);
  });

  it('given a stream at version 2, when a writer appends with a stale expected version, then it gets a ConcurrencyError and nothing is written', async () => {
    await expect(
      store.append('counter:a', 1, [{ type: 'Incremented', data: { by: 100 } }], { metadata }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.streamVersion('counter:a')).toBe(2);
    expect(await tdb.db('test_counters').where({ stream_id: 'counter:a' }).first()).toMatchObject({
      total: 5,
    });
    expect(queued).toHaveLength(0);
  });

  it('given two concurrent appends to one stream at the same version, then exactly one wins', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        store.append('counter:race', 0, [{ type: 'Incremented', data: { by: i + 1 } }], {
          metadata,
        }),
      ),
    );
    const won = attempts.filter((a) => a.status === 'fulfilled');
    const lost = attempts.filter((a) => a.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.every((a) => (a as PromiseRejectedResult).reason instanceof ConcurrencyError)).toBe(
      true,
    );
    // The losers read the version the winner left after their own transaction rolled back.
    for (const a of lost)
      expect((a as PromiseRejectedResult).reason.message).toContain('expected version 0, found 1');
    expect(
      await tdb
        .db('events')
        .where({ stream_id: 'counter:race' })
        .count<{ count: number }[]>('* as count'),
    ).toEqual([{ count: 1 }]);
    expect(
      await tdb
        .db('test_jobs')
        .whereIn(
          'position',
          tdb.db('events').select('position').where({ stream_id: 'counter:race' }),
        ),
    ).toHaveLength(1);
  });

  it("given 'any', concurrent appends all land one after another", async () => {
    await Promise.all(
      Array.from({ length: 5 }, () =>
        store.append('counter:any', 'any', [{ type: 'Incremented', data: { by: 1 } }], {
          metadata,
        }),
      ),
    );
    expect((await store.readStream('counter:any')).map((e) => e.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it("given 'any' inside callers' transactions, concurrent writers all land one after another", async () => {
    await Promise.all(
      Array.from({ length: 8 }, () =>
        tdb.db.transaction((trx) =>
          store.append('counter:trx-any', 'any', [{ type: 'Incremented', data: { by: 1 } }], {
            metadata,
            trx,
          }),
        ),
      ),
    );
    expect((await store.readStream('counter:trx-any')).map((e) => e.version)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it('given a transaction that fails after the append, then neither the event nor its job remains', async () => {
    const before = await tdb.db('test_jobs').count<{ count: number }[]>('* as count');
    await expect(
      tdb.db.transaction(async (trx) => {
        await store.append('counter:rollback', 0, [{ type: 'Incremented', data: { by: 1 } }], {
          metadata,
          trx,
        });
        throw new Error('something later in the command failed');
      }),
    ).rejects.toThrow('something later');
    expect(await store.readStream('counter:rollback')).toEqual([]);
    expect(await tdb.db('test_counters').where({ stream_id: 'counter:rollback' })).toEqual([]);
    expect(await tdb.db('test_jobs').count<{ count: number }[]>('* as count')).toEqual(before);
  });
});

describe('EventStore.appendToStreams and readStreams (a batch of decisions)', () => {
  it('given several streams, when one statement appends to each, then each is numbered after its own version, with its own metadata, projections and jobs', async () => {
    await store.append('counter:m1', 0, [{ type: 'Incremented', data: { by: 1 } }], { metadata });
    await store.append('counter:m1', 1, [{ type: 'Incremented', data: { by: 1 } }], { metadata });
    const stored = await tdb.db.transaction((trx) =>
      store.appendToStreams(trx, [
        {
          streamId: 'counter:m1',
          events: [{ type: 'Incremented', data: { by: 10 } }],
          metadata: { actor: 'worker', causationId: 1 },
        },
        {
          streamId: 'counter:m2',
          events: [
            { type: 'Incremented', data: { by: 5 } },
            { type: 'Incremented', data: { by: 6 } },
          ],
          metadata: { actor: 'worker', causationId: 2 },
        },
        { streamId: 'counter:m3', events: [], metadata },
        {
          streamId: 'counter:m1',
          events: [{ type: 'Incremented', data: { by: 100 } }],
          metadata: { actor: 'worker', causationId: 3 },
        },
      ]),
    );
    expect(
      stored.map((events) => events.map((e) => [e.streamId, e.version, e.metadata.causationId])),
    ).toEqual([
      [['counter:m1', 3, 1]],
      [
        ['counter:m2', 1, 2],
        ['counter:m2', 2, 2],
      ],
      [],
      [['counter:m1', 4, 3]],
    ]);
    expect(
      await tdb.db('test_counters').whereIn('stream_id', ['counter:m1', 'counter:m2']),
    ).toEqual(
      expect.arrayContaining([
        { stream_id: 'counter:m1', total: 112, version: 4 },
        { stream_id: 'counter:m2', total: 11, version: 2 },
      ]),
    );
    expect(queued.filter((j) => j.queue === 'test.audit')).toHaveLength(6);

    const streams = await store.readStreams(['counter:m2', 'counter:m1', 'counter:none']);
    expect([...streams.keys()]).toEqual(['counter:m2', 'counter:m1', 'counter:none']);
    expect(streams.get('counter:m1')!.map((e) => (e.data as { by: number }).by)).toEqual([
      1, 1, 10, 100,
    ]);
    expect(streams.get('counter:m2')!.map((e) => e.version)).toEqual([1, 2]);
    expect(streams.get('counter:none')).toEqual([]);
  });

  it('given events whose data holds a date and an absent value, when appended in one statement, then what the append answers is what a read gives', async () => {
    const at = new Date('2026-11-24T23:39:50.123Z');
    const stored = await tdb.db.transaction((trx) =>
      store.appendToStreams(trx, [
        {
          streamId: 'counter:j1',
          events: [{ type: 'Incremented', data: { by: 2, at, note: undefined } }],
          metadata: { actor: 'worker', causationId: 7, requestId: undefined },
        },
      ]),
    );
    const [read] = (await store.readStreams(['counter:j1'])).get('counter:j1')!;
    expect(stored[0]![0]).toEqual(read);
    expect(stored[0]![0]!.data).toEqual({ by: 2, at: '2026-11-24T23:39:50.123Z' });
    expect(Object.keys(stored[0]![0]!.data as object)).not.toContain('note');
    expect(stored[0]![0]!.occurredAt).toBeInstanceOf(Date);
  });

  it('given streams at several versions, when read from a version on, then each answers that version and what came after it, in order', async () => {
    for (const by of [1, 2, 3, 4])
      await store.append('counter:f1', 'any', [{ type: 'Incremented', data: { by } }], {
        metadata,
      });
    await store.append('counter:f2', 0, [{ type: 'Incremented', data: { by: 7 } }], { metadata });
    const streams = await store.readStreamsFrom([
      { streamId: 'counter:f1', version: 3 },
      { streamId: 'counter:f2', version: 0 },
      { streamId: 'counter:f3', version: 0 },
    ]);
    expect(
      streams.get('counter:f1')!.map((e) => [e.version, (e.data as { by: number }).by]),
    ).toEqual([
      [3, 3],
      [4, 4],
    ]);
    expect(streams.get('counter:f2')!.map((e) => e.version)).toEqual([1]);
    expect(streams.get('counter:f3')).toEqual([]);
  });

  it("given a worker's batch holding streams' first events, when their streams are read inside it, then the histories equal those read outside it, and the batch's events are not read again", async () => {
    const [first1] = await store.append(
      'counter:b1',
      0,
      [{ type: 'Incremented', data: { by: 1 } }],
      { metadata },
    );
    await store.append('counter:b1', 'any', [{ type: 'Incremented', data: { by: 2 } }], {
      metadata,
    });
    const [first2] = await store.append(
      'counter:b2',
      0,
      [{ type: 'Incremented', data: { by: 5 } }],
      { metadata },
    );
    await store.append('counter:b3', 0, [{ type: 'Incremented', data: { by: 9 } }], { metadata });
    const ids = ['counter:b1', 'counter:b2', 'counter:b3', 'counter:none'];
    const outside = await store.readStreams(ids);
    // The batch's copies, told apart from what the table holds by identity.
    const held = [{ ...first1! }, { ...first2! }];
    const inside = await withBatchEvents(held, () => store.readStreams(ids));
    const shape = (m: Map<string, StoredEvent[]>) =>
      [...m].map(([id, events]) => [id, events.map((e) => [e.position, e.version, e.data])]);
    expect(shape(inside)).toEqual(shape(outside));
    expect(shape(inside)).toEqual([
      [
        'counter:b1',
        [
          [first1!.position, 1, { by: 1 }],
          [expect.any(Number), 2, { by: 2 }],
        ],
      ],
      ['counter:b2', [[first2!.position, 1, { by: 5 }]]],
      ['counter:b3', [[expect.any(Number), 1, { by: 9 }]]],
      ['counter:none', []],
    ]);
    expect(inside.get('counter:b1')![0]).toBe(held[0]);
    expect(inside.get('counter:b2')![0]).toBe(held[1]);
  });

  it('given an entry expecting a version its stream has passed, then a ConcurrencyError and nothing of the batch is written', async () => {
    await store.append('counter:x1', 0, [{ type: 'Incremented', data: { by: 1 } }], { metadata });
    await store.append('counter:x2', 0, [{ type: 'Incremented', data: { by: 1 } }], { metadata });
    await store.append('counter:x2', 1, [{ type: 'Incremented', data: { by: 1 } }], { metadata });
    await expect(
      tdb.db.transaction((trx) =>
        store.appendToStreams(trx, [
          {
            streamId: 'counter:x1',
            events: [{ type: 'Incremented', data: { by: 5 } }],
            metadata,
            expectedVersion: 1,
          },
          {
            streamId: 'counter:x2',
            events: [{ type: 'Incremented', data: { by: 5 } }],
            metadata,
            expectedVersion: 1,
          },
        ]),
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    const streams = await store.readStreams(['counter:x1', 'counter:x2']);
    expect(streams.get('counter:x1')).toHaveLength(1);
    expect(streams.get('counter:x2')).toHaveLength(2);
  });

  it('given an entry expecting a version its stream has passed, when appended to the current streams, then the others are written, with their projections and jobs, and the stale stream comes back', async () => {
    await store.append('counter:y1', 0, [{ type: 'Incremented', data: { by: 1 } }], { metadata });
    await store.append('counter:y2', 0, [{ type: 'Incremented', data: { by: 1 } }], { metadata });
    await store.append('counter:y2', 1, [{ type: 'Incremented', data: { by: 1 } }], { metadata });
    const jobsBefore = queued.length;
    const { stored, stale } = await tdb.db.transaction((trx) =>
      store.appendToCurrentStreams(trx, [
        {
          streamId: 'counter:y1',
          events: [{ type: 'Incremented', data: { by: 5 } }],
          metadata,
          expectedVersion: 1,
        },
        {
          streamId: 'counter:y2',
          events: [{ type: 'Incremented', data: { by: 5 } }],
          metadata,
          expectedVersion: 1,
        },
      ]),
    );
    expect(stale).toEqual(['counter:y2']);
    expect(stored.map((events) => events.map((e) => [e.streamId, e.version]))).toEqual([
      [['counter:y1', 2]],
      [],
    ]);
    const streams = await store.readStreams(['counter:y1', 'counter:y2']);
    expect(streams.get('counter:y1')).toHaveLength(2);
    expect(streams.get('counter:y2')).toHaveLength(2);
    expect(
      await tdb.db('test_counters').whereIn('stream_id', ['counter:y1', 'counter:y2']),
    ).toEqual(
      expect.arrayContaining([
        { stream_id: 'counter:y1', total: 6, version: 2 },
        { stream_id: 'counter:y2', total: 2, version: 2 },
      ]),
    );
    expect(queued.slice(jobsBefore).map((j) => j.position)).toEqual(
      queued.slice(jobsBefore).map(() => stored[0]![0]!.position),
    );
    expect(queued.length).toBeGreaterThan(jobsBefore);
  });

  it('given two batches on one stream at the same moment, then both land, one after the other', async () => {
    await Promise.all(
      [1, 2, 3].map((n) =>
        tdb.db.transaction((trx) =>
          store.appendToStreams(trx, [
            {
              streamId: 'counter:batch-race',
              events: [{ type: 'Incremented', data: { by: n } }],
              metadata,
            },
          ]),
        ),
      ),
    );
    const events = await store.readStream('counter:batch-race');
    expect(events.map((e) => e.version)).toEqual([1, 2, 3]);
    expect(events.map((e) => (e.data as { by: number }).by).sort()).toEqual([1, 2, 3]);
  });
});

describe('rebuildProjections', () => {
  it('given live read models, when every projection is rebuilt from the log, then the tables are equal', async () => {
    const live = await tdb.db('test_counters').orderBy('stream_id');
    await tdb.db('test_counters').update({ total: -1 }); // damage it, the replay must repair it
    const { events, direct } = await rebuildProjections(store, [counters]);
    expect(events).toBeGreaterThan(0);
    // Its raw SQL on its own table is not replayed in memory: it goes through the database.
    expect(direct).toEqual([
      { projection: 'test-counters', reason: 'raw SQL naming test_counters' },
    ]);
    expect(await tdb.db('test_counters').orderBy('stream_id')).toEqual(live);
  });
});
