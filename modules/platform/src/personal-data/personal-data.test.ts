import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvents, defineProjection } from '../event-store/catalogue.ts';
import { EventStore, rebuildProjections } from '../event-store/event-store.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { sealExistingEvents } from './fields.ts';
import {
  ERASED,
  keyTableRows,
  PERSONAL_KEYS,
  restoreKeyTable,
  shredSubject,
  subjectIdOf,
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

const metadata = { actor: 'test' };
let tdb: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await tdb.db.schema.createTable('test_people', (t) => {
    t.text('id').primary();
    t.text('email').notNullable();
    t.text('name').notNullable();
    t.text('note');
  });
  store = new EventStore(tdb.db, { projections: [people] });
});
afterAll(() => tdb.drop());

const rawLog = async () =>
  JSON.stringify(await tdb.db('events').select('data').orderBy('position'));

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
