import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../db.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { EventStore } from './event-store.ts';
import { rebuildProjections } from './rebuild.ts';
import type { Projection, StoredEvent } from './types.ts';

// The replay in memory reproduces what the database does with a projection's statements: the
// rows after a rebuild equal the rows the projection wrote one event at a time. A statement it
// cannot reproduce sends the projection through the database, from that event on.

type Data = Record<string, unknown>;

/** Every kind of statement the site's projections use, on a table with defaults and keys. */
const items: Projection = {
  name: 'test-items',
  mode: 'inline',
  tables: ['test_items'],
  handles: ['Added', 'Renamed', 'Tagged', 'Moved', 'Merged', 'Cleared', 'Removed', 'Batch'],
  async apply(trx: Trx, event: StoredEvent) {
    const d = event.data as Data;
    const at = { updated_at: event.occurredAt, version: event.version };
    switch (event.type) {
      case 'Added':
        await trx('test_items')
          // A Date into a date column is the driver's to convert: those rows go in by an insert.
          .insert({
            id: d.id,
            code: d.code,
            owner: d.owner,
            note: undefined,
            day: at.updated_at,
            ...at,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'Renamed':
        await trx('test_items')
          .where({ id: d.id })
          .update({ name: d.name, ...at });
        return;
      case 'Tagged':
        await trx('test_items')
          .where('id', d.id as string)
          // An object into jsonb: written out in bulk as the driver would send it, its JSON.
          .update({
            tags: JSON.stringify(d.tags),
            flagged: true,
            meta: { tags: d.tags, note: 'a "quoted" \\ word, {braced}', n: null },
          });
        return;
      case 'Moved': // by another column than the key, several rows at once
        await trx('test_items').where({ owner: d.from }).update({ owner: d.to });
        return;
      case 'Merged': // upserts: every column, listed columns, given values
        await trx('test_items')
          .insert({ id: d.id, code: d.code, name: 'merged', ...at })
          .onConflict('id')
          .merge();
        await trx('test_items')
          .insert({ id: d.id, code: d.code, name: 'not this', ...at })
          .onConflict(['id'])
          .merge(['updated_at']);
        await trx('test_items')
          .insert({ id: d.id, code: d.code, ...at })
          .onConflict('code')
          .merge({ note: `merged at ${event.position}` });
        return;
      case 'Cleared':
        await trx('test_items')
          .whereNull('note')
          .whereIn('owner', d.owners as string[])
          .update({
            note: 'cleared',
          });
        return;
      case 'Removed':
        await trx('test_items').where({ id: d.id }).delete();
        return;
      case 'Batch':
        await trx('test_items')
          .insert(
            (d.ids as string[]).map((id, i) => ({
              id,
              code: `batch-${event.position}-${i}`,
              owner: 'batch',
              ...at,
            })),
          )
          .onConflict('id')
          .ignore();
        return;
    }
  },
};

/** Like items, until an event it handles with a statement the memory replay does not know. */
const counters: Projection = {
  name: 'test-counts',
  mode: 'inline',
  tables: ['test_counts'],
  handles: ['Added', 'Removed'],
  async apply(trx: Trx, event: StoredEvent) {
    const owner = (event.data as Data).owner as string | undefined;
    if (!owner) return;
    if (event.type === 'Added') {
      await trx('test_counts').insert({ owner, count: 0 }).onConflict('owner').ignore();
      // An increment is computed by the database.
      await trx('test_counts').where({ owner }).increment('count', 1);
    }
  },
};

let tdb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await tdb.db.schema.createTable('test_items', (t) => {
    t.uuid('id').primary();
    t.text('code').notNullable().unique();
    t.text('name');
    t.text('owner');
    t.jsonb('tags').notNullable().defaultTo('[]');
    t.jsonb('meta');
    t.boolean('flagged').notNullable().defaultTo(false);
    t.text('note');
    t.date('day');
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.integer('version').notNullable();
    t.index(['owner']);
  });
  await tdb.db.schema.createTable('test_counts', (t) => {
    t.text('owner').primary();
    t.integer('count').notNullable();
  });
  store = new EventStore(tdb.db, { projections: [items, counters] });
});
afterAll(() => tdb?.drop());

const id = (n: number) => `0000000a-0000-4000-8000-${String(n).padStart(12, 'a')}`;

async function given(stream: string, type: string, data: Data): Promise<void> {
  await store.append(stream, 'any', [{ type, data }], { metadata: { actor: 'test' } });
}

