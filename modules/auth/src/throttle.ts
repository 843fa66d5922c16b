// Sign-in throttling as pure decisions on counters; throttle-store.ts keeps the counters in
// PostgreSQL and runs these decisions under a row lock, so an attempt is counted before its
// password is checked and parallel requests cannot get past a limit.

/** One counter: the counted attempts still in its window, and how often it reached its limit. */
export interface Counter {
  /** Counted attempts, oldest first (only those still inside the rule's window matter). */
  recent: Date[];
  /** Times the limit was reached in a row; each doubles the wait (growing rules only). */
  strikes: number;
  /** Set when the limit is reached: no attempt is counted before it. */
  blockedUntil: Date | null;
}

export interface Rule {
  max: number;
  windowMs: number;
  /** Whether each lockout in a row waits twice as long as the one before. */
  growing: boolean;
}

const MINUTE = 60_000;

/** The waits of the growing rules stop doubling at one day, and are forgotten after a quiet day. */
export const MAX_WAIT_MS = 24 * 60 * MINUTE;

export const THROTTLE = {
  /** One address: at most 5 tries per username in 15 minutes, then 15, 30, 60 … minutes. */
  maxFailures: 5,
  windowMinutes: 15,
  pair: { max: 5, windowMs: 15 * MINUTE, growing: true },
  /** One address, whatever the usernames: at most 20 tries in 15 minutes, growing after. */
  address: { max: 20, windowMs: 15 * MINUTE, growing: true },
  /** One account, from every address: at most 100 password checks an hour (OWASP ASVS 2.2.1). */
  account: { max: 100, windowMs: 60 * MINUTE, growing: false },
  /**
   * One browser the owner signed in with (known-device.ts), from any address: 5 tries in 15
   * minutes, growing; past it the browser is like any other, under the account's cap.
   */
  knownDevice: { max: 5, windowMs: 15 * MINUTE, growing: true },
  /** Codes tried on one second-factor step (after a right password): 5, then sign in again. */
  challenge: { max: 5, windowMs: 10 * MINUTE, growing: false },
  /** Wrong codes in Settings (turning two-factor on or off), per account. */
  settingsCode: { max: 5, windowMs: 15 * MINUTE, growing: true },
} as const satisfies Record<string, unknown>;

export const emptyCounter = (): Counter => ({ recent: [], strikes: 0, blockedUntil: null });

function inWindow(counter: Counter, rule: Rule, now: Date): Date[] {
  const from = now.getTime() - rule.windowMs;
  return counter.recent.filter((at) => at.getTime() > from);
}

/** When the counter takes attempts again (null: now). */
export function blockedUntil(counter: Counter, rule: Rule, now: Date): Date | null {
  const kept = inWindow(counter, rule, now);
  let until = counter.blockedUntil && counter.blockedUntil > now ? counter.blockedUntil : null;
  if (kept.length >= rule.max) {
    // A sliding window: free again when the oldest of the last `max` attempts leaves it.
    const freed = new Date(kept[kept.length - rule.max]!.getTime() + rule.windowMs);
    if (freed > now && (!until || freed > until)) until = freed;
  }
  return until;
}

/** Counts one attempt at `now` (the caller has checked that the counter is not blocked). */
export function count(counter: Counter, rule: Rule, now: Date): Counter {
  const recent = [...inWindow(counter, rule, now), now].slice(-rule.max);
  const last = Math.max(
    counter.recent.at(-1)?.getTime() ?? 0,
    counter.blockedUntil?.getTime() ?? 0,
  );
  // A quiet day since the last attempt or lockout forgets the earlier lockouts.
  let strikes = now.getTime() - last >= MAX_WAIT_MS ? 0 : counter.strikes;
  let until = counter.blockedUntil && counter.blockedUntil > now ? counter.blockedUntil : null;
  if (rule.growing && recent.length >= rule.max) {
    const wait = Math.min(rule.windowMs * 2 ** strikes, MAX_WAIT_MS);
    until = new Date(recent[recent.length - rule.max]!.getTime() + wait);
    strikes += 1;
  }
  return { recent, strikes, blockedUntil: until };
}

