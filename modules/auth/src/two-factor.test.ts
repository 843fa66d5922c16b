import argon2 from 'argon2';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../tests/harness.ts';
import { CREDENTIALS } from './credentials.ts';
import { seal } from './secret-box.ts';
import { requestFrom } from './test-fixtures.ts';
import { admitLogin } from './throttle.ts';
import { withCounters } from './throttle-store.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
function codeFor(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * STEP_MS,
  });
}

const post = (path: string, json: unknown, token?: string) =>
  app.fetch(path, { method: 'POST', json, ...(token ? { token } : {}) });

/** Sets two-factor sign-in up for the admin; answers the secret, the recovery codes and the token. */
async function turnOn(token: string) {
  const setup = await post('/api/auth/two-factor/setup', {}, token);
  expect(setup.status).toBe(200);
  const { secret, otpauthUrl, qrCode } = await setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Grand%20River%20Digital:admin\?/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  const enabled = await post('/api/auth/two-factor/enable', { code: codeFor(secret) }, token);
  expect(enabled.status).toBe(200);
  const { recoveryCodes, token: fresh } = await enabled.json();
  return { secret, recoveryCodes: recoveryCodes as string[], token: fresh as string };
}

describe('two-factor sign-in', () => {
  let secret: string;
  let recoveryCodes: string[];

  it('is set up in two steps: a key (text and QR code), then a code from the app; ten recovery codes come back once, and other sessions end', async () => {
    const other = await app.login();
    const token = await app.login();
    const status = await app.fetch('/api/auth/two-factor', { token });
    expect(await status.json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    // A wrong code turns nothing on.
    const setup = await (await post('/api/auth/two-factor/setup', {}, token)).json();
    const wrong = await post('/api/auth/two-factor/enable', { code: '000000' }, token);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      message: 'code: The authentication code is not correct.',
      errors: [{ path: 'code', message: 'The authentication code is not correct.' }],
    });
    expect(codeFor(setup.secret)).not.toBe('000000');

    ({ secret, recoveryCodes } = await turnOn(token).then(async (on) => {
      expect((await app.fetch('/api/auth/verify', { token: on.token })).status).toBe(200);
      return on;
    }));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await app.fetch('/api/auth/verify', { token })).status).toBe(401);
    expect((await app.fetch('/api/auth/verify', { token: other })).status).toBe(401);

    // At rest: the secret sealed, the recovery codes hashed.
    const row = await app.db(CREDENTIALS).where({ username: 'admin' }).first();
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(secret);
    for (const code of recoveryCodes) expect(JSON.stringify(row)).not.toContain(code);
    expect(row.recovery_code_hashes).toHaveLength(10);
    const events = await app.db('events').where({ type: 'AdminTwoFactorEnabled' });
    expect(events.map((e) => e.data)).toEqual([{ username: 'admin', recoveryCodes: 10 }]);
    expect(JSON.stringify(await app.db('events'))).not.toContain(secret);
  });

  it('asks for the code after the password: a challenge, no token and no cookie yet', async () => {
    const first = await post('/api/auth/login', TEST_ADMIN);
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toEqual({
      secondFactorRequired: true,
      challenge: expect.any(String),
      message: 'Enter the code from your authenticator app.',
    });
    expect(first.headers.get('set-cookie')).toBeNull();
    // The challenge is no session token.
    expect((await app.fetch('/api/auth/verify', { token: body.challenge })).status).toBe(401);
    // A wrong password still gets the usual answer, and no challenge.
    const wrong = await post('/api/auth/login', { ...TEST_ADMIN, password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid username or password.' });
  });

  it('signs in with a code computed from the secret; a wrong code is refused; a code works once', async () => {
    const { challenge } = await (await post('/api/auth/login', TEST_ADMIN)).json();
    const wrong = await post('/api/auth/login/second-factor', { challenge, code: '123456' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'The authentication code is not correct.' });
    // The set-up used the current step's code; the app's next one is as good.
    const code = codeFor(secret, 1);
    const right = await post('/api/auth/login/second-factor', { challenge, code });
    expect(right.status).toBe(200);
    const { token } = await right.json();
    expect(right.headers.get('set-cookie')).toMatch(/admin_session=/);
    expect((await app.fetch('/api/contact', { token })).status).toBe(200);
    const loggedIn = await app
      .db('events')
      .where({ type: 'AdminLoggedIn' })
      .orderBy('position', 'desc')
      .first();
    expect(loggedIn.data.secondFactor).toBe('code');

    // The same code again (a replay) is refused, and so is the used challenge.
    const next = await (await post('/api/auth/login', TEST_ADMIN)).json();
    const replay = await post('/api/auth/login/second-factor', {
      challenge: next.challenge,
      code,
    });
    expect(replay.status).toBe(401);
    const used = await post('/api/auth/login/second-factor', {
      challenge,
      code: codeFor(secret, 1),
    });
    expect(used.status).toBe(429);
  });

  it('a recovery code signs in once, and its use is an event', async () => {
    const [recovery] = recoveryCodes;
    const { challenge } = await (await post('/api/auth/login', TEST_ADMIN)).json();
    const res = await post('/api/auth/login/second-factor', {
      challenge,
      code: recovery!.toUpperCase(),
    });
    expect(res.status).toBe(200);
    const used = await app.db('events').where({ type: 'AdminRecoveryCodeUsed' });
    expect(used.map((e) => e.data)).toEqual([
      { username: 'admin', purpose: 'sign-in', remaining: 9 },
    ]);
    const again = await (await post('/api/auth/login', TEST_ADMIN)).json();
    const twice = await post('/api/auth/login/second-factor', {
      challenge: again.challenge,
      code: recovery,
    });
    expect(twice.status).toBe(401);
    const status = await (
      await app.fetch('/api/auth/two-factor', { token: (await res.json()).token })
    ).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
  });

  it("a sign-in completed with a code starts the known browser's count afresh, as one with the password alone does", async () => {
    // A first sign-in marks the browser; five more with it, each by a recovery code.
    const first = await (await post('/api/auth/login', TEST_ADMIN)).json();
    // Recovery codes the tests below do not use (they take the first four).
    const marked = await post('/api/auth/login/second-factor', {
      challenge: first.challenge,
      code: recoveryCodes[4],
    });
    const cookie = marked.headers
      .getSetCookie()
      .find((c) => c.startsWith('admin_device='))!
      .split(';')[0]!;
    const nonce = cookie.slice('admin_device='.length).split('.')[0];
    for (const code of recoveryCodes.slice(5, 10)) {
      const { challenge } = await (
        await app.fetch('/api/auth/login', {
          method: 'POST',
          json: TEST_ADMIN,
          headers: { cookie },
        })
      ).json();
      const done = await app.fetch('/api/auth/login/second-factor', {
        method: 'POST',
        json: { challenge, code },
        headers: { cookie },
      });
      expect(done.status).toBe(200);
    }
    // Five sign-ins in a minute: without the fresh start, its 5 tries in 15 minutes, all used.
    const row = await app
      .db('login_throttle')
      .where({ key: `device:${nonce}` })
      .first();
    expect(row.recent).toEqual([]);
  });

  it('a challenge takes five codes, from the address that gave the password, for five minutes', async () => {
    const { challenge } = await (await post('/api/auth/login', TEST_ADMIN)).json();
    const elsewhere = await requestFrom('127.0.0.9', `${app.url}/api/auth/login/second-factor`, {
      json: { challenge, code: codeFor(secret) },
    });
    expect(elsewhere.status).toBe(401);
    expect(await elsewhere.json()).toEqual({
      message: 'The sign-in has expired. Please sign in again.',
    });
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/api/auth/login/second-factor', { challenge, code: '111111' })).status,
      ).toBe(401);
    const sixth = await post('/api/auth/login/second-factor', { challenge, code: codeFor(secret) });
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).message).toBe('Too many wrong codes. Please sign in again.');
    const forged = await post('/api/auth/login/second-factor', { challenge: 'x.y.z', code: '1' });
    expect(forged.status).toBe(401);
  });

  it('past the account cap, the code comes with the password and is checked first', async () => {
    const username = 'admin';
    for (let a = 0; a < 20; a++) {
      const ip = `198.51.103.${a + 1}`;
      const keys = {
        pair: `pair:${username}|${ip}`,
        address: `address:${ip}`,
        account: `account:${username}`,
      };
      for (let i = 0; i < 5; i++)
        await withCounters(app.db, keys, new Date(), (counters) => {
          const decided = admitLogin(counters, new Date(), { withCode: false });
          return { result: null, ...(decided.admitted ? { counters: decided.counters } : {}) };
        });
    }
    const alone = await requestFrom('127.0.5.2', `${app.url}/api/auth/login`, { json: TEST_ADMIN });
    expect(alone.status).toBe(429);
    expect(await alone.json()).toEqual({
      message:
        'Too many failed sign-ins for this account. Enter your authentication code with your password, or try again in 60 minutes.',
      secondFactor: 'required',
    });
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const wrongCode = await requestFrom('127.0.5.3', `${app.url}/api/auth/login`, {
        json: { ...TEST_ADMIN, code: '000000' },
      });
      expect(wrongCode.status).toBe(401);
      expect(verify).not.toHaveBeenCalled();
      const withCode = await requestFrom('127.0.5.4', `${app.url}/api/auth/login`, {
        json: { ...TEST_ADMIN, code: recoveryCodes[1] },
      });
      expect(withCode.status).toBe(200);
      expect((await withCode.json()).token).toBeDefined();
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
      // The tests after this one sign in with the password alone again.
      await app.db('login_throttle').where({ key: 'account:admin' }).delete();
    }
  });

  it('turns off only with a current code or a recovery code; every other session ends', async () => {
    const { challenge } = await (await post('/api/auth/login', TEST_ADMIN)).json();
    const { token } = await (
      await post('/api/auth/login/second-factor', { challenge, code: recoveryCodes[2] })
    ).json();
    const missing = await post('/api/auth/two-factor/disable', {}, token);
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual([{ path: 'code', message: 'Required' }]);
    const wrong = await post('/api/auth/two-factor/disable', { code: '000000' }, token);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe('code: The authentication code is not correct.');
    const used = await post('/api/auth/two-factor/disable', { code: recoveryCodes[0] }, token);
    expect(used.status).toBe(400);

    const off = await post('/api/auth/two-factor/disable', { code: recoveryCodes[3] }, token);
    expect(off.status).toBe(200);
    const { token: fresh, message } = await off.json();
    expect(message).toBe('Two-factor sign-in is off.');
    expect((await app.fetch('/api/auth/verify', { token })).status).toBe(401);
    expect((await app.fetch('/api/auth/verify', { token: fresh })).status).toBe(200);
    const disabled = await app.db('events').where({ type: 'AdminTwoFactorDisabled' });
    expect(disabled.map((e) => e.data)).toEqual([
      { username: 'admin', via: 'settings', with: 'recovery-code' },
    ]);
    expect((await post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
    expect(await (await post('/api/auth/login', TEST_ADMIN)).json()).toEqual({
      token: expect.any(String),
    });

    // On again with a new key, and off with the app's current code.
    const again = await turnOn(fresh);
    expect(again.secret).not.toBe(secret);
    const offByCode = await post(
      '/api/auth/two-factor/disable',
      { code: codeFor(again.secret, 1) },
      again.token,
    );
    expect(offByCode.status).toBe(200);
    const latest = await app
      .db('events')
      .where({ type: 'AdminTwoFactorDisabled' })
      .orderBy('position', 'desc')
      .first();
    expect(latest.data).toEqual({ username: 'admin', via: 'settings', with: 'code' });
  });

  it('a secret sealed under another key is refused as unreadable, not used', async () => {
    await app
      .db(CREDENTIALS)
      .where({ username: 'admin' })
      .update({
        totp_secret: seal(
          'another-key-that-is-long-enough-000000',
          'auth/totp-secret',
          'admin_credentials.totp_secret:admin',
          'JBSWY3DPEHPK3PXP',
        ),
      });
    const { challenge } = await (await post('/api/auth/login', TEST_ADMIN)).json();
    const res = await post('/api/auth/login/second-factor', { challenge, code: '123456' });
    expect(res.status).toBe(503);
    expect((await res.json()).message).toMatch(/make admin-password/);
    await app.db(CREDENTIALS).where({ username: 'admin' }).update({ totp_secret: null });
  });
});
