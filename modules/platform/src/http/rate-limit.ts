import type { Db } from '../db.ts';
import { TooManyRequestsError } from '../errors.ts';
import type { AppendGate } from '../event-store/types.ts';

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

/** The same count as a write's gate: whether this request is within the limit, too. */
const GATE_SQL = HIT_SQL.replace(
  'returning hits, window_ends_at',
  'returning hits, window_ends_at, hits <= ? as ok',
);

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

  /**
   * One request for `key`, to be counted by the write it makes (`EventStore.append`'s `gate`):
   * in the same statement when the write is one, so a valid message costs one round trip. The
   * write throws the same 429 as `hit` past the limit, and writes nothing.
   */
  countWith(key: string, limit: RateLimit, now = Date.now()): AppendGate {
    const at = new Date(now);
    let done = false;
    return {
      statement: {
        sql: GATE_SQL,
        bindings: [key, new Date(now + limit.windowMs), at, at, limit.max],
      },
      check: (row) => {
        this.sweepNowAndThen(now);
        this.verdict(row as { hits: number; window_ends_at: Date }, limit, now);
      },
      get done() {
        return done;
      },
      ran: () => {
        done = true;
      },
    };
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
    this.verdict(rows[0], limit, now);
  }

  /** The 429 for a count past the limit. */
  private verdict(
    row: { hits: number; window_ends_at: Date } | undefined,
    limit: RateLimit,
    now: number,
  ): void {
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
