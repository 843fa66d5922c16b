import { describe, expect, it } from 'vitest';
import {
  adminAccountDecider,
  changeAdminPassword,
  createAdminAccount,
  recordLoginAttempt,
} from './commands.ts';
import type { AuthEvent } from './events.ts';

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
