import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEvents, defineProjection } from '../event-store/catalogue.ts';
import { EventStore, rebuildProjections } from '../event-store/event-store.ts';
import { insertRowStatement } from '../read-model.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { sealExistingEvents, withBatchEvents } from './fields.ts';
import {
  ERASED,
  freshKey,
  keyTableRows,
  openOnSnapshotThread,
  openWithKey,
  PERSONAL_KEYS,
  refreshKeySnapshot,
  restoreKeyTable,
  sealWithKey,
  shredSubject,
  subjectIdOf,
  withKeySnapshot,
} from './keys.ts';

// Crypto-shredding at the level of the store, apart from any business module: a catalogue
// with personal fields, a read model of them, and what happens when a person's key goes.

const events = defineEvents(
  {
    TestSignedUp: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      plan: z.string(),
    }),
    TestNoted: z.object({ id: z.string(), changes: z.object({ note: z.string().optional() }) }),
  },
  {
    personal: {
      TestSignedUp: { subject: 'email', fields: ['email', 'name'] },
      TestNoted: { subject: 'stream', fields: ['changes.note'] },
    },
  },
);

const people = defineProjection({
  name: 'test-people',
  mode: 'inline',
  tables: ['test_people'],
  events,
  async apply(trx, event) {
    if (event.type === 'TestSignedUp')
      await trx('test_people').insert({
        id: event.data.id,
        email: event.data.email,
        name: event.data.name,
        note: null,
      });
    else
      await trx('test_people')
        .where({ id: event.data.id })
        .update({ note: event.data.changes.note ?? null });
  },
});

/** The same read model, with the statement that lets a sign-up be stored in one round trip. */
const peopleInOneStatement = defineProjection({
  name: people.name,
  mode: 'inline',
  tables: people.tables,
  events,
  apply: (trx, event) => people.apply(trx, event),
  statement([first, ...rest]) {
    if (first?.type !== 'TestSignedUp' || rest.length > 0) return undefined;
    const { id, email, name } = first.data;
    // test_people keeps no stamp: only the given columns.
    return insertRowStatement(
      'test_people',
      { id, email, name, note: null },
      { version: first.version, stamp: false },
    );
  },
});

const metadata = { actor: 'test' };
let tdb: TestDatabase;
let store: EventStore;
let oneStatementStore: EventStore;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await tdb.db.schema.createTable('test_people', (t) => {
    t.text('id').primary();
    t.text('email').notNullable();
    t.text('name').notNullable();
    t.text('note');
  });
  store = new EventStore(tdb.db, { projections: [people] });
  oneStatementStore = new EventStore(tdb.db, { projections: [peopleInOneStatement] });
});
afterAll(() => tdb.drop());

const rawLog = async () =>
  JSON.stringify(await tdb.db('events').select('data').orderBy('position'));

describe('sealing a value', () => {
  it('given thousands of values sealed one after another, then each has an IV of its own and opens to itself', () => {
    const key = randomBytes(32);
    // Past two refills of the IV pool (4,096 a time).
    const sealed = Array.from({ length: 10_000 }, (_, i) => sealWithKey(key, 'subject', `v${i}`));
    const ivs = new Set(sealed.map((value) => value.split('.')[1]));
    expect(ivs.size).toBe(sealed.length);
    expect(sealed.every((value, i) => openWithKey(key, 'subject', value) === `v${i}`)).toBe(true);
  });
});

