import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors.ts';
import { createTestDatabase, eventually, type TestDatabase } from '../testing/index.ts';
import { forEachId, UnknownIdsError } from './bulk.ts';

// A bulk action is one transaction over its rows. A worker's batch may write the same rows in
// another order at the same moment; PostgreSQL then ends one of them as a deadlock.

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await tdb.db.schema.createTable('test_rows', (t) => {
    t.text('id').primary();
    t.integer('n').notNullable();
  });
});
afterAll(() => tdb.drop());

const counts = async () =>
  Object.fromEntries(
    (await tdb.db('test_rows').orderBy('id')).map((r: { id: string; n: number }) => [r.id, r.n]),
  );

describe('forEachId', () => {
  it('given a writer that takes the same rows in the other order, when PostgreSQL ends the action as a deadlock, then the action runs again whole and both land', async () => {
    await tdb.db('test_rows').insert([
      { id: 'a', n: 0 },
      { id: 'b', n: 0 },
    ]);
    const calls: string[] = [];
    let action: Promise<unknown> | undefined;
    // The second run waits for the other writer's commit: started at once, it could take a
    // before that writer (row locks are not handed out in turn) and deadlock with it again.
    let otherCommitted!: () => void;
    const committed = new Promise<void>((resolve) => (otherCommitted = resolve));
    await tdb.db.transaction(async (other) => {
      // PostgreSQL ends the transaction whose deadlock check runs first: each runs its check
      // deadlock_timeout (1 s) after it began to wait. The action waits first, but on a loaded
      // machine this writer's check could still come first; it waits longer, so it never does.
      await other.raw("set local deadlock_timeout = '30s'");
      await other('test_rows').where({ id: 'b' }).increment('n', 1);
      action = forEachId(tdb.db, ['a', 'b'], 'rows', async (id, trx) => {
        calls.push(id);
        if (calls.length === 3) await committed;
        await trx('test_rows').where({ id }).increment('n', 1);
      });
      // The action holds a and waits for b: the other writer now asks for a.
      await eventually(async () =>
        (
          await tdb.db.raw(
            "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          )
        ).rows.length === 1
          ? true
          : undefined,
      );
      await other('test_rows').where({ id: 'a' }).increment('n', 10);
    });
    otherCommitted();
    await action;
    expect(calls).toEqual(['a', 'b', 'a', 'b']);
    expect(await counts()).toEqual({ a: 11, b: 2 });
  });

  it('given an id that names nothing, then nothing is written and the answer names it', async () => {
    const before = await counts();
    await expect(
      forEachId(tdb.db, ['a', 'zz'], 'rows', async (id, trx) => {
        const changed = await trx('test_rows').where({ id }).increment('n', 1);
        if (changed === 0) throw new NotFoundError(`no ${id}`);
      }),
    ).rejects.toBeInstanceOf(UnknownIdsError);
    expect(await counts()).toEqual(before);
  });
});