/** The tables' constraints and indexes, by name and definition. */
const keysAndIndexes = async () =>
  (
    await tdb.db.raw<{ rows: { name: string; def: string }[] }>(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
        where conrelid in ('test_items'::regclass, 'test_counts'::regclass)
       union all
       select indexname, indexdef from pg_indexes where tablename in ('test_items', 'test_counts')
       order by 1, 2`,
    )
  ).rows;

const snapshot = async () => ({
  items: await tdb.db('test_items').orderBy('id'),
  counts: await tdb.db('test_counts').orderBy('owner'),
});

describe('a rebuild in memory', () => {
  it('given every kind of statement, then the rows equal those written one event at a time', async () => {
    for (let n = 1; n <= 30; n++)
      await given(`item:${n}`, 'Added', { id: id(n), code: `c${n}`, owner: `o${n % 4}` });
    await given('item:1', 'Added', { id: id(1), code: 'c1', owner: 'o1' }); // again: ignored
    for (let n = 1; n <= 30; n += 3)
      await given(`item:${n}`, 'Renamed', { id: id(n), name: `N${n}` });
    // Text written out in bulk as it was given: quotes, backslashes, braces, a line break.
    await given('item:4', 'Renamed', { id: id(4), name: 'say "hi" \\ {x}, y NULL' });
    await given('item:13', 'Renamed', { id: id(13), name: "O'Brien's ''quoted'' \\' x" });
    await given('item:10', 'Renamed', { id: id(10), name: 'a "quoted" \\ name,\nover two lines' });
    // COPY's own signs as text: a tab, a carriage return, what reads as NULL or the data's end.
    await given('item:16', 'Renamed', { id: id(16), name: 'tab\there, CR\r\n\\N \\.\n\\. é 🎉' });
    await given('item:19', 'Renamed', { id: id(19), name: '\\N' });
    await given('item:2', 'Tagged', { id: id(2).toUpperCase(), tags: ['a', 'b'] });
    await given('owners', 'Moved', { from: 'o2', to: 'o9' });
    await given('item:5', 'Merged', { id: id(5), code: 'c5' });
    await given('item:40', 'Merged', { id: id(40), code: 'c40' }); // a new row
    await given('owners', 'Cleared', { owners: ['o1', 'o9'] });
    await given('item:7', 'Removed', { id: id(7) });
    await given('item:7', 'Added', { id: id(7), code: 'c7', owner: 'back' }); // the code again
    await given('batch', 'Batch', { ids: [id(50), id(51), id(1)] });

    const live = await snapshot();
    expect(live.items.length).toBeGreaterThan(30);
    const keys = await keysAndIndexes();
    await tdb.db('test_items').update({ name: 'damaged' });
    await tdb.db('test_counts').delete();

    const result = await rebuildProjections(store, [items, counters]);
    expect(await snapshot()).toEqual(live);
    // The items in memory; the counts through the database, from their first increment.
    expect(result.direct).toEqual([
      { projection: 'test-counts', reason: 'counter on test_counts' },
    ]);

    // In batches of 4 events, each batch's rows are written out while the next is applied:
    // rows changed, removed and added again in later batches come out the same.
    await tdb.db('test_items').update({ name: 'damaged' });
    await rebuildProjections(store, [items, counters], { batchSize: 4 });
    expect(await snapshot()).toEqual(live);
    // The fresh tables' keys and indexes, some built only at the end, are the live ones'.
    expect(await keysAndIndexes()).toEqual(keys);
  });

  it('given a large table, then its indexed columns have statistics at the swap and autovacuum is owed the rest', async () => {
    const ids = Array.from(
      { length: 10_000 },
      (_, i) => `0000000b-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    await given('batch:large', 'Batch', { ids });
    await rebuildProjections(store, [items, counters]);
    await tdb.db.raw('select pg_stat_force_next_flush()');
    const analysed = (
      await tdb.db.raw<{ rows: { name: string }[] }>(
        "select attname as name from pg_stats where tablename = 'test_items' order by 1",
      )
    ).rows.map((r) => r.name);
    // The primary key, the unique code and the owner's index; not the name, which no index has.
    expect(analysed).toEqual(['code', 'id', 'owner']);
    const [table] = (
      await tdb.db.raw<{ rows: { changed: number; analysed: Date | null }[] }>(
        `select n_mod_since_analyze::int as changed, last_analyze as analysed
           from pg_stat_user_tables where relname = 'test_items'`,
      )
    ).rows;
    expect(table!.analysed).not.toBeNull();
    expect(table!.changed).toBeGreaterThanOrEqual(10_000);
  });

  it('given an append that commits after a later one was read, then the swap applies it too', async () => {
    // The first append takes its position and waits uncommitted; the second, a later position,
    // commits: the replay reads past a hole, which the first fills just before the swap.
    const slow = await tdb.db.transaction();
    await store.append('item:60', 'any', [{ type: 'Added', data: { id: id(60), code: 'c60' } }], {
      metadata: { actor: 'test' },
      trx: slow,
    });
    await given('item:61', 'Added', { id: id(61), code: 'c61' });

    await rebuildProjections(store, [items, counters], {
      beforeSwap: async () => {
        expect(await tdb.db('test_items').where({ id: id(60) })).toEqual([]);
        await slow.commit();
      },
    });
    const rebuilt = await snapshot();
    expect(rebuilt.items.map((row) => row.code)).toEqual(expect.arrayContaining(['c60', 'c61']));
    // As the projection wrote them one event at a time.
    await tdb
      .db('test_items')
      .whereIn('id', [id(60), id(61)])
      .delete();
    for (const n of [60, 61])
      await items.apply(tdb.db as unknown as Trx, (await store.readStream(`item:${n}`))[0]!);
    expect(await snapshot()).toEqual(rebuilt);
  });
});
