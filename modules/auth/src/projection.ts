import { defineProjection } from '@kw/platform';
import { authEvents } from './events.ts';

export const LOGIN_ATTEMPTS = 'login_attempts';

/** Login attempts by username and IP, read by the throttle. */
export const loginAttemptsProjection = defineProjection({
  name: 'login-attempts',
  mode: 'inline',
  tables: [LOGIN_ATTEMPTS],
  events: authEvents,
  handles: ['AdminLoggedIn', 'AdminLoginFailed'],
  async apply(trx, event) {
    if (event.type !== 'AdminLoggedIn' && event.type !== 'AdminLoginFailed') return;
    await trx(LOGIN_ATTEMPTS)
      .insert({
        position: event.position,
        username: event.data.username.toLowerCase(),
        ip_address: event.data.ipAddress,
        succeeded: event.type === 'AdminLoggedIn',
        attempted_at: event.occurredAt,
      })
      .onConflict('position')
      .ignore();
  },
});

export const ADMIN_SESSIONS = 'admin_sessions';

/**
 * Sessions by id, read by every admin request: a session's token is valid while its row is
 * open and not expired. AdminSessionsEnded ("sign out everywhere", and beside every password
 * or two-factor change) ends every session the account has at that moment.
 */
export const adminSessionsProjection = defineProjection({
  name: 'admin-sessions',
  mode: 'inline',
  tables: [ADMIN_SESSIONS],
  events: authEvents,
  handles: ['AdminSessionStarted', 'AdminSessionEnded', 'AdminSessionsEnded'],
  async apply(trx, event) {
    switch (event.type) {
      case 'AdminSessionStarted':
        await trx(ADMIN_SESSIONS)
          .insert({
            id: event.data.sessionId,
            username: event.data.username,
            ip_address: event.data.ipAddress,
            user_agent: event.data.userAgent,
            signed_in_at: event.occurredAt,
            expires_at: new Date(event.data.expiresAt),
          })
          .onConflict('id')
          .ignore();
        return;
      case 'AdminSessionEnded':
        await trx(ADMIN_SESSIONS)
          .where({ id: event.data.sessionId, username: event.data.username })
          .whereNull('ended_at')
          .update({ ended_at: event.occurredAt, ended_reason: event.data.reason });
        return;
      case 'AdminSessionsEnded':
        await trx(ADMIN_SESSIONS)
          .where({ username: event.data.username })
          .whereNull('ended_at')
          .update({ ended_at: event.occurredAt, ended_reason: event.data.reason });
        return;
      default:
        return;
    }
  },
});
