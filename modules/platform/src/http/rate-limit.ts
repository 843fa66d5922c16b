import type { Db } from '../db.ts';
import { TooManyRequestsError } from '../errors.ts';

/** At most `max` requests per `windowMs` from one client address to one route. */
export interface RateLimit {
  windowMs: number;
  max: number;
  /** The 429 message; by default it says when to try again. */
  message?: string;
}

/** Platform's table of request counters, shared by every API process on the database. */
export const RATE_LIMIT_COUNTERS = 'rate_limit_counters';

const HIT_SQL = `
  insert into ${RATE_LIMIT_COUNTERS} as c (key, window_ends_at, hits) values (?, ?, 1)
  on conflict (key) do update set
    hits = case when c.window_ends_at <= ? then 1 else c.hits + 1 end,
    window_ends_at = case when c.window_ends_at <= ? then excluded.window_ends_at
                          else c.window_ends_at end
  returning hits, window_ends_at`;

/** How often one process clears the counters whose window has ended. */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Fixed windows kept in PostgreSQL: a window starts at a key's first request and lasts
 * `windowMs`. Each request adds one to its key in a single upsert, so parallel requests and
 * several API processes count together and none gets past the limit.
 */
export class RateLimiter {
  private readonly db: Db;
  private lastSweep = Date.now();

  constructor(db: Db) {
    this.db = db;
  }

  /** Counts one request for `key`; throws a 429 past the limit. */
  async hit(key: string, limit: RateLimit, now = Date.now()): Promise<void> {
    const at = new Date(now);
    const { rows } = await this.db
      .raw<{ rows: { hits: number; window_ends_at: Date }[] }>(HIT_SQL, [
        key,
        new Date(now + limit.windowMs),
        at,
        at,
      ])
      // Kept prepared by each connection: parsed and planned once, not on every request.
      .options({ name: 'kw_rate_limit_hit' });
    this.sweepNowAndThen(now);
    const row = rows[0];
    if (!row || row.hits <= limit.max) return;
    const seconds = Math.max(1, Math.ceil((new Date(row.window_ends_at).getTime() - now) / 1000));
    throw new TooManyRequestsError(
      limit.message ??
        `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      seconds,
    );
  }

  /** Ended windows are deleted now and then, in the background; a failure only waits for the next. */
  private sweepNowAndThen(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.db(RATE_LIMIT_COUNTERS)
      .where('window_ends_at', '<=', new Date(now))
      .delete()
      .catch(() => {});
  }
}
