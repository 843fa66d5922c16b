import type { ServerModule } from '@kw/platform';
import { CREDENTIALS } from './credentials.ts';
import { adminSessionsProjection, loginAttemptsProjection } from './projection.ts';
import { authRoutes } from './routes.ts';
import { LOGIN_THROTTLE } from './throttle-store.ts';

export { type AuthEvent, adminStream, authEvents } from './events.ts';
export {
  adminUsername,
  ensureAdmin,
  login,
  setPassword,
  THROTTLE,
  verifyToken,
} from './service.ts';
export { optionalAdmin, requireAdmin, SESSION_COOKIE } from './session.ts';
export { resetTwoFactor, twoFactorStatus } from './two-factor-service.ts';

export const authModule: ServerModule = {
  name: 'auth',
  routes: authRoutes,
  projections: [loginAttemptsProjection, adminSessionsProjection],
  subscriptions: [],
  tables: [CREDENTIALS, LOGIN_THROTTLE],
  migrations: new URL('./migrations/', import.meta.url),
};
