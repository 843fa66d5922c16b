import { describe, expect, it } from 'vitest';
import {
  adminAccountDecider,
  changeAdminPassword,
  createAdminAccount,
  decideAdminAccount,
  disableTwoFactor,
  enableTwoFactor,
  endEverySession,
  endSession,
  recordLoginAttempt,
  startSession,
  useRecoveryCode,
} from './commands.ts';
import { type AuthEvent, authEvents } from './events.ts';

const visitor = { ip: '203.0.113.5', userAgent: 'UA', referer: '' };
const fold = (history: AuthEvent[]) =>
  history.reduce(adminAccountDecider.evolve, adminAccountDecider.initialState());

describe('the administrator account', () => {
  it('when created, then AdminAccountCreated names the account; the stream then records it', () => {
    const created = createAdminAccount('Admin');
    expect(created).toEqual([{ type: 'AdminAccountCreated', data: { username: 'Admin' } }]);
    expect(fold(created)).toEqual({ created: true, passwordChanges: 0 });
  });

  it('when a login is tried, then the attempt is recorded under the lower-cased name, with where it came from, never the password', () => {
    expect(recordLoginAttempt('Eve', visitor, false)).toEqual([
      {
        type: 'AdminLoginFailed',
        data: { username: 'eve', ipAddress: '203.0.113.5', userAgent: 'UA' },
      },
    ]);
    expect(recordLoginAttempt('admin', visitor, true)).toEqual([
      {
        type: 'AdminLoggedIn',
        data: { username: 'admin', ipAddress: '203.0.113.5', userAgent: 'UA' },
      },
    ]);
  });

  it('when the password is changed, then AdminPasswordChanged says how, without the hash', () => {
    const changed = changeAdminPassword('Admin', 'terminal');
    expect(changed).toEqual([
      { type: 'AdminPasswordChanged', data: { username: 'admin', via: 'terminal' } },
    ]);
    const history = [
      ...createAdminAccount('admin'),
      ...recordLoginAttempt('admin', visitor, true),
      ...changed,
      ...changeAdminPassword('admin', 'settings'),
    ];
    expect(fold(history)).toEqual({ created: true, passwordChanges: 2 });
  });
});

describe('two-factor sign-in and sessions', () => {
  const sessionId = '00000000-0000-4000-8000-00000000000a';

  it('when a sign-in completes with a code or a recovery code, then AdminLoggedIn says which; a wrong code is a failure at the second factor', () => {
    expect(recordLoginAttempt('admin', visitor, true, 'recovery-code')[0].data).toEqual({
      username: 'admin',
      ipAddress: '203.0.113.5',
      userAgent: 'UA',
      secondFactor: 'recovery-code',
    });
    expect(recordLoginAttempt('admin', visitor, false, 'code')[0]).toEqual({
      type: 'AdminLoginFailed',
      data: { username: 'admin', ipAddress: '203.0.113.5', userAgent: 'UA', step: 'second-factor' },
    });
  });

  it('when a session starts, then AdminSessionStarted names it, where from and until when', () => {
    expect(startSession('Admin', sessionId, visitor, new Date('2030-01-01T12:00:00Z'))).toEqual([
      {
        type: 'AdminSessionStarted',
        data: {
          username: 'admin',
          sessionId,
          ipAddress: '203.0.113.5',
          userAgent: 'UA',
          expiresAt: '2030-01-01T12:00:00.000Z',
        },
      },
    ]);
    expect(endSession('admin', sessionId, 'logout')).toEqual([
      { type: 'AdminSessionEnded', data: { username: 'admin', sessionId, reason: 'logout' } },
    ]);
    expect(endEverySession('Admin', 'signed-out-everywhere')).toEqual([
      { type: 'AdminSessionsEnded', data: { username: 'admin', reason: 'signed-out-everywhere' } },
    ]);
  });

  it('when two-factor is turned on, then the event counts the recovery codes and holds none', () => {
    expect(enableTwoFactor('admin', 10)).toEqual([
      { type: 'AdminTwoFactorEnabled', data: { username: 'admin', recoveryCodes: 10 } },
    ]);
  });

  it('when two-factor is turned off with a recovery code, then its use is recorded first; with a code or from the terminal, just the change', () => {
    expect(disableTwoFactor('admin', { with: 'recovery-code', remaining: 7 })).toEqual([
      ...useRecoveryCode('admin', 'disable', 7),
      {
        type: 'AdminTwoFactorDisabled',
        data: { username: 'admin', via: 'settings', with: 'recovery-code' },
      },
    ]);
    expect(disableTwoFactor('admin', { with: 'code' })).toEqual([
      {
        type: 'AdminTwoFactorDisabled',
        data: { username: 'admin', via: 'settings', with: 'code' },
      },
    ]);
    expect(disableTwoFactor('admin', { with: 'terminal' })).toEqual([
      {
        type: 'AdminTwoFactorDisabled',
        data: { username: 'admin', via: 'terminal', with: 'terminal' },
      },
    ]);
  });

  it('every event these decisions make fits the catalogue', () => {
    const events: AuthEvent[] = [
      ...recordLoginAttempt('admin', visitor, true, 'code'),
      ...recordLoginAttempt('admin', visitor, false, 'code'),
      ...startSession('admin', sessionId, visitor, new Date()),
      ...endSession('admin', sessionId, 'signed-out'),
      ...endEverySession('admin', 'password-changed'),
      ...enableTwoFactor('admin', 10),
      ...disableTwoFactor('admin', { with: 'recovery-code', remaining: 0 }),
    ];
    for (const [position, event] of events.entries())
      expect(() =>
        authEvents.parse({
          ...event,
          position,
          streamId: 'admin:admin',
          version: position,
          metadata: { actor: 'test' },
          occurredAt: new Date(),
        } as never),
      ).not.toThrow();
    // The account's state is what it was: sessions and second factors are not its history.
    expect(fold([...createAdminAccount('admin'), ...events])).toEqual({
      created: true,
      passwordChanges: 0,
    });
  });
});

