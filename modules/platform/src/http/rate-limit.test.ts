import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../errors.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { RATE_LIMIT_COUNTERS, RateLimiter } from './rate-limit.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

let keys = 0;
/** A key of its own for each test: the counters live in the test file's database. */
const freshKey = () => `test-key-${++keys}-${Math.random()}`;

describe('RateLimiter (counters in PostgreSQL)', () => {
  const limit = { windowMs: 60_000, max: 3 };

  it('given 3 allowed per minute, the 4th from one key is refused with the time to wait', async () => {
    const limiter = new RateLimiter(tdb.db);
    const key = freshKey();
    for (let i = 0; i < 3; i++) await limiter.hit(key, limit, 1_000);
    const error = await limiter.hit(key, limit, 31_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect((error as TooManyRequestsError).retryAfterSeconds).toBe(30);
    expect((error as Error).message).toBe('Too many requests. Please try again in 30 seconds.');
  });

  it('counts each key apart and starts afresh after the window', async () => {
    const limiter = new RateLimiter(tdb.db);
    const [a, b] = [freshKey(), freshKey()];
    for (let i = 0; i < 3; i++) await limiter.hit(a, limit, 0);
    await expect(limiter.hit(b, limit, 0)).resolves.toBeUndefined();
    await expect(limiter.hit(a, limit, 60_001)).resolves.toBeUndefined();
    // the new window counts from its first request
    await limiter.hit(a, limit, 60_002);
    await limiter.hit(a, limit, 60_003);
    await expect(limiter.hit(a, limit, 60_004)).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('forty requests at the same moment: exactly the limit gets through', async () => {
    const limiter = new RateLimiter(tdb.db);
    const key = freshKey();
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => limiter.hit(key, { windowMs: 60_000, max: 10 }, 5_000)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(
      results.filter((r) => r.status === 'rejected' && r.reason instanceof TooManyRequestsError),
    ).toHaveLength(30);
  });

  it('two limiters (two API processes) on one database share the count', async () => {
    const first = new RateLimiter(tdb.db);
    const second = new RateLimiter(tdb.db);
    const key = freshKey();
    await first.hit(key, limit, 0);
    await second.hit(key, limit, 0);
    await first.hit(key, limit, 0);
    await expect(second.hit(key, limit, 0)).rejects.toBeInstanceOf(TooManyRequestsError);
    const row = await tdb.db(RATE_LIMIT_COUNTERS).where({ key }).first();
    expect(row.hits).toBe(4);
  });
});
