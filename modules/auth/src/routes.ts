import { idSchema } from '@kw/platform';
import type { AppServices } from '@kw/platform/http';
import { type RouteDef, route } from '@kw/platform/http';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  loginRequestSchema,
  secondFactorRequestSchema,
  twoFactorCodeSchema,
} from './contract.ts';
import type { AuthDeps } from './credentials.ts';
import { KNOWN_DEVICE_COOKIE, readKnownDevice, setKnownDeviceCookie } from './known-device.ts';
import { endEverySession, endOneSession, listSessions, logout } from './open-sessions.ts';
import { changePassword, completeSecondFactor, login } from './service.ts';
import {
  adminOf,
  bearerToken,
  clearSessionCookie,
  cookieValue,
  SESSION_COOKIE,
  setSessionCookie,
} from './session.ts';
import { verifyToken } from './tokens.ts';
import {
  beginTwoFactorSetup,
  confirmTwoFactor,
  turnOffTwoFactor,
  twoFactorStatus,
} from './two-factor-service.ts';

const depsOf = (services: AppServices): AuthDeps => ({
  db: services.db,
  store: services.store,
  jwtSecret: services.config.jwtSecret,
  dataKey: services.config.dataKey,
});

export const authRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/auth/login',
    access: 'public',
    body: loginRequestSchema,
    docs: {
      description:
        'Answers a token, or, when the account has two-factor sign-in, a challenge for `POST /api/auth/login/second-factor`. Attempts are counted before the password is checked: 5 per username and address in 15 minutes (then growing waits), 20 per address, and 100 password checks an hour per account, past which a `code` must come with the password, unless the browser signed in to the account before (its `admin_device` cookie: 5 tries in 15 minutes of its own).',
    },
    async handler({ req, body, services, visitor, metadata, res }) {
      const device = readKnownDevice(
        services.config.jwtSecret,
        body.username,
        cookieValue(req, KNOWN_DEVICE_COOKIE),
      );
      const result = await login(depsOf(services), body, visitor, metadata, new Date(), device);
      if (!('token' in result)) {
        const { username: _, ...challenge } = result;
        return challenge;
      }
      setSessionCookie(res, services.config, result.token);
      setKnownDeviceCookie(res, services.config, result.username, device);
      return { token: result.token };
    },
  }),
  route({
    method: 'post',
    path: '/api/auth/login/second-factor',
    access: 'public',
    body: secondFactorRequestSchema,
    docs: {
      description:
        "The second step of a two-factor sign-in: the first step's challenge (5 minutes, from the same address) and a code from the authenticator app or a recovery code. Five codes per challenge.",
    },
    async handler({ req, body, services, visitor, metadata, res }) {
      const mark = cookieValue(req, KNOWN_DEVICE_COOKIE);
      const { username, token } = await completeSecondFactor(
        depsOf(services),
        body,
        visitor,
        metadata,
        new Date(),
        mark,
      );
      setSessionCookie(res, services.config, token);
      const device = readKnownDevice(services.config.jwtSecret, username, mark);
      setKnownDeviceCookie(res, services.config, username, device);
      return { token };
    },
  }),
  route({
    method: 'post',
    path: '/api/auth/logout',
    access: 'public',
    docs: {
      description: 'Ends the session of the token (bearer or cookie) and clears the cookie.',
    },
    async handler({ req, res, services, metadata }) {
      const token = bearerToken(req) ?? cookieValue(req, SESSION_COOKIE);
      const session = token ? await verifyToken(depsOf(services), token) : null;
      if (session)
        await logout(services.store, session, { ...metadata, actor: `admin:${session.username}` });
      clearSessionCookie(res, services.config);
      return { message: 'Logged out' };
    },
  }),
  route({
    method: 'get',
    path: '/api/auth/verify',
    access: 'admin',
    handler({ res }) {
      return { valid: true, username: adminOf(res).username };
    },
  }),
  route({
    method: 'post',
    path: '/api/auth/change-password',
    access: 'admin',
    body: changePasswordRequestSchema,
    docs: {
      description: 'Ends every session of the account; this one goes on with the fresh token.',
    },
    async handler({ body, services, metadata, visitor, res }) {
      const username = adminOf(res).username;
      const token = await changePassword(depsOf(services), username, body, visitor, metadata);
      setSessionCookie(res, services.config, token);
      return { message: 'Password updated', token };
    },
  }),
  route({
    method: 'get',
    path: '/api/auth/sessions',
    access: 'admin',
    async handler({ services, res }) {
      return { sessions: await listSessions(services.db, adminOf(res)) };
    },
  }),
  route({
    method: 'delete',
    path: '/api/auth/sessions/:id',
    access: 'admin',
    params: z.object({ id: idSchema('Not a session id') }),
    async handler({ params, services, metadata, res }) {
      await endOneSession(services, adminOf(res).username, params.id, metadata);
      if (params.id === adminOf(res).sessionId) clearSessionCookie(res, services.config);
      return { message: 'Session signed out' };
    },
  }),
  route({
    method: 'post',
    path: '/api/auth/sessions/sign-out-everywhere',
    access: 'admin',
    docs: { description: 'Ends every session of the account, the one that asks too.' },
    async handler({ services, metadata, res }) {
      await endEverySession(services, adminOf(res).username, metadata);
      clearSessionCookie(res, services.config);
      return { message: 'Signed out everywhere' };
    },
  }),
  route({
    method: 'get',
    path: '/api/auth/two-factor',
    access: 'admin',
    async handler({ services, res }) {
      return twoFactorStatus(services.db, adminOf(res).username);
    },
  }),
  route({
    method: 'post',
    path: '/api/auth/two-factor/setup',
    access: 'admin',
    docs: {
      description:
        'A new key for the authenticator app, as text and as a QR code; nothing changes until `POST /api/auth/two-factor/enable` confirms it with a code.',
    },
    async handler({ services, res }) {
      return beginTwoFactorSetup(depsOf(services), adminOf(res).username);
    },
  }),
  route({
    method: 'post',
    path: '/api/auth/two-factor/enable',
    access: 'admin',
    body: twoFactorCodeSchema,
    docs: {
      description:
        'A code from the app turns two-factor sign-in on: answers ten single-use recovery codes (shown this once) and a fresh token; every other session ends.',
    },
    async handler({ body, services, metadata, visitor, res }) {
      const result = await confirmTwoFactor(
        depsOf(services),
        adminOf(res).username,
        body.code,
        visitor,
        metadata,
      );
      setSessionCookie(res, services.config, result.token);
      return result;
    },
  }),
  route({
    method: 'post',
    path: '/api/auth/two-factor/disable',
    access: 'admin',
    body: twoFactorCodeSchema,
    docs: {
      description:
        'A current code or a recovery code turns two-factor sign-in off; answers a fresh token, every other session ends.',
    },
    async handler({ body, services, metadata, visitor, res }) {
      const { token } = await turnOffTwoFactor(
        depsOf(services),
        adminOf(res).username,
        body.code,
        visitor,
        metadata,
      );
      setSessionCookie(res, services.config, token);
      return { message: 'Two-factor sign-in is off.', token };
    },
  }),
];
