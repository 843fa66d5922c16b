import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../tests/harness.ts';
import { login as logIn, THROTTLE } from './service.ts';
import { SESSION_COOKIE } from './session.ts';
import { requestFrom } from './test-fixtures.ts';
import { admitLogin } from './throttle.ts';
import { withCounters } from './throttle-store.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// Each test signs in from loopback addresses of its own (127.0.0.2 …, real client addresses,
// no forged header), so the per-address counters of one test do not touch another.
let nextIp = 10;
const newIp = () => `127.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 2}`;

const login = (body: unknown, ip: string = newIp()) =>
  requestFrom(ip, `${app.url}/api/auth/login`, { json: body });

const sameHash = async (username: string) =>
  app.db('admin_credentials').insert({
    username,
    password_hash: (await app.db('admin_credentials').where({ username: 'admin' }).first())
      .password_hash,
  });
const authDeps = () => ({
  db: app.db,
  store: app.api.runtime.store,
  jwtSecret: app.config.jwtSecret,
  dataKey: app.config.dataKey,
});

describe('POST /api/auth/login', () => {
  it('given the right credentials, returns a token and sets an httpOnly SameSite cookie', async () => {
    const res = await login(TEST_ADMIN);
    expect(res.status).toBe(200);
    const { token } = await res.json();
    expect(token.split('.')).toHaveLength(3);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Secure/i); // PUBLIC_URL is https in the tests
  });

  it('gives an unknown username and a wrong password the very same answer', async () => {
    const unknown = await login({ username: 'mallory', password: TEST_ADMIN.password });
    const wrong = await login({ username: TEST_ADMIN.username, password: 'not it' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: 'Invalid username or password.' });
    expect(await wrong.json()).toEqual({ message: 'Invalid username or password.' });
  });

  it('requires both fields, with a 400 naming them', async () => {
    const res = await login({ username: ' ', password: '' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  it('records AdminLoggedIn and AdminLoginFailed events without any password or hash', async () => {
    await login({ username: 'eve', password: 'secret-guess-1' });
    const events = await app
      .db('events')
      .whereIn('type', ['AdminLoggedIn', 'AdminLoginFailed', 'AdminAccountCreated']);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['AdminAccountCreated', 'AdminLoggedIn', 'AdminLoginFailed']),
    );
    const text = JSON.stringify(events);
    expect(text).not.toContain('secret-guess-1');
    expect(text).not.toContain(TEST_ADMIN.password);
    expect(text).not.toContain('$argon2');
  });
});

/**
 * Counts `n` failed attempts as sign-in counts them (admitted, then not given back), without
 * waiting for as many argon2 checks: what the tests below check is the counting.
 */
async function countFailures(username: string, ip: string, n: number, now = new Date()) {
  const keys = {
    pair: `pair:${username}|${ip}`,
    address: `address:${ip}`,
    account: `account:${username}`,
  };
  for (let i = 0; i < n; i++) {
    const admitted = await withCounters(app.db, keys, now, (counters) => {
      const decided = admitLogin(counters, now, { withCode: false });
      return {
        result: decided.admitted,
        ...(decided.admitted ? { counters: decided.counters } : {}),
      };
    });
    if (!admitted) throw new Error(`attempt ${i + 1} of ${username} from ${ip} was refused`);
  }
}

describe('login throttling', () => {
  it('failures from another address never lock the owner out: the right password from an address that is not throttled signs in', async () => {
    const username = 'owner-one';
    await sameHash(username);
    // Anyone can make five wrong guesses from one address, and more are refused …
    for (let i = 0; i < 7; i++)
      expect((await login({ username, password: `wrong-${i}` }, '127.0.0.2')).status).toBe(
        i < THROTTLE.maxFailures ? 401 : 429,
      );
    // … and guesses counted from a few more addresses change nothing for the owner:
    for (const ip of ['127.0.1.2', '127.0.1.3', '127.0.1.4']) await countFailures(username, ip, 5);
    const owner = await login({ username, password: TEST_ADMIN.password }, '127.0.0.3');
    expect(owner.status).toBe(200);
    expect((await owner.json()).token.split('.')).toHaveLength(3);
    // The guessing address stays refused, for this name even with the right password.
    const guesser = await login({ username, password: TEST_ADMIN.password }, '127.0.0.2');
    expect(guesser.status).toBe(429);
    expect(Number(guesser.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await guesser.json()).message).toMatch(
      /^Too many failed login attempts\. Please try again in 15 minutes\.$/,
    );
  });

  it('one address gets 5 tries per username; it may still sign in to another name until 20 tries in all', async () => {
    const ip = '127.0.2.2';
    await sameHash('second-name');
    await countFailures('first-name', ip, 5);
    expect((await login({ username: 'first-name', password: 'x' }, ip)).status).toBe(429);
    // Another username from the same address is still admitted …
    expect(
      (await login({ username: 'second-name', password: TEST_ADMIN.password }, ip)).status,
    ).toBe(200);
    // … until the address has tried 20 times, whatever the names.
    for (let i = 0; i < 15; i++) await countFailures(`guess${i}`, ip, 1);
    expect(
      (await login({ username: 'second-name', password: TEST_ADMIN.password }, ip)).status,
    ).toBe(429);
    expect((await login(TEST_ADMIN)).status).toBe(200);
  });

  it('40 wrong passwords at the same moment: the attempt is counted before the check, so at most 5 reach argon2', async () => {
    const username = 'raced-user';
    await sameHash(username);
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          login({ username, password: `parallel-${i}` }, '127.0.3.2'),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 401)).toHaveLength(THROTTLE.maxFailures);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40 - THROTTLE.maxFailures);
      expect(verify).toHaveBeenCalledTimes(THROTTLE.maxFailures);
    } finally {
      verify.mockRestore();
    }
    const recorded = await app
      .db('events')
      .where({ type: 'AdminLoginFailed' })
      .whereRaw("data->>'username' = ?", [username]);
    expect(recorded).toHaveLength(THROTTLE.maxFailures);
  });

  it('an unknown name and a wrong password are counted and refused alike', async () => {
    const ip = '127.0.4.2';
    await countFailures('nobody-here', ip, 4);
    await countFailures('admin', ip, 4);
    for (const expected of [401, 429]) {
      const unknown = await login({ username: 'nobody-here', password: 'x' }, ip);
      const wrong = await login({ username: 'admin', password: 'nope' }, ip);
      expect(unknown.status).toBe(expected);
      expect(wrong.status).toBe(expected);
      expect(await unknown.json()).toEqual(await wrong.json());
    }
  });
});

