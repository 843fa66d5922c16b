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
