import { randomUUID } from 'node:crypto';
import { EventStore } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeAdminPassword,
  createAdminAccount,
  disableTwoFactor,
  enableTwoFactor,
  endEverySession,
  endSession,
  recordLoginAttempt,
  startSession,
} from './commands.ts';
import type { AuthEvent } from './events.ts';
import {
  ADMIN_SESSIONS,
  adminSessionsProjection,
  LOGIN_ATTEMPTS,
  loginAttemptsProjection,
} from './projection.ts';

// Given events appended through the store, then these rows in login_attempts.

let tdb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db, {
    projections: [loginAttemptsProjection, adminSessionsProjection],
  });
});
afterAll(() => tdb?.drop());

const given = (username: string, ...events: AuthEvent[]) =>
  store.append(`admin:${username}`, 'any', events, { metadata: { actor: 'test' } });
const rowsOf = (username: string) => tdb.db(LOGIN_ATTEMPTS).where({ username }).orderBy('position');

describe('the login attempts projection', () => {
  it('given a failed and a successful login, then one row each, by username and address, at their time', async () => {
    const stored = await given(
      'admin',
      ...recordLoginAttempt('Admin', { ip: '203.0.113.5', userAgent: 'UA', referer: '' }, false),
      ...recordLoginAttempt('admin', { ip: '198.51.100.7', userAgent: 'UA', referer: '' }, true),
    );
    const rows = await rowsOf('admin');
    expect(rows).toEqual([
      {
        position: stored[0]!.position,
        username: 'admin',
        ip_address: '203.0.113.5',
        succeeded: false,
        attempted_at: stored[0]!.occurredAt,
      },
      {
        position: stored[1]!.position,
        username: 'admin',
        ip_address: '198.51.100.7',
        succeeded: true,
        attempted_at: stored[1]!.occurredAt,
      },
    ]);
  });

  it('given the account created and its password changed, then no attempt rows', async () => {
    await given(
      'owner',
      ...createAdminAccount('owner'),
      ...changeAdminPassword('owner', 'settings'),
    );
    expect(await rowsOf('owner')).toEqual([]);
  });
});

describe('the sessions projection', () => {
  const visitor = {
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
    referer: '',
  };
  const expiresAt = new Date('2030-01-01T00:00:00Z');
  const ids = [
    '00000000-0000-4000-8000-000000000001',
    '00000000-0000-4000-8000-000000000002',
    '00000000-0000-4000-8000-000000000003',
    '00000000-0000-4000-8000-000000000004',
  ];
  const sessionsOf = (username: string) =>
    tdb.db(ADMIN_SESSIONS).where({ username }).orderBy('signed_in_at').orderBy('id');

  it('given a session started, then one open row with where it came from and until when', async () => {
    const [started] = await given('keeper', ...startSession('Keeper', ids[0]!, visitor, expiresAt));
    expect(await sessionsOf('keeper')).toEqual([
      {
        id: ids[0],
        username: 'keeper',
        ip_address: '203.0.113.9',
        user_agent: visitor.userAgent,
        signed_in_at: started!.occurredAt,
        expires_at: expiresAt,
        ended_at: null,
        ended_reason: null,
      },
    ]);
  });

  it('given a logout, then only that session ends, at the time of the event', async () => {
    await given(
      'leaver',
      ...startSession('leaver', ids[1]!, visitor, expiresAt),
      ...startSession('leaver', ids[2]!, visitor, expiresAt),
    );
    const [ended] = await given('leaver', ...endSession('leaver', ids[1]!, 'logout'));
    const rows = await sessionsOf('leaver');
    expect(rows.map((r) => [r.id, r.ended_at, r.ended_reason])).toEqual([
      [ids[1], ended!.occurredAt, 'logout'],
      [ids[2], null, null],
    ]);
  });

  it.each([
    ['sign out everywhere', 'signed-out-everywhere'],
    ['a password change', 'password-changed'],
    ['a two-factor change', 'two-factor-changed'],
  ] as const)(
    'given every session ended (%s), then every session open then ends, and one started after goes on',
    async (_, reason) => {
      await tdb.db(ADMIN_SESSIONS).where({ username: 'changer' }).delete();
      const [first, second, after] = [randomUUID(), randomUUID(), randomUUID()];
      await given(
        'changer',
        ...startSession('changer', first, visitor, expiresAt),
        ...startSession('changer', second, visitor, expiresAt),
      );
      await given(
        'changer',
        ...endEverySession('changer', reason),
        ...startSession('changer', after, visitor, expiresAt),
      );
      const rows = await sessionsOf('changer');
      expect(new Map(rows.map((r) => [r.id, r.ended_reason]))).toEqual(
        new Map([
          [first, reason],
          [second, reason],
          [after, null],
        ]),
      );
    },
  );
});

describe('what does not end sessions by itself', () => {
  it('given a password change or a two-factor change alone, then the sessions stay: the decisions put AdminSessionsEnded beside them', async () => {
    const id = randomUUID();
    await given(
      'steady',
      ...startSession(
        'steady',
        id,
        { ip: '203.0.113.9', userAgent: '', referer: '' },
        new Date('2030-01-01T00:00:00Z'),
      ),
      ...changeAdminPassword('steady', 'settings'),
      ...enableTwoFactor('steady', 10),
      ...disableTwoFactor('steady', { with: 'code' }),
    );
    const [row] = await tdb.db(ADMIN_SESSIONS).where({ id });
    expect(row.ended_at).toBeNull();
  });
});
