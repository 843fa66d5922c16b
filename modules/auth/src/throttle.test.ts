import { describe, expect, it } from 'vitest';
import {
  admitLogin,
  blockedUntil,
  type Counter,
  count,
  emptyCounter,
  type LoginCounters,
  MAX_WAIT_MS,
  refund,
  releaseLogin,
  THROTTLE,
  waitText,
} from './throttle.ts';

// Given counters and a clock, when an attempt comes, then admitted or refused, and the counters.

const t0 = new Date('2026-11-23T10:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const fresh = (): LoginCounters => ({
  pair: emptyCounter(),
  address: emptyCounter(),
  account: emptyCounter(),
});

/** Attempts at the given minutes, each admitted and left counted (failures). */
function failures(minutes: number[], counters = fresh()): LoginCounters {
  let state = counters;
  for (const m of minutes) {
    const decided = admitLogin(state, at(m), { withCode: false });
    if (!decided.admitted) throw new Error(`refused at minute ${m}`);
    state = decided.counters;
  }
  return state;
}

describe('one username from one address', () => {
  it('given 4 failures, when a 5th comes, then it is admitted, and a 6th within 15 minutes of the first is refused', () => {
    const four = failures([0, 1, 2, 3]);
    const five = admitLogin(four, at(4), { withCode: false });
    expect(five.admitted).toBe(true);
    if (!five.admitted) return;
    expect(admitLogin(five.counters, at(5), { withCode: false })).toEqual({
      admitted: false,
      reason: 'address',
      retryAt: at(15),
    });
  });

  it('given 5 failures, when 15 minutes have passed since the first, then attempts are admitted again', () => {
    expect(admitLogin(failures([0, 0, 0, 0, 0]), at(15), { withCode: false }).admitted).toBe(true);
  });

  it('given lockouts in a row, then each waits twice as long, up to a day', () => {
    let counters = failures([0, 0, 0, 0, 0]);
    expect(blockedUntil(counters.pair, THROTTLE.pair, at(1))).toEqual(at(15));
    counters = failures([15, 15, 15, 15, 15], counters);
    expect(blockedUntil(counters.pair, THROTTLE.pair, at(16))).toEqual(at(45));
    counters = failures([45, 45, 45, 45, 45], counters);
    expect(blockedUntil(counters.pair, THROTTLE.pair, at(46))).toEqual(at(105));
    let start = 105;
    let wait = 120;
    for (let i = 0; i < 8; i++) {
      counters = failures([start, start, start, start, start], counters);
      wait = Math.min(wait, MAX_WAIT_MS / 60_000);
      expect(blockedUntil(counters.pair, THROTTLE.pair, at(start + 1))).toEqual(at(start + wait));
      start += wait;
      wait *= 2;
    }
    expect(counters.pair.strikes).toBe(11);
  });

  it('given lockouts long ago, when a quiet day has passed, then the next lockout is 15 minutes again', () => {
    let counters = failures([0, 0, 0, 0, 0, 15, 15, 15, 15, 15]);
    const dayLater = 45 + 24 * 60;
    counters = failures([dayLater, dayLater, dayLater, dayLater, dayLater], counters);
    expect(blockedUntil(counters.pair, THROTTLE.pair, at(dayLater))).toEqual(at(dayLater + 15));
  });

  it('given a sign-in that succeeded, then the pair starts afresh and its attempt no longer counts for the address or the account', () => {
    const counters = failures([0, 1, 2, 3, 4]);
    const released = releaseLogin(counters, at(4), at(4));
    expect(released.pair).toEqual(emptyCounter());
    expect(released.address.recent).toEqual([at(0), at(1), at(2), at(3)]);
    expect(released.account.recent).toEqual([at(0), at(1), at(2), at(3)]);
  });
});

describe('one address, any username', () => {
  it('given 20 attempts in 15 minutes under different names, then the address is refused for every name', () => {
    let counters = fresh();
    for (let i = 0; i < 20; i++) {
      const decided = admitLogin({ ...counters, pair: emptyCounter() }, at(i / 2), {
        withCode: false,
      });
      expect(decided.admitted).toBe(true);
      if (decided.admitted) counters = decided.counters;
    }
    expect(
      admitLogin({ ...counters, pair: emptyCounter() }, at(11), { withCode: false }),
    ).toMatchObject({ admitted: false, reason: 'address', retryAt: at(15) });
  });
});

