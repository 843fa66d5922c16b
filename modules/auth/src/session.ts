import type { Config } from '@kw/platform';
import { UnauthorizedError } from '@kw/platform';
import type { AppServices } from '@kw/platform/http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type SessionClaims, TOKEN_TTL_SECONDS, verifyToken } from './tokens.ts';

export const SESSION_COOKIE = 'admin_session';

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/** A cookie's value; one that cannot be decoded is no cookie (a 401 or the public answer, not a 500). */
export function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The bearer token, or, for reads only, the httpOnly cookie (so a résumé opens in a new tab).
 * A cookie never authorises a change, which keeps cross-site request forgery out.
 */
export function sessionToken(req: Request): string | undefined {
  const bearer = bearerToken(req);
  if (bearer) return bearer;
  if (req.method === 'GET' || req.method === 'HEAD') return cookieValue(req, SESSION_COOKIE);
  return undefined;
}

export function setSessionCookie(res: Response, config: Config, token: string): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    path: '/',
    maxAge: TOKEN_TTL_SECONDS * 1000,
  });
}

export function clearSessionCookie(res: Response, config: Config): void {
  res.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    path: '/',
  });
}

/** The administrator and session of an admin route's request (set by requireAdmin). */
export function adminOf(res: Response): SessionClaims {
  return res.locals.admin as SessionClaims;
}

/** The one guard every admin route goes through. Sets `res.locals.admin` (username, sessionId). */
export function requireAdmin(services: AppServices): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const token = sessionToken(req);
      const admin = token
        ? await verifyToken({ db: services.db, jwtSecret: services.config.jwtSecret }, token)
        : null;
      if (!admin) throw new UnauthorizedError('Authentication required');
      res.locals.admin = admin;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The administrator behind a request, when its token is valid; for pages that differ for them. */
export async function optionalAdmin(
  services: AppServices,
  req: Request,
): Promise<SessionClaims | null> {
  const token = sessionToken(req);
  return token
    ? verifyToken({ db: services.db, jwtSecret: services.config.jwtSecret }, token)
    : null;
}
