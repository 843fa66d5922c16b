import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpContentRevision, contentRevisionStamp } from './page-cache.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';

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
