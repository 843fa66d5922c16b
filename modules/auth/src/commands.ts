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
 * What an administrator's stream records. Every command on it goes through the one command
 * path (`onAdminAccount`): sign-in attempts and sessions' ends as facts, the rest decided on the
 * stream read at its version. Whether a command may happen is decided by the credentials table,
 * which is not an event.
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
  proof: TwoFactorProof,
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

// The account's commands: what the service asks, with what it worked out beforehand (the
// session's id and expiry, which its token names; how many recovery codes remain). Hashes and
// secrets never reach them: they live in the credentials table, written beside the events.

/** A session about to be opened for this visitor; its id is the token's `sid`. */
export interface NewSession {
  sessionId: string;
  expiresAt: Date;
  visitor: Visitor;
}

export type AdminAccountCommand =
  | { type: 'CreateAdminAccount'; username: string }
  /** Refused at the password, or (`step`) at the second factor. */
  | { type: 'RecordFailedLogin'; username: string; visitor: Visitor; step?: SecondFactor }
  /** A sign-in that succeeded, with the factor it took (and the recovery codes left). */
  | {
      type: 'SignIn';
      username: string;
      factor?: { kind: SecondFactor; remaining?: number };
      session: NewSession;
    }
  | {
      type: 'EndSession';
      username: string;
      sessionId: string;
      reason: AdminSessionEnded['data']['reason'];
    }
  | { type: 'SignOutEverywhere'; username: string }
  /** With `session` (a change in Settings), the one who asked goes on in a fresh session. */
  | {
      type: 'ChangePassword';
      username: string;
      via: AdminPasswordChanged['data']['via'];
      session?: NewSession;
    }
  | { type: 'EnableTwoFactor'; username: string; recoveryCodes: number; session: NewSession }
  | {
      type: 'DisableTwoFactor';
      username: string;
      proof: TwoFactorProof;
      session?: NewSession;
    };

export type TwoFactorProof =
  | { with: 'code' }
  | { with: 'recovery-code'; remaining: number }
  | { with: 'terminal' };

const opened = (username: string, session: NewSession | undefined): AdminSessionStarted[] =>
  session ? startSession(username, session.sessionId, session.visitor, session.expiresAt) : [];

/**
 * The account's decision: which events record the command. Whether it may happen was settled
 * by the credentials table (the password, the second factor), in the same transaction; the
 * stream's state is what was recorded before it.
 */
export function decideAdminAccount(
  _state: AdminAccountState,
  command: AdminAccountCommand,
): AuthEvent[] {
  const { username } = command;
  switch (command.type) {
    case 'CreateAdminAccount':
      return createAdminAccount(username);
    case 'RecordFailedLogin':
      return recordLoginAttempt(username, command.visitor, false, command.step);
    case 'SignIn': {
      const { factor, session } = command;
      return [
        ...recordLoginAttempt(username, session.visitor, true, factor?.kind),
        ...(factor?.kind === 'recovery-code'
          ? useRecoveryCode(username, 'sign-in', factor.remaining ?? 0)
          : []),
        ...opened(username, session),
      ];
    }
    case 'EndSession':
      return endSession(username, command.sessionId, command.reason);
    case 'SignOutEverywhere':
      return endEverySession(username, 'signed-out-everywhere');
    case 'ChangePassword':
      return [
        ...changeAdminPassword(username, command.via),
        ...endEverySession(username, 'password-changed'),
        ...opened(username, command.session),
      ];
    case 'EnableTwoFactor':
      return [
        ...enableTwoFactor(username, command.recoveryCodes),
        ...endEverySession(username, 'two-factor-changed'),
        ...opened(username, command.session),
      ];
    case 'DisableTwoFactor':
      return [
        ...disableTwoFactor(username, command.proof),
        ...endEverySession(username, 'two-factor-changed'),
        ...opened(username, command.session),
      ];
  }
}

/**
 * Commands that record what happened whatever the stream holds: a sign-in attempt, a session's
 * end. They are appended as facts (see CommandHandler.record), so simultaneous attempts never
 * clash and no sign-in reads a stream that grows with every attempt (the throttle keeps its
 * own counters).
 */
const FACTS: ReadonlySet<AdminAccountCommand['type']> = new Set([
  'RecordFailedLogin',
  'SignIn',
  'EndSession',
]);

/**
 * Every command on an administrator's stream, through the one command path, in the caller's
 * transaction when there is one (beside the credentials row it changes): a fact is recorded as
 * it comes; any other command is decided on the stream read at its version, and decided again
 * if a fact was appended meanwhile.
 */
export async function onAdminAccount(
  store: EventStore,
  command: AdminAccountCommand,
  options: { metadata: EventMetadata; trx?: Trx | undefined },
): Promise<void> {
  const stream = adminStream(command.username);
  const trx = options.trx ? { trx: options.trx } : {};
  if (FACTS.has(command.type)) {
    await handleAdminAccount.record(
      store,
      stream,
      () => decideAdminAccount(handleAdminAccount.decider.initialState(), command),
      { metadata: options.metadata, ...trx },
    );
    return;
  }
  await handleAdminAccount(store, stream, (state) => decideAdminAccount(state, command), {
    metadata: options.metadata,
    ...trx,
    retryOnConflict: true,
  });
}