describe('personal fields in the log', () => {
  it('given a sign-up, when it is stored, then the log holds no clear personal field and every read gives them back', async () => {
    const [stored] = await store.append(
      'test:1',
      0,
      [
        {
          type: 'TestSignedUp',
          data: { id: '1', email: 'Ada@Example.ca', name: 'Ada Lovelace', plan: 'gold' },
        },
      ],
      { metadata },
    );
    await store.append(
      'test:1',
      1,
      [{ type: 'TestNoted', data: { id: '1', changes: { note: 'prefers phone calls' } } }],
      { metadata },
    );
    // The append answers (and the inline projection sees) the clear values.
    expect(stored!.data).toEqual({
      id: '1',
      email: 'Ada@Example.ca',
      name: 'Ada Lovelace',
      plan: 'gold',
    });
    const log = await rawLog();
    for (const secret of ['Ada', 'Lovelace', 'example.ca', 'prefers phone'])
      expect(log).not.toContain(secret);
    expect(log).toContain('gold');
    expect(await tdb.db('test_people').where({ id: '1' }).first()).toMatchObject({
      email: 'Ada@Example.ca',
      name: 'Ada Lovelace',
      note: 'prefers phone calls',
    });
    const history = await store.readStream('test:1');
    expect(history.map((e) => e.data)).toEqual([
      { id: '1', email: 'Ada@Example.ca', name: 'Ada Lovelace', plan: 'gold' },
      { id: '1', changes: { note: 'prefers phone calls' } },
    ]);
    expect(history.every((e) => !e.erased)).toBe(true);
    const all = [];
    for await (const e of store.readAll()) all.push(e.data);
    expect(all).toEqual(history.map((e) => e.data));
    // One key for the person, whatever the case of the address, wrapped (not the raw key).
    const keys = await tdb.db(PERSONAL_KEYS).select('*');
    expect(keys.map((k) => k.subject_id)).toEqual([subjectIdOf(' ada@example.CA ')]);
  });

  it('given a second sign-up of the same person, then it is sealed under the same key', async () => {
    await store.append(
      'test:2',
      0,
      [
        {
          type: 'TestSignedUp',
          data: { id: '2', email: 'ada@example.ca', name: 'Ada L.', plan: 'free' },
        },
      ],
      { metadata },
    );
    expect(await tdb.db(PERSONAL_KEYS).count('* as n').first()).toEqual({ n: 1 });
  });

  it("given a worker's batch of events, when its handler reads them again in their streams, then they are not opened again: no key read, the batch's values", async () => {
    const given = await store.readEvents((await store.readStream('test:2')).map((e) => e.position));
    const queries: string[] = [];
    const record = (q: { sql: string }) => queries.push(q.sql);
    tdb.db.on('query', record);
    try {
      const again = await withBatchEvents(given, () => store.readStreams(['test:2']));
      expect(again.get('test:2')!.map((e) => e.data)).toEqual(given.map((e) => e.data));
      expect(queries.filter((sql) => sql.includes(PERSONAL_KEYS))).toEqual([]);
      // Outside a batch, each read opens them with the key read from the table.
      await store.readStreams(['test:2']);
      expect(queries.filter((sql) => sql.includes(PERSONAL_KEYS))).toHaveLength(1);
    } finally {
      tdb.db.off('query', record);
    }
  });

  it("given events opened lately (one worker's queues after another), when read again, then the opened values are reused while the person's key is the one that sealed them, and for no longer than 30 s", async () => {
    const positions = (await store.readStream('test:2')).map((e) => e.position);
    const first = await store.readEvents(positions);
    const again = await store.readEvents(positions);
    expect(again.map((e) => e.data)).toEqual(first.map((e) => e.data));
    // The same opened values, not a second decryption of them.
    expect(again[0]!.data).toBe(first[0]!.data);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    try {
      const later = await store.readEvents(positions);
      expect(later.map((e) => e.data)).toEqual(first.map((e) => e.data));
      expect(later[0]!.data).not.toBe(first[0]!.data);
    } finally {
      vi.useRealTimers();
    }
  });

  it("given a stream's first event opened, when a later event is sealed under the stream's person, then the log is not asked who that is, and the event is sealed under the person's key", async () => {
    await store.readStream('test:2');
    const queries: string[] = [];
    const record = (q: { sql: string }) => queries.push(q.sql);
    tdb.db.on('query', record);
    try {
      await tdb.db.transaction((trx) =>
        store.appendToStreams(trx, [
          {
            streamId: 'test:2',
            events: [{ type: 'TestNoted', data: { id: '2', changes: { note: 'met at a fair' } } }],
            metadata,
          },
        ]),
      );
    } finally {
      tdb.db.off('query', record);
    }
    expect(queries.filter((sql) => sql.includes('distinct on'))).toEqual([]);
    const [, noted] = await store.readStream('test:2');
    expect(noted!.data).toEqual({ id: '2', changes: { note: 'met at a fair' } });
    expect(await rawLog()).not.toContain('met at a fair');
    const sealed = await tdb.db('events').where({ position: noted!.position }).first();
    expect(sealed.data.$personal.s).toBe(subjectIdOf('ada@example.ca'));
  });

  it('given the key is lost, then the fields read as erased, the projection leaves the events out whole and a rebuild makes no row', async () => {
    await store.append(
      'test:3',
      0,
      [
        {
          type: 'TestSignedUp',
          data: { id: '3', email: 'grace@example.ca', name: 'Grace Hopper', plan: 'gold' },
        },
      ],
      { metadata },
    );
    // Opened lately: what this process remembers of them must not outlive the key.
    await store.readStream('test:1');
    await tdb.db.transaction((trx) => shredSubject(trx, 'ADA@example.ca', new Date()));
    const history = await store.readStream('test:1');
    expect(history.map((e) => [e.erased, e.data])).toEqual([
      [true, { id: '1', email: ERASED, name: ERASED, plan: 'gold' }],
      [true, { id: '1', changes: { note: ERASED } }],
    ]);
    // The log still holds the ciphertext: nothing can open it now.
    await rebuildProjections(store, [people]);
    expect(await tdb.db('test_people').orderBy('id').select('id', 'name')).toEqual([
      { id: '3', name: 'Grace Hopper' },
    ]);
  });

  it("given many people, when a rebuild opens their fields on a thread of its own, then it makes the rows opening them here makes, an erased person's still left out", async () => {
    for (const n of [5, 6, 7])
      await store.append(
        `test:${n}`,
        0,
        [
          {
            type: 'TestSignedUp',
            data: { id: `${n}`, email: `p${n}@example.ca`, name: `Person ${n}`, plan: 'free' },
          },
          { type: 'TestNoted', data: { id: `${n}`, changes: { note: `note ${n}` } } },
        ],
        { metadata },
      );
    await tdb.db.transaction((trx) => shredSubject(trx, 'p6@example.ca', new Date()));
    await rebuildProjections(store, [people]);
    const here = await tdb.db('test_people').orderBy('id');
    expect(here.map((r) => [r.id, r.name, r.note])).toEqual([
      ['3', 'Grace Hopper', null],
      ['5', 'Person 5', 'note 5'],
      ['7', 'Person 7', 'note 7'],
    ]);
    await rebuildProjections(store, [people], { openOffThreadFrom: 1 });
    expect(await tdb.db('test_people').orderBy('id')).toEqual(here);

    // The thread itself: each value opened with its person's key, null where that key is not
    // the one that sealed it; the values of a person it has no key of (erased, or new since the
    // snapshot) are left to the caller, which looks in the table.
    const sealed = (
      await tdb.db('events').whereIn('stream_id', ['test:5', 'test:6']).orderBy('position')
    ).map((row) => row.data.$personal as { s: string; k: string; c: string });
    const values = [
      ...sealed.map((e) => ({ subject: e.s, fingerprint: e.k, sealed: e.c })),
      { subject: sealed[0]!.s, fingerprint: 'another-key', sealed: sealed[0]!.c },
    ];
    const opened = await withKeySnapshot(tdb.db, () => openOnSnapshotThread(values), {
      offThreadFrom: 1,
    });
    expect([...opened!.entries()]).toEqual([
      [0, JSON.stringify({ email: 'p5@example.ca', name: 'Person 5' })],
      [1, JSON.stringify({ 'changes.note': 'note 5' })],
      [4, null],
    ]);
    // Fewer values than it is worth a thread for: opened by the caller.
    expect(await withKeySnapshot(tdb.db, () => openOnSnapshotThread(values))).toBeUndefined();

    // A person erased while a rebuild runs: once it reads the keys again (to catch up), the
    // thread opens nothing with the erased key, even with too few keys left to use it at all.
    const keysNow = Number((await tdb.db(PERSONAL_KEYS).count({ n: '*' }))[0]!.n);
    const many = Array.from({ length: keysNow }, () => values).flat();
    const afterErasure = await withKeySnapshot(
      tdb.db,
      async () => {
        expect((await openOnSnapshotThread(many))?.get(0)).toContain('Person 5');
        await tdb.db.transaction((trx) => shredSubject(trx, 'p5@example.ca', new Date()));
        await refreshKeySnapshot(tdb.db);
        return openOnSnapshotThread(many);
      },
      { offThreadFrom: keysNow },
    );
    expect(afterErasure).toBeUndefined();
  });

  it('given a backup of the key table taken before an erasure, when it is restored, then the erasure holds and later keys stay', async () => {
    const backup = JSON.parse(JSON.stringify(await keyTableRows(tdb.db)));
    // Erased (an injected time) as her first key was made: the key she gets on her return is
    // made later, whatever the clock's resolution.
    const erasedAt = new Date(
      Math.max(...backup.keys.map((k: { created_at: string }) => Date.parse(k.created_at))),
    );
    await tdb.db.transaction((trx) => shredSubject(trx, 'grace@example.ca', erasedAt));
    // Grace comes back after her erasure: a new key, a new life.
    await store.append(
      'test:4',
      0,
      [
        {
          type: 'TestSignedUp',
          data: { id: '4', email: 'grace@example.ca', name: 'Grace B.', plan: 'free' },
        },
      ],
      { metadata },
    );
    const later = JSON.parse(JSON.stringify(await keyTableRows(tdb.db)));
    // An old backup: Grace's first key is in it; her erasure is recorded here.
    await tdb.db.transaction((trx) => restoreKeyTable(trx, backup));
    expect((await store.readStream('test:3'))[0]!.erased).toBe(true);
    // A backup taken after her return keeps the new key.
    await tdb.db.transaction((trx) => restoreKeyTable(trx, later));
    expect((await store.readStream('test:4'))[0]!.data).toMatchObject({ name: 'Grace B.' });
    expect((await store.readStream('test:3'))[0]!.erased).toBe(true);
  });
});