describe('the throttle keeps its own clock', () => {
  const visitor = (ip: string) => ({ ip, userAgent: 'UA', referer: '' });
  const attemptAs = (username: string, ip: string) => (password: string, now: Date) =>
    logIn(authDeps(), { username, password }, visitor(ip), { actor: 'visitor' }, now);
  const start = new Date();
  const minutes = (n: number) => new Date(start.getTime() + n * 60_000);

  it('5 failures lock the username and the address for 15 minutes from the first of them, then no longer', async () => {
    const username = 'clock-user';
    await sameHash(username);
    const attempt = attemptAs(username, '198.51.100.50');
    for (let i = 0; i < THROTTLE.maxFailures; i++)
      await expect(attempt(`wrong-${i}`, start)).rejects.toMatchObject({ status: 401 });

    // Fourteen and a half minutes on, still locked, even to the right password.
    await expect(attempt(TEST_ADMIN.password, minutes(14.5))).rejects.toMatchObject({
      status: 429,
      message: 'Too many failed login attempts. Please try again in 1 minute.',
    });
    await expect(attempt(TEST_ADMIN.password, minutes(1.5))).rejects.toMatchObject({
      status: 429,
      message: 'Too many failed login attempts. Please try again in 14 minutes.',
    });
    // Fifteen and a half minutes on, the failures are out of the window.
    expect((await attempt(TEST_ADMIN.password, minutes(15.5))).username).toBe(username);
  });

  it('each lockout in a row waits twice as long: 15, 30, 60 minutes, 2 hours …; a sign-in starts afresh', async () => {
    const username = 'growing-user';
    const ip = '198.51.100.51';
    await sameHash(username);
    const attempt = attemptAs(username, ip);
    const refusedIn = (at: Date, wait: string) =>
      expect(attempt(TEST_ADMIN.password, at)).rejects.toMatchObject({
        status: 429,
        message: `Too many failed login attempts. Please try again in ${wait}.`,
      });
    await countFailures(username, ip, 5, start);
    await refusedIn(minutes(1), '14 minutes');
    await countFailures(username, ip, 5, minutes(15));
    await refusedIn(minutes(16), '29 minutes');
    await refusedIn(minutes(44.5), '1 minute');
    await countFailures(username, ip, 5, minutes(45));
    await refusedIn(minutes(46), '59 minutes');
    await countFailures(username, ip, 5, minutes(105));
    await refusedIn(minutes(106), '2 hours');
    // The right password after the wait signs in, and the lockouts are forgotten.
    expect((await attempt(TEST_ADMIN.password, minutes(225))).username).toBe(username);
    await countFailures(username, ip, 5, minutes(226));
    await refusedIn(minutes(227), '14 minutes');
  });

  it('at most 100 password checks an hour per account, from every address; past it, the password alone waits', async () => {
    const username = 'capped-user';
    await sameHash(username);
    // 100 guesses from 20 addresses, 5 each, within the hour.
    for (let a = 0; a < 20; a++)
      await countFailures(username, `198.51.101.${a + 1}`, 5, minutes(a));
    const owner = attemptAs(username, '198.51.102.1');
    const verify = vi.spyOn(argon2, 'verify');
    try {
      // The first guess was at minute 0: the cap frees at minute 60.
      await expect(owner(TEST_ADMIN.password, minutes(30))).rejects.toMatchObject({
        status: 429,
        message:
          'Too many failed sign-ins for this account. Enter your authentication code with your password, or try again in 30 minutes.',
        details: { secondFactor: 'required' },
      });
      // A code that is not right never reaches the password check.
      await expect(
        logIn(
          authDeps(),
          { username, password: TEST_ADMIN.password, code: '123456' },
          visitor('198.51.102.2'),
          { actor: 'visitor' },
          minutes(31),
        ),
      ).rejects.toMatchObject({ status: 401, message: 'Invalid username, password or code.' });
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
    expect((await owner(TEST_ADMIN.password, minutes(61))).username).toBe(username);
  });
});

describe("the owner's own browser, past the account's hourly cap", () => {
  it('100 wrong passwords from 20 addresses cap the account for others, but not for a browser that signed in to it before', async () => {
    const username = 'owner-browser';
    await sameHash(username);
    const right = { username, password: TEST_ADMIN.password };
    const signedIn = await login(right);
    expect(signedIn.status).toBe(200);
    const mark = signedIn.headers.getSetCookie().find((c) => c.startsWith('admin_device='))!;
    expect(mark).toMatch(/HttpOnly/i);
    expect(mark).toMatch(/SameSite=Strict/i);
    expect(mark).toMatch(/Path=\/api\/auth/i);
    const ownBrowser = { cookie: mark.split(';')[0]! };
    // Another account's mark, an altered one and one that cannot be decoded count for nothing.
    const adminMark = (await login(TEST_ADMIN)).headers
      .getSetCookie()
      .find((c) => c.startsWith('admin_device='))!
      .split(';')[0]!;
    const others = [adminMark, `${ownBrowser.cookie.slice(0, -2)}xx`, 'admin_device=%zz'];

    // The attack: 5 wrong guesses from each of 20 addresses, all of them real requests.
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const ip = newIp();
        for (let i = 0; i < 5; i++)
          expect((await login({ username, password: `guess-${i}` }, ip)).status).toBe(401);
      }),
    );
    const elsewhere = await login(right);
    expect(elsewhere.status).toBe(429);
    expect((await elsewhere.json()).secondFactor).toBe('required');
    for (const cookie of others) {
      const res = await requestFrom(newIp(), `${app.url}/api/auth/login`, {
        json: right,
        headers: { cookie },
      });
      expect(res.status).toBe(429);
    }

    // The owner's browser, from an address of its own, signs in, and keeps its mark.
    const owner = await requestFrom(newIp(), `${app.url}/api/auth/login`, {
      json: right,
      headers: ownBrowser,
    });
    expect(owner.status).toBe(200);
    expect(owner.headers.getSetCookie().find((c) => c.startsWith('admin_device='))).toContain(
      ownBrowser.cookie,
    );

    // A stolen mark is no way around the limits: 5 wrong guesses with it, and it is spent.
    for (let i = 0; i < 5; i++) {
      const res = await requestFrom(newIp(), `${app.url}/api/auth/login`, {
        json: { username, password: `stolen-${i}` },
        headers: ownBrowser,
      });
      expect(res.status).toBe(401);
    }
    const spent = await requestFrom(newIp(), `${app.url}/api/auth/login`, {
      json: right,
      headers: ownBrowser,
    });
    expect(spent.status).toBe(429);
  });
});

