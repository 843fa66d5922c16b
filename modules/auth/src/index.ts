import type { ServerModule } from '@kw/platform';
import { loginAttemptsProjection } from './projection.ts';
import { authRoutes } from './routes.ts';
import { CREDENTIALS } from './service.ts';

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

export const authModule: ServerModule = {
  name: 'auth',
  routes: authRoutes,
  projections: [loginAttemptsProjection],
  subscriptions: [],
  tables: [CREDENTIALS],
};
