import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../tests/harness.ts';
import { login as logIn, THROTTLE } from './service.ts';
import { SESSION_COOKIE } from './session.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// Each test logs in from its own address, so the per-IP throttle of one does not touch another.
let nextIp = 10;
const fromNewIp = () => ({ 'x-forwarded-for': `203.0.113.${nextIp++}` });

const login = (body: unknown, headers: Record<string, string> = fromNewIp()) =>
  app.fetch('/api/auth/login', { method: 'POST', json: body, headers });

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

describe('login throttling', () => {
  it('after 5 failures for one username within 15 minutes, answers 429 with a retry time, even to the right password', async () => {
    const username = 'throttled-user';
    await app.db('admin_credentials').insert({
      username,
      password_hash: (await app.db('admin_credentials').first()).password_hash,
    });
    for (let i = 0; i < 5; i++)
      expect((await login({ username, password: `wrong-${i}` })).status).toBe(401);
    const res = await login({ username, password: TEST_ADMIN.password });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await res.json()).message).toMatch(
      /Too many failed login attempts\. Please try again in 15 minutes\./,
    );
    // Another username from another address is not affected.
    expect((await login(TEST_ADMIN)).status).toBe(200);
  });

  it('after 5 failures from one IP, that IP is refused for any username', async () => {
    const ip = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 5; i++)
      expect((await login({ username: `guess${i}`, password: 'x' }, ip)).status).toBe(401);
    expect((await login(TEST_ADMIN, ip)).status).toBe(429);
    expect((await login(TEST_ADMIN)).status).toBe(200);
  });
});

describe('the throttle keeps its own clock', () => {
  it('5 failures lock the username and the address for 15 minutes from the first of them, then no longer', async () => {
    const username = 'clock-user';
    await app.db('admin_credentials').insert({
      username,
      password_hash: (await app.db('admin_credentials').first()).password_hash,
    });
    const deps = { db: app.db, store: app.api.runtime.store, jwtSecret: app.config.jwtSecret };
    const visitor = { ip: '198.51.100.50', userAgent: 'UA', referer: '' };
    const attempt = (password: string, now: Date) =>
      logIn(deps, { username, password }, visitor, { actor: 'visitor' }, now);
    const start = new Date();
    const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
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
