import { commandHandler, type EventMetadata, type EventStore, type Trx } from '@kw/platform';
import type { Visitor } from '@kw/platform/http';
import {
  type AdminAccountCreated,
  type AdminLoggedIn,
  type AdminLoginFailed,
  type AdminPasswordChanged,
  type AuthEvent,
  adminStream,
  authEvents,
} from './events.ts';

/**
 * What an administrator's stream records. The account's commands go through the one command
 * path (read, version checked, decided again when a login was recorded meanwhile); whether
 * they may happen is decided by the credentials table, which is not an event.
 */
export interface AdminAccountState {
  created: boolean;
  passwordChanges: number;
}

export const adminAccountDecider = {
  events: authEvents,
  initialState: (): AdminAccountState => ({ created: false, passwordChanges: 0 }),
  evolve(state: AdminAccountState, event: AuthEvent): AdminAccountState {
    switch (event.type) {
      case 'AdminAccountCreated':
        return { ...state, created: true };
      case 'AdminPasswordChanged':
        return { ...state, passwordChanges: state.passwordChanges + 1 };
      case 'AdminLoggedIn':
      case 'AdminLoginFailed':
        return state;
    }
  },
};

export const handleAdminAccount = commandHandler(adminAccountDecider);

// Pure decisions: the events that record what the service did.

export function createAdminAccount(username: string): [AdminAccountCreated] {
  return [{ type: 'AdminAccountCreated', data: { username } }];
}

/** The username as typed (lower-cased), never the password. */
export function recordLoginAttempt(
  username: string,
  visitor: Visitor,
  succeeded: boolean,
): [AdminLoggedIn] | [AdminLoginFailed] {
  const data = {
    username: username.toLowerCase(),
    ipAddress: visitor.ip,
    userAgent: visitor.userAgent,
  };
  return succeeded ? [{ type: 'AdminLoggedIn', data }] : [{ type: 'AdminLoginFailed', data }];
}

/** The change itself, without the hash. */
export function changeAdminPassword(
  username: string,
  via: AdminPasswordChanged['data']['via'],
): [AdminPasswordChanged] {
  return [{ type: 'AdminPasswordChanged', data: { username: username.toLowerCase(), via } }];
}

// The commands the service runs.

/** An account command, in the caller's transaction (beside the credentials row it changes). */
export async function onAdminAccount(
  store: EventStore,
  username: string,
  events: AuthEvent[],
  options: { metadata: EventMetadata; trx: Trx },
): Promise<void> {
  await handleAdminAccount(store, adminStream(username), () => events, {
    ...options,
    retryOnConflict: true,
  });
}

/**
 * A login attempt is a fact to record, not a decision on the history: appended without a
 * version check, so simultaneous attempts never clash and no login waits on reading its
 * stream (the throttle reads the login_attempts read model instead).
 */
export async function recordLogin(
  store: EventStore,
  username: string,
  events: [AdminLoggedIn] | [AdminLoginFailed],
  metadata: EventMetadata,
): Promise<void> {
  await store.append(adminStream(username), 'any', events, { metadata });
}
