import type { Db } from '@kw/platform';
import type { Counter } from './throttle.ts';

export const LOGIN_THROTTLE = 'login_throttle';

interface CounterRow {
  key: string;
  recent: Date[];
  strikes: number;
  blocked_until: Date | null;
}

/** Counters no attempt touched for this long are deleted now and then. */
const FORGET_AFTER_MS = 2 * 24 * 3600_000;
const SWEEP_EVERY_MS = 10 * 60_000;
let lastSweep = 0;

/**
 * Runs a pure decision on the counters of `keys` under their row locks (taken in key order,
 * so two attempts never wait on each other crosswise), and writes back the counters it
 * returns, in one short transaction. Every API process shares the rows, so parallel attempts
 * are counted one after the other and none sees a count from before another's.
 */
export async function withCounters<K extends string, T>(
  db: Db,
  keys: Record<K, string>,
  now: Date,
  decide: (counters: Record<K, Counter>) => { counters?: Partial<Record<K, Counter>>; result: T },
): Promise<T> {
  const names = Object.keys(keys) as K[];
  const sorted = [...new Set(Object.values<string>(keys))].sort();
  const result = await db.transaction(async (trx) => {
    await trx(LOGIN_THROTTLE)
      .insert(sorted.map((key) => ({ key, updated_at: now })))
      .onConflict('key')
      .ignore();
    const rows = await trx<CounterRow>(LOGIN_THROTTLE)
      .whereIn('key', sorted)
      .orderBy('key')
      .forUpdate()
      .select('key', 'recent', 'strikes', 'blocked_until');
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const counters = Object.fromEntries(
      names.map((name) => {
        const row = byKey.get(keys[name]);
        const counter: Counter = {
          recent: (row?.recent ?? []).map((at) => new Date(at)),
          strikes: row?.strikes ?? 0,
          blockedUntil: row?.blocked_until ? new Date(row.blocked_until) : null,
        };
        return [name, counter];
      }),
    ) as Record<K, Counter>;
    const decision = decide(counters);
    for (const name of names) {
      const counter = decision.counters?.[name];
      if (!counter) continue;
      await trx(LOGIN_THROTTLE).where({ key: keys[name] }).update({
        recent: counter.recent,
        strikes: counter.strikes,
        blocked_until: counter.blockedUntil,
        updated_at: now,
      });
    }
    return decision.result;
  });
  sweepNowAndThen(db, now);
  return result;
}

/** Counters of addresses and names long gone are deleted in the background, now and then. */
function sweepNowAndThen(db: Db, now: Date): void {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = Date.now();
  db(LOGIN_THROTTLE)
    .where('updated_at', '<', new Date(now.getTime() - FORGET_AFTER_MS))
    .andWhere((q) => q.whereNull('blocked_until').orWhere('blocked_until', '<', now))
    .delete()
    .catch(() => {});
}
