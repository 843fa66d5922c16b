import { commandHandler, type EventMetadata, type EventStore, type Trx } from '@kw/platform';
import type { Visitor } from '@kw/platform/http';
import {
  type AdminAccountCreated,
  type AdminLoggedIn,
  type AdminLoginFailed,
  type AdminPasswordChanged,
  type AdminRecoveryCodeUsed,
  type AdminSessionEnded,
  type AdminSessionStarted,
  type AdminSessionsEnded,
  type AdminTwoFactorDisabled,
  type AdminTwoFactorEnabled,
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
      case 'AdminSessionStarted':
      case 'AdminSessionEnded':
      case 'AdminSessionsEnded':
      case 'AdminTwoFactorEnabled':
      case 'AdminTwoFactorDisabled':
      case 'AdminRecoveryCodeUsed':
        return state;
    }
  },
};

export const handleAdminAccount = commandHandler(adminAccountDecider);

// Pure decisions: the events that record what the service did.

export function createAdminAccount(username: string): [AdminAccountCreated] {
  return [{ type: 'AdminAccountCreated', data: { username } }];
}

/**
 * The username as typed (lower-cased), never the password; with the second factor that
 * completed it, or the step at which it failed when that was the second factor.
 */
export function recordLoginAttempt(
  username: string,
  visitor: Visitor,
  succeeded: boolean,
  secondFactor?: SecondFactor,
): [AdminLoggedIn] | [AdminLoginFailed] {
  const data = {
    username: username.toLowerCase(),
    ipAddress: visitor.ip,
    userAgent: visitor.userAgent,
  };
  if (succeeded)
    return [{ type: 'AdminLoggedIn', data: secondFactor ? { ...data, secondFactor } : data }];
  return [
    { type: 'AdminLoginFailed', data: secondFactor ? { ...data, step: 'second-factor' } : data },
  ];
}

export type SecondFactor = 'code' | 'recovery-code';

/** A session for a token about to be issued; its id is the token's `sid`. */
export function startSession(
  username: string,
  sessionId: string,
  visitor: Visitor,
  expiresAt: Date,
): [AdminSessionStarted] {
  return [
    {
      type: 'AdminSessionStarted',
      data: {
        username: username.toLowerCase(),
        sessionId,
        ipAddress: visitor.ip,
        userAgent: visitor.userAgent,
        expiresAt: expiresAt.toISOString(),
      },
    },
  ];
}

/** Logout (the session's own token) or "sign out" of one listed session. */
export function endSession(
  username: string,
  sessionId: string,
  reason: AdminSessionEnded['data']['reason'],
): [AdminSessionEnded] {
  return [
    { type: 'AdminSessionEnded', data: { username: username.toLowerCase(), sessionId, reason } },
  ];
}

/**
 * Every session of the account ends: "sign out everywhere", and with every password change
 * and two-factor change (the service puts it beside those).
 */
export function endEverySession(
  username: string,
  reason: AdminSessionsEnded['data']['reason'],
): [AdminSessionsEnded] {
  return [{ type: 'AdminSessionsEnded', data: { username: username.toLowerCase(), reason } }];
}

/** Two-factor sign-in turned on, with how many recovery codes were shown (never the codes). */
export function enableTwoFactor(username: string, recoveryCodes: number): [AdminTwoFactorEnabled] {
  return [
    { type: 'AdminTwoFactorEnabled', data: { username: username.toLowerCase(), recoveryCodes } },
  ];
}

/**
 * Two-factor sign-in turned off: in Settings with a current code or a recovery code (whose
 * use is recorded too), or from the terminal.
 */
export function disableTwoFactor(
  username: string,
  proof: { with: 'code' } | { with: 'recovery-code'; remaining: number } | { with: 'terminal' },
): [AdminTwoFactorDisabled] | [AdminRecoveryCodeUsed, AdminTwoFactorDisabled] {
  const name = username.toLowerCase();
  const disabled: AdminTwoFactorDisabled = {
    type: 'AdminTwoFactorDisabled',
    data: {
      username: name,
      via: proof.with === 'terminal' ? 'terminal' : 'settings',
      with: proof.with,
    },
  };
  if (proof.with !== 'recovery-code') return [disabled];
  return [...useRecoveryCode(name, 'disable', proof.remaining), disabled];
}

export function useRecoveryCode(
  username: string,
  purpose: AdminRecoveryCodeUsed['data']['purpose'],
  remaining: number,
): [AdminRecoveryCodeUsed] {
  return [
    {
      type: 'AdminRecoveryCodeUsed',
      data: { username: username.toLowerCase(), purpose, remaining },
    },
  ];
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
 * A login attempt, and the session a successful one starts, are facts to record, not
 * decisions on the history: appended without a version check, so simultaneous attempts never
 * clash and no login waits on reading its stream (the throttle keeps its own counters). The
 * same holds for a session's end.
 */
export async function recordLogin(
  store: EventStore,
  username: string,
  events: AuthEvent[],
  metadata: EventMetadata,
  trx?: Trx,
): Promise<void> {
  await store.append(adminStream(username), 'any', events, { metadata, ...(trx ? { trx } : {}) });
}
