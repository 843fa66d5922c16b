import type { Projection, StoredEvent, Trx } from '@kw/platform';
import type { AuthEvent } from './events.ts';

export const LOGIN_ATTEMPTS = 'login_attempts';

/** Login attempts by username and IP, read by the throttle. */
export const loginAttemptsProjection: Projection = {
  name: 'login-attempts',
  mode: 'inline',
  tables: [LOGIN_ATTEMPTS],
  handles: ['AdminLoggedIn', 'AdminLoginFailed'],
  async apply(trx: Trx, stored: StoredEvent) {
    const event = { type: stored.type, data: stored.data } as AuthEvent;
    if (event.type !== 'AdminLoggedIn' && event.type !== 'AdminLoginFailed') return;
    await trx(LOGIN_ATTEMPTS)
      .insert({
        position: stored.position,
        username: event.data.username.toLowerCase(),
        ip_address: event.data.ipAddress,
        succeeded: event.type === 'AdminLoggedIn',
        attempted_at: stored.occurredAt,
      })
      .onConflict('position')
      .ignore();
  },
};
