import { type RouteDef, route } from '@kw/platform/http';
import { changePasswordRequestSchema, loginRequestSchema } from './contract.ts';
import { changePassword, login } from './service.ts';
import { clearSessionCookie, setSessionCookie } from './session.ts';

export const authRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/auth/login',
    access: 'public',
    body: loginRequestSchema,
    async handler({ body, services, visitor, metadata, res }) {
      const deps = { db: services.db, store: services.store, jwtSecret: services.config.jwtSecret };
      const { token } = await login(deps, body, visitor, metadata);
      setSessionCookie(res, services.config, token);
      return { token };
    },
  }),
  route({
    method: 'post',
    path: '/api/auth/logout',
    access: 'public',
    handler({ res, services }) {
      clearSessionCookie(res, services.config);
      return { message: 'Logged out' };
    },
  }),
  route({
    method: 'get',
    path: '/api/auth/verify',
    access: 'admin',
    handler({ res }) {
      return { valid: true, username: (res.locals.admin as { username: string }).username };
    },
  }),
  route({
    method: 'post',
    path: '/api/auth/change-password',
    access: 'admin',
    body: changePasswordRequestSchema,
    async handler({ body, services, metadata, res }) {
      const deps = { db: services.db, store: services.store, jwtSecret: services.config.jwtSecret };
      const username = (res.locals.admin as { username: string }).username;
      const token = await changePassword(deps, username, body, metadata);
      setSessionCookie(res, services.config, token);
      return { message: 'Password updated', token };
    },
  }),
];