describe('the account commands (decideAdminAccount)', () => {
  const sessionId = '00000000-0000-4000-8000-00000000000b';
  const expiresAt = new Date('2030-01-01T12:00:00Z');
  const session = { sessionId, expiresAt, visitor };
  const given = (...history: AuthEvent[][]) => fold(history.flat());
  const account = given(createAdminAccount('admin'));
  const types = (events: AuthEvent[]) => events.map((e) => e.type);

  it('given no stream, when the account is created, then AdminAccountCreated with the name as given', () => {
    expect(decideAdminAccount(given(), { type: 'CreateAdminAccount', username: 'Admin' })).toEqual(
      createAdminAccount('Admin'),
    );
  });

  it('given the account, when a sign-in fails at the password or the code, then AdminLoginFailed', () => {
    expect(
      decideAdminAccount(account, { type: 'RecordFailedLogin', username: 'Admin', visitor }),
    ).toEqual(recordLoginAttempt('admin', visitor, false));
    expect(
      decideAdminAccount(account, {
        type: 'RecordFailedLogin',
        username: 'admin',
        visitor,
        step: 'code',
      }),
    ).toEqual(recordLoginAttempt('admin', visitor, false, 'code'));
  });

  it('given an unknown name (no stream), when a sign-in fails, then the attempt is still recorded', () => {
    expect(
      types(decideAdminAccount(given(), { type: 'RecordFailedLogin', username: 'eve', visitor })),
    ).toEqual(['AdminLoginFailed']);
  });

  it('when a sign-in succeeds, then AdminLoggedIn and its session; with a recovery code, its use between', () => {
    expect(decideAdminAccount(account, { type: 'SignIn', username: 'admin', session })).toEqual([
      ...recordLoginAttempt('admin', visitor, true),
      ...startSession('admin', sessionId, visitor, expiresAt),
    ]);
    expect(
      decideAdminAccount(account, {
        type: 'SignIn',
        username: 'admin',
        factor: { kind: 'recovery-code', remaining: 9 },
        session,
      }),
    ).toEqual([
      ...recordLoginAttempt('admin', visitor, true, 'recovery-code'),
      ...useRecoveryCode('admin', 'sign-in', 9),
      ...startSession('admin', sessionId, visitor, expiresAt),
    ]);
    expect(
      types(
        decideAdminAccount(account, {
          type: 'SignIn',
          username: 'admin',
          factor: { kind: 'code' },
          session,
        }),
      ),
    ).toEqual(['AdminLoggedIn', 'AdminSessionStarted']);
  });

  it('when a session ends, or every session, then AdminSessionEnded or AdminSessionsEnded', () => {
    expect(
      decideAdminAccount(account, {
        type: 'EndSession',
        username: 'admin',
        sessionId,
        reason: 'logout',
      }),
    ).toEqual(endSession('admin', sessionId, 'logout'));
    expect(decideAdminAccount(account, { type: 'SignOutEverywhere', username: 'admin' })).toEqual(
      endEverySession('admin', 'signed-out-everywhere'),
    );
  });

  it('when the password changes in Settings, then every session ends and the asker goes on in a new one; from the terminal, no new one', () => {
    expect(
      decideAdminAccount(account, {
        type: 'ChangePassword',
        username: 'admin',
        via: 'settings',
        session,
      }),
    ).toEqual([
      ...changeAdminPassword('admin', 'settings'),
      ...endEverySession('admin', 'password-changed'),
      ...startSession('admin', sessionId, visitor, expiresAt),
    ]);
    const changed = decideAdminAccount(account, {
      type: 'ChangePassword',
      username: 'admin',
      via: 'terminal',
    });
    expect(types(changed)).toEqual(['AdminPasswordChanged', 'AdminSessionsEnded']);
    expect(fold([...createAdminAccount('admin'), ...changed]).passwordChanges).toBe(1);
  });

  it('when two-factor is turned on, then its event, every session ended, then the new session', () => {
    expect(
      decideAdminAccount(account, {
        type: 'EnableTwoFactor',
        username: 'admin',
        recoveryCodes: 10,
        session,
      }),
    ).toEqual([
      ...enableTwoFactor('admin', 10),
      ...endEverySession('admin', 'two-factor-changed'),
      ...startSession('admin', sessionId, visitor, expiresAt),
    ]);
  });

  it('when two-factor is turned off with a recovery code, then its use, the change, every session ended, the new session; from the terminal, no session', () => {
    expect(
      decideAdminAccount(account, {
        type: 'DisableTwoFactor',
        username: 'admin',
        proof: { with: 'recovery-code', remaining: 3 },
        session,
      }),
    ).toEqual([
      ...disableTwoFactor('admin', { with: 'recovery-code', remaining: 3 }),
      ...endEverySession('admin', 'two-factor-changed'),
      ...startSession('admin', sessionId, visitor, expiresAt),
    ]);
    expect(
      types(
        decideAdminAccount(account, {
          type: 'DisableTwoFactor',
          username: 'admin',
          proof: { with: 'terminal' },
        }),
      ),
    ).toEqual(['AdminTwoFactorDisabled', 'AdminSessionsEnded']);
  });
});