describe('the account, from every address', () => {
  const capped = (): LoginCounters => {
    let account: Counter = emptyCounter();
    for (let i = 0; i < 100; i++) account = count(account, THROTTLE.account, at(i / 2));
    return { ...fresh(), account };
  };

  it('given 100 checks within the hour, when the password comes alone, then it waits until the first leaves the hour', () => {
    expect(admitLogin(capped(), at(50), { withCode: false })).toEqual({
      admitted: false,
      reason: 'account',
      retryAt: at(60),
    });
  });

  it('given 100 checks within the hour, when a code comes with the password, then it is admitted with the code checked first, and the account is not counted', () => {
    const counters = capped();
    const decided = admitLogin(counters, at(50), { withCode: true });
    expect(decided).toMatchObject({ admitted: true, secondFactorFirst: true });
    if (!decided.admitted) return;
    expect(decided.counters.account).toEqual(counters.account);
    expect(decided.counters.pair.recent).toEqual([at(50)]);
  });

  it('given 100 checks within the hour, when the password comes from a browser the owner signed in with, then it is checked as usual, and that browser counted', () => {
    const counters = { ...capped(), knownDevice: emptyCounter() };
    const decided = admitLogin(counters, at(50), { withCode: false });
    expect(decided).toMatchObject({ admitted: true, secondFactorFirst: false });
    if (!decided.admitted) return;
    expect(decided.counters.knownDevice?.recent).toEqual([at(50)]);
    // The full account is left as it is: counting would push out its oldest attempt, and
    // outsiders would get one more guess for each of the owner's sign-ins.
    expect(decided.counters.account).toEqual(counters.account);
    // Signed in: the browser starts afresh.
    expect(releaseLogin(decided.counters, at(50), at(50)).knownDevice).toEqual(emptyCounter());
  });

  it('given a known browser with 5 tries in 15 minutes, then it is like any other browser under the cap', () => {
    let knownDevice = emptyCounter();
    for (const m of [40, 41, 42, 43, 44])
      knownDevice = count(knownDevice, THROTTLE.knownDevice, at(m));
    expect(admitLogin({ ...capped(), knownDevice }, at(50), { withCode: false })).toEqual({
      admitted: false,
      reason: 'account',
      retryAt: at(60),
    });
  });

  it('given an address that is throttled, then a code does not help it', () => {
    const counters = { ...capped(), pair: failures([49, 49, 49, 49, 49]).pair };
    expect(admitLogin(counters, at(50), { withCode: true })).toMatchObject({
      admitted: false,
      reason: 'address',
    });
  });

  it('given the account just under its cap, then a 101st check is refused and the 100th admitted', () => {
    let account: Counter = emptyCounter();
    for (let i = 0; i < 99; i++) account = count(account, THROTTLE.account, at(0));
    const hundredth = admitLogin({ ...fresh(), account }, at(1), { withCode: false });
    expect(hundredth.admitted).toBe(true);
    if (!hundredth.admitted) return;
    expect(
      admitLogin({ ...fresh(), account: hundredth.counters.account }, at(1), { withCode: false }),
    ).toMatchObject({ admitted: false, reason: 'account' });
  });
});

describe('giving an attempt back', () => {
  it('given the attempt that reached the limit turned out right, then the lockout it caused is lifted', () => {
    let counter: Counter = emptyCounter();
    for (let i = 0; i < 20; i++) counter = count(counter, THROTTLE.address, at(i / 4));
    expect(counter.blockedUntil).not.toBeNull();
    const back = refund(counter, THROTTLE.address, at(19 / 4), at(5));
    expect(back.recent).toHaveLength(19);
    expect(back.blockedUntil).toBeNull();
    expect(blockedUntil(back, THROTTLE.address, at(5))).toBeNull();
  });

  it('given an attempt no longer in the counter, then nothing changes', () => {
    const counter = count(emptyCounter(), THROTTLE.address, at(0));
    expect(refund(counter, THROTTLE.address, at(3), at(3))).toBe(counter);
  });
});

describe('the wait, in words', () => {
  it('says minutes up to an hour and a half, then hours', () => {
    expect(waitText(at(0.5), at(0))).toEqual({ seconds: 30, text: '1 minute' });
    expect(waitText(at(15), at(0))).toEqual({ seconds: 900, text: '15 minutes' });
    expect(waitText(at(90), at(0)).text).toBe('90 minutes');
    expect(waitText(at(119), at(0)).text).toBe('2 hours');
    expect(waitText(at(24 * 60), at(0)).text).toBe('24 hours');
  });
});
