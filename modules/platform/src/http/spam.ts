import { createHash } from 'node:crypto';

/**
 * Spam and abuse checks on public intake (contact, newsletter, and later job applications).
 * Pure: the caller gathers the facts (how long the form was open, how often this IP sent the
 * same text recently), this decides. A filled honeypot is refused outright by the contracts;
 * the other signals keep the submission but flag it, so the administrator can reverse a
 * false positive.
 */

export interface IntakeFacts {
  /** Hidden field filled in: a bot. */
  honeypotFilled?: boolean;
  /** Milliseconds between the form opening and its submission, when the form sent it. */
  elapsedMs?: number | undefined;
  /** Free text a person typed (message, cover letter); links are counted in it. */
  text?: string;
  /** How many submissions with the same text came from this IP in the burst window. */
  sameTextFromIpRecently?: number;
  /** How many submissions of any text came from this IP in the burst window. */
  fromIpRecently?: number;
}

export interface SpamVerdict {
  isSpam: boolean;
  reason: string | null;
}

export const SPAM_RULES = {
  /** Faster than a person can fill the form in. */
  minElapsedMs: 3_000,
  /** More links than an enquiry needs. */
  maxLinks: 3,
  /** The same text from one address this many times already in the window. */
  burstCount: 2,
  burstWindowMs: 10 * 60_000,
  /** Submissions of any kind from one address in the window before it looks automated. */
  maxFromIp: 5,
} as const;

export const SPAM_REASONS = {
  honeypot: 'Hidden honeypot field was filled in',
  tooFast: 'Submitted faster than a person could type',
  links: 'Message is full of links',
  burst: 'Same message sent repeatedly from one address',
  volume: 'Many submissions from one address in a few minutes',
} as const;

const LINK = /\b(?:https?:\/\/|www\.)\S+|\[url=|<a\s/gi;

export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

export function assessIntake(facts: IntakeFacts): SpamVerdict {
  if (facts.honeypotFilled) return { isSpam: true, reason: SPAM_REASONS.honeypot };
  if (
    facts.elapsedMs !== undefined &&
    facts.elapsedMs >= 0 &&
    facts.elapsedMs < SPAM_RULES.minElapsedMs
  )
    return { isSpam: true, reason: SPAM_REASONS.tooFast };
  if (facts.text && countLinks(facts.text) > SPAM_RULES.maxLinks)
    return { isSpam: true, reason: SPAM_REASONS.links };
  if ((facts.sameTextFromIpRecently ?? 0) >= SPAM_RULES.burstCount)
    return { isSpam: true, reason: SPAM_REASONS.burst };
  if ((facts.fromIpRecently ?? 0) >= SPAM_RULES.maxFromIp)
    return { isSpam: true, reason: SPAM_REASONS.volume };
  return { isSpam: false, reason: null };
}

/**
 * The intake rules' verdict, with one distinction: a submission whose only sign of a bot is its
 * speed (a browser's autofill sends as fast as a bot) is `held` for the administrator's review
 * rather than flagged as spam. Any other sign, alone or beside the speed, is spam as before.
 */
export interface IntakeVerdict extends SpamVerdict {
  held?: boolean;
}

export function judgeIntake(facts: IntakeFacts): IntakeVerdict {
  const verdict = assessIntake(facts);
  if (verdict.reason !== SPAM_REASONS.tooFast) return verdict;
  const otherwise = assessIntake({ ...facts, elapsedMs: undefined });
  return otherwise.isSpam ? otherwise : { isSpam: false, reason: verdict.reason, held: true };
}

/** Time the form was open, from the optional `startedAt` (epoch ms) the public forms send. */
export function elapsedSince(startedAt: number | undefined, now = Date.now()): number | undefined {
  return startedAt === undefined ? undefined : now - startedAt;
}

/**
 * How many times one address sent one text lately (the burst signal), kept in the API process's
 * memory, so a public form asks the database nothing before its append. Each API process counts
 * what it received, and a restart forgets: like the rate limits, a flood split across processes
 * or a restart is flagged later, never an honest sender sooner. Bounded: per address and text
 * only the newest `keep` times (enough to tell `keep` repeats), and at most `maxKeys` pairs, the
 * stale ones swept first. Times are the caller's clock (milliseconds), so rules take one.
 */
export class RepeatedTextMemory {
  private readonly seen = new Map<string, number[]>();
  private readonly windowMs: number;
  private readonly keep: number;
  private readonly maxKeys: number;

  constructor(windowMs: number, keep: number, maxKeys = 50_000) {
    this.windowMs = windowMs;
    this.keep = keep;
    this.maxKeys = maxKeys;
  }

  /** Times `text` came from `ip` at or after `since`, counted up to `keep`. */
  count(ip: string, text: string, since: number): number {
    return (this.seen.get(keyOf(ip, text)) ?? []).filter((at) => at >= since).length;
  }

  record(ip: string, text: string, at: number): void {
    const key = keyOf(ip, text);
    const times = this.seen.get(key) ?? [];
    times.push(at);
    times.sort((a, b) => b - a);
    times.length = Math.min(times.length, this.keep);
    this.seen.delete(key); // re-inserted last: the map's order is the order of last use
    this.seen.set(key, times);
    if (this.seen.size > this.maxKeys) this.sweep(at);
  }

  get size(): number {
    return this.seen.size;
  }

  private sweep(now: number): void {
    for (const [key, times] of this.seen)
      if ((times[0] ?? 0) < now - this.windowMs) this.seen.delete(key);
    // Still full of fresh pairs (a flood of distinct texts): the least recently used go.
    for (const key of this.seen.keys()) {
      if (this.seen.size <= this.maxKeys) break;
      this.seen.delete(key);
    }
  }
}

const keyOf = (ip: string, text: string) =>
  `${ip} ${createHash('sha256').update(text).digest('base64url')}`;
