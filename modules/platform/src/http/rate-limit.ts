import { TooManyRequestsError } from '../errors.ts';

/** At most `max` requests per `windowMs` from one IP address to one route. */
export interface RateLimit {
  windowMs: number;
  max: number;
  /** The 429 message; by default it says when to try again. */
  message?: string;
}

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed windows kept in the API process's memory: one process serves the site, and a restart
 * forgiving a flood is acceptable for contact and newsletter forms.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  hit(key: string, limit: RateLimit, now = Date.now()): void {
    if (this.windows.size > 50_000) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + limit.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    if (window.count > limit.max) {
      const seconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw new TooManyRequestsError(
        limit.message ??
          `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
        seconds,
      );
    }
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
