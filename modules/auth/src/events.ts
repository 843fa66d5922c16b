import { defineEvents, type EventOf, idSchema, type StoredEventOf } from '@kw/platform';
import { z } from 'zod';

// The administrator account's events. No password and no hash is ever part of one: the hash
// lives only in the credentials table.

const attempt = z.object({ username: z.string(), ipAddress: z.string(), userAgent: z.string() });
const secondFactor = z.enum(['code', 'recovery-code']);
const via = z.enum(['settings', 'terminal']);

export const authEventSchemas = {
  AdminAccountCreated: z.object({ username: z.string() }),
  /** A sign-in that succeeded; with the second factor it took, when it took one. */
  AdminLoggedIn: attempt.extend({ secondFactor: secondFactor.optional() }),
  /** A sign-in refused at its password, or (`step`) at its second factor. */
  AdminLoginFailed: attempt.extend({ step: z.enum(['password', 'second-factor']).optional() }),
  AdminPasswordChanged: z.object({ username: z.string(), via }),
  /** A token was issued for this session; the session read model checks it on every request. */
  AdminSessionStarted: z.object({
    username: z.string(),
    sessionId: idSchema(),
    ipAddress: z.string(),
    userAgent: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  AdminSessionEnded: z.object({
    username: z.string(),
    sessionId: idSchema(),
    reason: z.enum(['logout', 'signed-out']),
  }),
  /**
   * Every session of the account ends: "sign out everywhere", or a password or two-factor
   * change (whose new session for the one who made it starts after this).
   */
  AdminSessionsEnded: z.object({
    username: z.string(),
    reason: z.enum(['signed-out-everywhere', 'password-changed', 'two-factor-changed']),
  }),
  AdminTwoFactorEnabled: z.object({ username: z.string(), recoveryCodes: z.number().int() }),
  AdminTwoFactorDisabled: z.object({
    username: z.string(),
    via,
    /** What proved it: a current code, a recovery code, or the terminal (make admin-password). */
    with: z.enum(['code', 'recovery-code', 'terminal']),
  }),
  AdminRecoveryCodeUsed: z.object({
    username: z.string(),
    purpose: z.enum(['sign-in', 'disable']),
    remaining: z.number().int(),
  }),
};

export const authEvents = defineEvents(authEventSchemas);

export type AuthEvent = EventOf<typeof authEventSchemas>;
export type StoredAuthEvent = StoredEventOf<typeof authEventSchemas>;

type Named<T extends AuthEvent['type']> = Extract<AuthEvent, { type: T }>;
export type AdminAccountCreated = Named<'AdminAccountCreated'>;
export type AdminLoggedIn = Named<'AdminLoggedIn'>;
export type AdminLoginFailed = Named<'AdminLoginFailed'>;
export type AdminPasswordChanged = Named<'AdminPasswordChanged'>;
export type AdminSessionStarted = Named<'AdminSessionStarted'>;
export type AdminSessionEnded = Named<'AdminSessionEnded'>;
export type AdminSessionsEnded = Named<'AdminSessionsEnded'>;
export type AdminTwoFactorEnabled = Named<'AdminTwoFactorEnabled'>;
export type AdminTwoFactorDisabled = Named<'AdminTwoFactorDisabled'>;
export type AdminRecoveryCodeUsed = Named<'AdminRecoveryCodeUsed'>;

export const adminStream = (username: string): string => `admin:${username.toLowerCase()}`;
