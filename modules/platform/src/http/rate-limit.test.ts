import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../errors.ts';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  const limit = { windowMs: 60_000, max: 3 };

  it('given 3 allowed per minute, the 4th from one key is refused with the time to wait', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) limiter.hit('ip-a', limit, 1_000);
    try {
      limiter.hit('ip-a', limit, 31_000);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TooManyRequestsError);
      expect((error as TooManyRequestsError).retryAfterSeconds).toBe(30);
      expect((error as Error).message).toBe('Too many requests. Please try again in 30 seconds.');
    }
  });

  it('counts each key apart and starts afresh after the window', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) limiter.hit('ip-a', limit, 0);
    expect(() => limiter.hit('ip-b', limit, 0)).not.toThrow();
    expect(() => limiter.hit('ip-a', limit, 60_001)).not.toThrow();
  });
});
