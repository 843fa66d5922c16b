import { describeRecords } from '@kw/platform';
import { authEvents } from './events.ts';

// How the administrator account's events read in the audit log: sign-ins, failed sign-ins,
// password and two-factor changes, sessions.

export const adminAccountHistory = describeRecords({
  kind: 'admin',
  label: 'Administrator account',
  events: authEvents,
  fields: {
    username: { label: 'Username' },
    twoFactor: { label: 'Two-factor sign-in' },
  },
  describe(event) {
    switch (event.type) {
      case 'AdminAccountCreated':
        return {
          action: `Account ${event.data.username} created`,
          set: { username: event.data.username },
        };
      case 'AdminLoggedIn':
        return {
          action: `${event.data.username} signed in from ${event.data.ipAddress}${
            event.data.secondFactor ? ` (with a ${event.data.secondFactor})` : ''
          }`,
        };
      case 'AdminLoginFailed':
        return {
          action: `Failed sign-in as ${event.data.username} from ${event.data.ipAddress}${
            event.data.step === 'second-factor' ? ' (wrong second factor)' : ''
          }`,
        };
      case 'AdminPasswordChanged':
        return {
          action: `Password changed${event.data.via === 'terminal' ? ' from the terminal' : ''}`,
        };
      case 'AdminSessionStarted':
        return { action: `Session started from ${event.data.ipAddress}` };
      case 'AdminSessionEnded':
        return { action: event.data.reason === 'logout' ? 'Signed out' : 'Session signed out' };
      case 'AdminSessionsEnded':
        return {
          action: {
            'signed-out-everywhere': 'Signed out everywhere',
            'password-changed': 'Every session ended (password changed)',
            'two-factor-changed': 'Every session ended (two-factor changed)',
          }[event.data.reason],
        };
      case 'AdminTwoFactorEnabled':
        return { action: 'Two-factor sign-in turned on', set: { twoFactor: true } };
      case 'AdminTwoFactorDisabled':
        return {
          action: `Two-factor sign-in turned off${event.data.via === 'terminal' ? ' from the terminal' : ''}`,
          set: { twoFactor: false },
        };
      case 'AdminRecoveryCodeUsed':
        return {
          action: `Recovery code used (${event.data.remaining} left)`,
        };
    }
  },
});
