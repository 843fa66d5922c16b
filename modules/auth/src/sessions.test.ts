import { createDb } from '@kw/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../tests/harness.ts';
import { deviceName } from './open-sessions.ts';
import { SESSION_COOKIE } from './session.ts';
import { verifyToken } from './tokens.ts';

let app: TestApp;
const verifier = () => ({ db: app.db, jwtSecret: app.config.jwtSecret });
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function signIn(userAgent = CHROME): Promise<{ token: string; cookie: string }> {
  const res = await app.fetch('/api/auth/login', {
    method: 'POST',
    json: TEST_ADMIN,
    headers: { 'user-agent': userAgent },
  });
  expect(res.status).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { token: (await res.json()).token, cookie };
}

/** An admin read: the contact submissions (what a stolen token would be used for). */
const readContacts = (init: { token?: string; headers?: Record<string, string> }) =>
  app.fetch('/api/contact', init);

describe('logout', () => {
  it('revokes the token on the server: it no longer reads /api/contact, by bearer or by cookie', async () => {
    const { token, cookie } = await signIn();
    expect((await readContacts({ token })).status).toBe(200);
    expect((await readContacts({ headers: { cookie } })).status).toBe(200);
    const out = await app.fetch('/api/auth/logout', { method: 'POST', token });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    const after = await readContacts({ token });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: 'Authentication required' });
    expect((await readContacts({ headers: { cookie } })).status).toBe(401);
    const ended = await app.db('events').where({ type: 'AdminSessionEnded' }).first();
    expect(ended.data).toMatchObject({ username: 'admin', reason: 'logout' });
  });

  it('with the cookie alone (the browser already forgot the token), still ends the session', async () => {
    const { token, cookie } = await signIn();
    await app.fetch('/api/auth/logout', { method: 'POST', headers: { cookie } });
    expect((await readContacts({ token })).status).toBe(401);
  });

  it('is seen at once through another connection pool on the same database, as another API process would see it (no cache)', async () => {
    const elsewhere = createDb(app.dbUrl, { min: 0, max: 1 });
    try {
      const { token } = await signIn();
      const check = () => verifyToken({ db: elsewhere, jwtSecret: app.config.jwtSecret }, token);
      expect(await check()).toMatchObject({ username: 'admin' });
      await app.fetch('/api/auth/logout', { method: 'POST', token });
      expect(await check()).toBeNull();
    } finally {
      await elsewhere.destroy();
    }
  });
});

describe('the open sessions', () => {
  it('lists device, address and sign-in time, newest first, marking the one that asks', async () => {
    await app.fetch('/api/auth/sessions/sign-out-everywhere', {
      method: 'POST',
      token: (await signIn()).token,
    });
    const ipad = await signIn(IPAD);
    const chrome = await signIn(CHROME);
    const res = await app.fetch('/api/auth/sessions', { token: chrome.token });
    expect(res.status).toBe(200);
    const { sessions } = await res.json();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      device: 'Chrome 126 on Windows 10',
      ipAddress: '127.0.0.1',
      current: true,
    });
    expect(sessions[1]).toMatchObject({ device: deviceName(IPAD), current: false });
    expect(sessions[1].device).toMatch(/Safari 17 on iOS 17\.0 \(Apple iPad\)/);
    expect(Date.parse(sessions[0].signedInAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(sessions[0].signedInAt)).toBeGreaterThanOrEqual(
      Date.parse(sessions[1].signedInAt),
    );
    expect((await readContacts({ token: ipad.token })).status).toBe(200);
  });

  it('signs out one listed session; an unknown or ended one is a 404', async () => {
    const mine = await signIn();
    const theirs = await signIn(IPAD);
    const { sessions } = await (
      await app.fetch('/api/auth/sessions', { token: mine.token })
    ).json();
    const target = sessions.find((s: { current: boolean; device: string }) => !s.current);
    const { sessionId } = (await verifyToken(verifier(), theirs.token))!;
    const res = await app.fetch(`/api/auth/sessions/${sessionId}`, {
      method: 'DELETE',
      token: mine.token,
    });
    expect(res.status).toBe(200);
    expect(target).toBeDefined();
    expect((await readContacts({ token: theirs.token })).status).toBe(401);
    expect((await readContacts({ token: mine.token })).status).toBe(200);
    const again = await app.fetch(`/api/auth/sessions/${sessionId}`, {
      method: 'DELETE',
      token: mine.token,
    });
    expect(again.status).toBe(404);
    const bad = await app.fetch('/api/auth/sessions/not-an-id', {
      method: 'DELETE',
      token: mine.token,
    });
    expect(bad.status).toBe(400);
  });

  it('"sign out everywhere" ends every session, the one that asks too', async () => {
    const a = await signIn();
    const b = await signIn(IPAD);
    const res = await app.fetch('/api/auth/sessions/sign-out-everywhere', {
      method: 'POST',
      token: a.token,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Signed out everywhere' });
    expect((await readContacts({ token: a.token })).status).toBe(401);
    expect((await readContacts({ token: b.token })).status).toBe(401);
    expect((await readContacts({ headers: { cookie: b.cookie } })).status).toBe(401);
    const everywhere = await app
      .db('events')
      .where({ type: 'AdminSessionsEnded' })
      .whereRaw("data->>'reason' = 'signed-out-everywhere'")
      .first();
    expect(everywhere.data).toEqual({ username: 'admin', reason: 'signed-out-everywhere' });
    expect(everywhere.metadata.actor).toBe('admin:admin');
  });

  it('a password change ends the other sessions; the one that changed it goes on with its fresh token', async () => {
    const other = await signIn(IPAD);
    const mine = await signIn();
    const res = await app.fetch('/api/auth/change-password', {
      method: 'POST',
      token: mine.token,
      json: { currentPassword: TEST_ADMIN.password, newPassword: 'changed-for-sessions' },
    });
    expect(res.status).toBe(200);
    const { token: fresh } = await res.json();
    expect((await readContacts({ token: other.token })).status).toBe(401);
    expect((await readContacts({ token: mine.token })).status).toBe(401);
    expect((await readContacts({ token: fresh })).status).toBe(200);
    const { sessions } = await (await app.fetch('/api/auth/sessions', { token: fresh })).json();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].current).toBe(true);
    // Back to the usual password for the tests after this one.
    await app.fetch('/api/auth/change-password', {
      method: 'POST',
      token: fresh,
      json: { currentPassword: 'changed-for-sessions', newPassword: TEST_ADMIN.password },
    });
  });

  it('a token past its 12 hours is refused, even while its session row is open', async () => {
    const { token } = await signIn();
    expect(await verifyToken(verifier(), token)).not.toBeNull();
    const later = new Date(Date.now() + 12 * 3600_000 + 1000);
    expect(await verifyToken(verifier(), token, later)).toBeNull();
  });
});

describe('the device of a session', () => {
  it.each([
    [CHROME, 'Chrome 126 on Windows 10'],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      'Firefox 128 on Linux',
    ],
    ['', 'Unknown device'],
    ['curl/8.5.0', 'curl/8.5.0'],
  ])('%s → %s', (userAgent, device) => {
    expect(deviceName(userAgent)).toBe(device);
  });
});
