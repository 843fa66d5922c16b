import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from './db.ts';
import { bumpContentRevision, ContentWatch, contentRevisionStamp } from './page-cache.ts';
import { createTestDatabase, eventually, type TestDatabase } from './testing/index.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

describe('content revisions (the page cache stamp)', () => {
  it('given no content yet, then the stamp is empty; each bump moves its own kind', async () => {
    expect(await contentRevisionStamp(tdb.db)).toBe('');
    await tdb.db.transaction((trx) => bumpContentRevision(trx, 'case-studies'));
    await tdb.db.transaction((trx) => bumpContentRevision(trx, 'blog'));
    await tdb.db.transaction((trx) => bumpContentRevision(trx, 'blog'));
    expect(await contentRevisionStamp(tdb.db)).toBe('blog=2,case-studies=1');
  });

  it('given a transaction that rolls back, then the stamp does not move', async () => {
    await expect(
      tdb.db.transaction(async (trx) => {
        await bumpContentRevision(trx, 'blog');
        throw new Error('the event was refused');
      }),
    ).rejects.toThrow('the event was refused');
    expect(await contentRevisionStamp(tdb.db)).toBe('blog=2,case-studies=1');
  });
});

describe('the content watch (revisions in memory, moved by NOTIFY)', () => {
  it('hears a commit of another process at once, and nothing of a rollback', async () => {
    // The watch has a pool of its own; the writer is another pool, as another API process.
    const mine = createDb(tdb.url, { min: 0, max: 2 });
    const watch = await ContentWatch.start(tdb.url, mine, { fallbackMs: 60_000 });
    try {
      expect(watch.listening).toBe(true);
      const before = watch.generation('blog');
      await tdb.db.transaction((trx) => bumpContentRevision(trx, 'blog'));
      // Not the fallback (a minute): the notification.
      await eventually(async () => watch.generation('blog') > before, 2000, 5);
      const after = watch.generation('blog');
      await tdb.db
        .transaction(async (trx) => {
          await bumpContentRevision(trx, 'blog');
          throw new Error('refused');
        })
        .catch(() => {});
      // A later commit's notification comes after the rollback's (which sends none).
      await tdb.db.transaction((trx) => bumpContentRevision(trx, 'careers'));
      await eventually(async () => watch.generation('careers') > 0, 2000, 5);
      expect(watch.generation('blog')).toBe(after);
    } finally {
      await watch.stop();
      await mine.destroy();
    }
  });

  it('given a commit through its own pool, the generation has moved when the transaction returns', async () => {
    const watch = await ContentWatch.start(tdb.url, tdb.db, { fallbackMs: 60_000 });
    try {
      const before = watch.generation('case-studies');
      // Inside a command's transaction, nested as an import is: heard after the outer commit.
      await tdb.db.transaction(async (outer) => {
        await outer.transaction((inner) => bumpContentRevision(inner, 'case-studies'));
        expect(watch.generation('case-studies')).toBe(before);
      });
      expect(watch.generation('case-studies')).toBeGreaterThan(before);
    } finally {
      await watch.stop();
    }
  });

  it('when its connection is cut, reads the revisions every few seconds, then listens again', async () => {
    const mine = createDb(tdb.url, { min: 0, max: 2 });
    const watch = await ContentWatch.start(tdb.url, mine, { fallbackMs: 300 });
    const admin = new pg.Client({ connectionString: tdb.url });
    await admin.connect();
    try {
      const pid = watch.backendPid;
      expect(pid).toBeTypeOf('number');
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await eventually(async () => !watch.listening, 2000, 5);
      // A change committed while nobody listens is found by reading.
      const before = watch.generation('blog');
      await tdb.db.transaction((trx) => bumpContentRevision(trx, 'blog'));
      await eventually(async () => watch.generation('blog') > before, 5000, 10);
      // And it listens again: the next change arrives by notification.
      await eventually(async () => watch.listening && watch.backendPid !== pid, 5000, 10);
      const again = watch.generation('blog');
      await tdb.db.transaction((trx) => bumpContentRevision(trx, 'blog'));
      await eventually(async () => watch.generation('blog') > again, 2000, 5);
    } finally {
      await admin.end();
      await watch.stop();
      await mine.destroy();
    }
  });
});
