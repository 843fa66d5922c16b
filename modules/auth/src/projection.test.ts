import { EventStore } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeAdminPassword, createAdminAccount, recordLoginAttempt } from './commands.ts';
import type { AuthEvent } from './events.ts';
import { LOGIN_ATTEMPTS, loginAttemptsProjection } from './projection.ts';

// Given events appended through the store, then these rows in login_attempts.

let tdb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db, { projections: [loginAttemptsProjection] });
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