describe('a new stream stored in one statement', () => {
  const signUp = (id: string, email: string) => ({
    type: 'TestSignedUp',
    data: { id, email, name: `Person ${id}`, plan: 'basic' },
  });
  const appendCounting = async (streamId: string, email: string) => {
    const queries: string[] = [];
    const count = (q: { sql: string }) => queries.push(q.sql);
    tdb.db.on('query', count);
    try {
      await oneStatementStore.append(streamId, 0, [signUp(streamId, email)], { metadata });
    } finally {
      tdb.db.off('query', count);
    }
    return queries.length;
  };

  it('given a new person, then sealed under a new key, in one round trip; seen again, under the same key, still one', async () => {
    expect(await appendCounting('test:one-1', 'lin@example.ca')).toBe(1);
    expect(await appendCounting('test:one-2', 'LIN@example.ca ')).toBe(1);
    expect(
      await tdb.db(PERSONAL_KEYS).where({ subject_id: subjectIdOf('lin@example.ca') }),
    ).toHaveLength(1);
    expect(await rawLog()).not.toContain('lin@example.ca');
    const [a] = await store.readStream('test:one-1');
    const [b] = await store.readStream('test:one-2');
    expect(a?.data).toMatchObject({ email: 'lin@example.ca', name: 'Person test:one-1' });
    expect(b?.data).toMatchObject({ email: 'LIN@example.ca ', name: 'Person test:one-2' });
    expect(await tdb.db('test_people').where({ id: 'test:one-2' }).first()).toMatchObject({
      email: 'LIN@example.ca ',
    });
  });

  it('given the key erased by another process meanwhile, then the write is not sealed under the forgotten key: a new key, and what came before stays erased', async () => {
    expect(await appendCounting('test:one-3', 'kai@example.ca')).toBe(1);
    // Another API process erases the person: this one still remembers the key.
    await tdb
      .db(PERSONAL_KEYS)
      .where({ subject_id: subjectIdOf('kai@example.ca') })
      .delete();
    expect(await appendCounting('test:one-4', 'kai@example.ca')).toBeGreaterThan(1);
    const [before] = await store.readStream('test:one-3');
    const [after] = await store.readStream('test:one-4');
    expect(before?.data).toMatchObject({ email: ERASED, name: ERASED });
    expect(after?.data).toMatchObject({ email: 'kai@example.ca' });
    // One row for the new stream only, none half written for the refused statement.
    expect(await tdb.db('events').where({ stream_id: 'test:one-4' })).toHaveLength(1);
  });

  it('given a person whose key another process made, then the key is read and used, and the next write is one round trip again', async () => {
    await appendCounting('test:one-5', 'noa@example.ca');
    await tdb.db.transaction((trx) => shredSubject(trx, 'noa@example.ca', new Date()));
    // Another process's key for her: a row this one never wrote nor read.
    const subjectId = subjectIdOf('noa@example.ca');
    await tdb
      .db(PERSONAL_KEYS)
      .insert({ subject_id: subjectId, wrapped_key: freshKey(subjectId).wrapped });
    const [made] = await tdb.db(PERSONAL_KEYS).where({ subject_id: subjectId });
    expect(await appendCounting('test:one-7', 'noa@example.ca')).toBeGreaterThan(1);
    expect(await appendCounting('test:one-8', 'noa@example.ca')).toBe(1);
    expect(
      await tdb.db(PERSONAL_KEYS).where({ subject_id: subjectIdOf('noa@example.ca') }),
    ).toEqual([made]);
    const [seventh] = await store.readStream('test:one-7');
    expect(seventh?.data).toMatchObject({ email: 'noa@example.ca' });
  });

  it('given a stream that exists, then a conflict and nothing written', async () => {
    await appendCounting('test:one-9', 'eve@example.ca');
    await expect(
      oneStatementStore.append('test:one-9', 0, [signUp('test:one-9', 'eve@example.ca')], {
        metadata,
      }),
    ).rejects.toThrow(/version|conflict/i);
    expect(await tdb.db('events').where({ stream_id: 'test:one-9' })).toHaveLength(1);
  });
});