describe('a cookie that cannot be decoded', () => {
  it('is no session: a 401 on admin routes, the public answer on public ones, never a 500', async () => {
    for (const cookie of ['admin_session=%zz', 'admin_session=%E0%A4%A']) {
      expect((await app.fetch('/api/auth/verify', { headers: { cookie } })).status).toBe(401);
      expect((await app.fetch('/api/jobs', { headers: { cookie } })).status).toBe(200);
      const out = await app.fetch('/api/auth/logout', { method: 'POST', headers: { cookie } });
      expect(out.status).toBe(200);
    }
  });
});

describe('sessions', () => {
  it('verify accepts the bearer token and refuses none, a forged or a tampered one', async () => {
    const token = await app.login();
    expect((await app.fetch('/api/auth/verify', { token })).status).toBe(200);
    expect(await (await app.fetch('/api/auth/verify', { token })).json()).toEqual({
      valid: true,
      username: 'admin',
    });
    expect((await app.fetch('/api/auth/verify')).status).toBe(401);
    expect((await app.fetch('/api/auth/verify', { token: `${token.slice(0, -2)}xx` })).status).toBe(
      401,
    );
    // A token signed with "none" must not pass: the algorithm is pinned.
    const [, payload] = token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await app.fetch('/api/auth/verify', { token: unsigned })).status).toBe(401);
  });

  it('the cookie authorises reads only, never a change', async () => {
    const res = await login(TEST_ADMIN);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect((await app.fetch('/api/auth/verify', { headers: { cookie } })).status).toBe(200);
    const change = await app.fetch('/api/auth/change-password', {
      method: 'POST',
      headers: { cookie },
      json: { currentPassword: TEST_ADMIN.password, newPassword: 'whatever-new' },
    });
    expect(change.status).toBe(401);
  });

  it('logout clears the cookie', async () => {
    const res = await app.fetch('/api/auth/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(
      new RegExp(`${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
    );
  });
});

describe('POST /api/auth/change-password', () => {
  it('checks the spec rules', async () => {
    const token = await app.login();
    const short = await app.fetch('/api/auth/change-password', {
      method: 'POST',
      token,
      json: { currentPassword: '', newPassword: '123' },
    });
    expect(short.status).toBe(400);
    expect((await short.json()).errors).toEqual([
      { path: 'currentPassword', message: 'Current password is required' },
      { path: 'newPassword', message: 'New password must be at least 6 characters' },
    ]);
    // Long enough, and still the first guess of anyone trying: refused, naming why.
    for (const [newPassword, message] of [
      ['      ', 'New password must not be only spaces'],
      ['zzzzzzzz', 'New password must not be one character repeated'],
      [
        'Password1',
        'New password is one of the most common passwords: choose one that is harder to guess',
      ],
      [
        ' qwerty123 ',
        'New password is one of the most common passwords: choose one that is harder to guess',
      ],
    ]) {
      const weak = await app.fetch('/api/auth/change-password', {
        method: 'POST',
        token,
        json: { currentPassword: TEST_ADMIN.password, newPassword },
      });
      expect(weak.status).toBe(400);
      expect((await weak.json()).errors).toEqual([{ path: 'newPassword', message }]);
    }
    const wrong = await app.fetch('/api/auth/change-password', {
      method: 'POST',
      token,
      json: { currentPassword: 'not-the-password', newPassword: 'long-enough' },
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe('currentPassword: Current password is incorrect');
  });

  it('a password change ends every older token, returns a fresh one, and records the event without the hash', async () => {
    const older = await app.login();
    const current = await app.login();
    const res = await app.fetch('/api/auth/change-password', {
      method: 'POST',
      token: current,
      json: { currentPassword: TEST_ADMIN.password, newPassword: 'a-brand-new-password' },
    });
    expect(res.status).toBe(200);
    const { token: fresh } = await res.json();
    expect((await app.fetch('/api/auth/verify', { token: older })).status).toBe(401);
    expect((await app.fetch('/api/auth/verify', { token: current })).status).toBe(401);
    expect((await app.fetch('/api/auth/verify', { token: fresh })).status).toBe(200);
    expect((await login(TEST_ADMIN)).status).toBe(401);
    expect((await login({ username: 'admin', password: 'a-brand-new-password' })).status).toBe(200);
    const changed = await app.db('events').where({ type: 'AdminPasswordChanged' }).first();
    expect(changed.data).toEqual({ username: 'admin', via: 'settings' });
    expect(changed.metadata.actor).toBe('admin:admin');
  });
});