/**
 * Gives back the attempt counted at `at` (it turned out to be the owner's): it no longer counts,
 * and a lockout that only it brought about is lifted.
 */
export function refund(counter: Counter, rule: Rule, at: Date, now: Date): Counter {
  const index = counter.recent.findIndex((t) => t.getTime() === at.getTime());
  if (index < 0) return counter;
  const recent = counter.recent.filter((_, i) => i !== index);
  const stillFull = inWindow({ ...counter, recent }, rule, now).length >= rule.max;
  if (stillFull || !counter.blockedUntil || counter.blockedUntil <= now)
    return { ...counter, recent };
  return { recent, strikes: Math.max(0, counter.strikes - 1), blockedUntil: null };
}

// The sign-in decision on its three counters.

export interface LoginCounters {
  /** This username from this address. */
  pair: Counter;
  /** This address, any username. */
  address: Counter;
  /** This username, from every address. */
  account: Counter;
  /** The browser's mark of an earlier sign-in to this account, when it has a valid one. */
  knownDevice?: Counter;
}

export type LoginAdmission =
  | {
      admitted: true;
      counters: LoginCounters;
      /**
       * Past the account's hourly cap, with a code given: the code is checked first, and the
       * password only after a right one (the account counter is not counted then).
       */
      secondFactorFirst: boolean;
    }
  | {
      admitted: false;
      retryAt: Date;
      /** 'address': this address tried too often; 'account': the account's hourly cap. */
      reason: 'address' | 'account';
    };

const latest = (dates: (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);

/** Whether an attempt may go on to the password check, and the counters after counting it. */
export function admitLogin(
  counters: LoginCounters,
  now: Date,
  options: { withCode: boolean },
): LoginAdmission {
  const addressBlocked = latest([
    blockedUntil(counters.pair, THROTTLE.pair, now),
    blockedUntil(counters.address, THROTTLE.address, now),
  ]);
  if (addressBlocked) return { admitted: false, retryAt: addressBlocked, reason: 'address' };
  const device = counters.knownDevice;
  // The owner's own browser is not held by the cap that others' guesses filled.
  const knownBrowser = device !== undefined && !blockedUntil(device, THROTTLE.knownDevice, now);
  const full = blockedUntil(counters.account, THROTTLE.account, now);
  const capped = knownBrowser ? null : full;
  if (capped && !options.withCode) return { admitted: false, retryAt: capped, reason: 'account' };
  return {
    admitted: true,
    secondFactorFirst: capped !== null,
    counters: {
      pair: count(counters.pair, THROTTLE.pair, now),
      address: count(counters.address, THROTTLE.address, now),
      // Past the cap nothing more is counted on it: counting would push its oldest attempt
      // out, and each of the owner's sign-ins would give outsiders one more guess.
      account: full ? counters.account : count(counters.account, THROTTLE.account, now),
      ...(device ? { knownDevice: count(device, THROTTLE.knownDevice, now) } : {}),
    },
  };
}

/**
 * After a sign-in that succeeded: this username from this address starts afresh, and the
 * attempt counted at `at` no longer counts for the address or the account.
 */
export function releaseLogin(counters: LoginCounters, at: Date, now: Date): LoginCounters {
  return {
    pair: emptyCounter(),
    address: refund(counters.address, THROTTLE.address, at, now),
    account: refund(counters.account, THROTTLE.account, at, now),
    ...(counters.knownDevice ? { knownDevice: emptyCounter() } : {}),
  };
}

/** "in 15 minutes", "in 1 minute", "in 2 hours": how long until `until`. */
export function waitText(until: Date, now: Date): { seconds: number; text: string } {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return { seconds, text: `${minutes} minute${minutes === 1 ? '' : 's'}` };
  const hours = Math.ceil(minutes / 60);
  return { seconds, text: `${hours} hours` };
}