describe('the migration of events stored in clear', () => {
  it('given old events in clear, when the migration runs, then they are sealed once and read as before', async () => {
    const old = [
      {
        stream_id: 'test:old',
        stream_type: 'test',
        version: 1,
        type: 'TestSignedUp',
        data: JSON.stringify({
          id: 'old',
          email: 'mary@example.ca',
          name: 'Mary Jackson',
          plan: 'x',
        }),
        metadata: JSON.stringify(metadata),
      },
      {
        stream_id: 'test:old',
        stream_type: 'test',
        version: 2,
        type: 'TestNoted',
        data: JSON.stringify({ id: 'old', changes: { note: 'met at the meetup' } }),
        metadata: JSON.stringify(metadata),
      },
    ];
    await tdb.db('events').insert(old);
    expect(await rawLog()).toContain('Mary Jackson');
    expect(await sealExistingEvents(tdb.db, ['TestSignedUp', 'TestNoted'], 1)).toBe(2);
    const log = await rawLog();
    for (const secret of ['Mary', 'Jackson', 'mary@', 'meetup']) expect(log).not.toContain(secret);
    expect((await store.readStream('test:old')).map((e) => e.data)).toEqual([
      { id: 'old', email: 'mary@example.ca', name: 'Mary Jackson', plan: 'x' },
      { id: 'old', changes: { note: 'met at the meetup' } },
    ]);
    // Once: a second run finds nothing left in clear and changes nothing.
    const before = await rawLog();
    expect(await sealExistingEvents(tdb.db, ['TestSignedUp', 'TestNoted'])).toBe(0);
    expect(await rawLog()).toBe(before);
    // Erasing Mary now shreds her migrated events too.
    await tdb.db.transaction((trx) => shredSubject(trx, 'mary@example.ca', new Date()));
    expect((await store.readStream('test:old')).every((e) => e.erased)).toBe(true);
  });

  it('refuses to run without the declarations of the types it re-writes', async () => {
    await expect(
      sealExistingEvents(tdb.db, ['TestSignedUp', 'NobodyDeclaredThis']),
    ).rejects.toThrow('No personal fields are declared for NobodyDeclaredThis');
  });
});
