import { defineEvents, type EventOf, type StoredEventOf } from '@kw/platform';
import { z } from 'zod';

// The administrator account's events. No password and no hash is ever part of one: the hash
// lives only in the credentials table.

const attempt = z.object({ username: z.string(), ipAddress: z.string(), userAgent: z.string() });

export const authEventSchemas = {
  AdminAccountCreated: z.object({ username: z.string() }),
  AdminLoggedIn: attempt,
  AdminLoginFailed: attempt,
  AdminPasswordChanged: z.object({
    username: z.string(),
    via: z.enum(['settings', 'terminal']),
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

export const adminStream = (username: string): string => `admin:${username.toLowerCase()}`;
