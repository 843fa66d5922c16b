import { randomUUID } from 'node:crypto';
import { type Db, isId } from '@kw/platform';
import type { Visitor } from '@kw/platform/http';
import jwt from 'jsonwebtoken';
import type { NewSession } from './commands.ts';
import { ADMIN_SESSIONS } from './projection.ts';

// Two kinds of HS256 JWT, told apart by their audience: a session's token (its `sid` names a
// row of admin_sessions, checked on every request) and the 5-minute challenge between a
// two-factor sign-in's password and its code.

export const TOKEN_TTL_SECONDS = 12 * 3600;
export const CHALLENGE_TTL_SECONDS = 5 * 60;
const ISSUER = 'kw-consultancy-admin';
const SESSION_AUDIENCE = 'admin-session';
const CHALLENGE_AUDIENCE = 'admin-second-factor';

export interface SessionClaims {
  username: string;
  sessionId: string;
}

export function newSession(now: Date): { sessionId: string; expiresAt: Date } {
  return { sessionId: randomUUID(), expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000) };
}

export function sessionToken(
  secret: string,
  username: string,
  session: { sessionId: string; expiresAt: Date },
  now: Date,
): string {
  return jwt.sign(
    {
      sid: session.sessionId,
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(session.expiresAt.getTime() / 1000),
    },
    secret,
    { algorithm: 'HS256', subject: username, issuer: ISSUER, audience: SESSION_AUDIENCE },
  );
}

function claims(secret: string, token: string, audience: string): jwt.JwtPayload | null {
  try {
    const decoded = jwt.verify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, audience });
    return typeof decoded === 'string' || typeof decoded.sub !== 'string' ? null : decoded;
  } catch {
    return null;
  }
}

/** A new session's token, and the session for the command that records it opened. */
export function openSession(
  deps: { jwtSecret: string },
  username: string,
  visitor: Visitor,
  now: Date,
): { token: string; session: NewSession } {
  const session = newSession(now);
  return {
    token: sessionToken(deps.jwtSecret, username, session, now),
    session: { ...session, visitor },
  };
}

/**
 * The administrator and session a token belongs to, or null when it is invalid, expired, or
 * its session has ended (logout, sign out everywhere, a password or two-factor change).
 * One primary-key read per request and no cache, so an ended session is refused at once by
 * every API process.
 */
export async function verifyToken(
  deps: { db: Db; jwtSecret: string },
  token: string,
  now: Date = new Date(),
): Promise<SessionClaims | null> {
  const payload = claims(deps.jwtSecret, token, SESSION_AUDIENCE);
  if (!payload || typeof payload.sid !== 'string' || !isId(payload.sid)) return null;
  const row = await deps
    .db(ADMIN_SESSIONS)
    .where({ id: payload.sid, username: payload.sub })
    .whereNull('ended_at')
    .andWhere('expires_at', '>', now)
    .first('username');
  return row ? { username: row.username as string, sessionId: payload.sid } : null;
}

export interface Challenge {
  username: string;
  /** One id per challenge: its codes are counted under it, and it works once. */
  id: string;
  /** Where the password came from: the code must come from the same address. */
  ip: string;
  /** When the password attempt was counted (given back to the counters on success). */
  at: Date;
}

export function challengeToken(secret: string, challenge: Challenge, now: Date): string {
  return jwt.sign(
    {
      ip: challenge.ip,
      at: challenge.at.toISOString(),
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(now.getTime() / 1000) + CHALLENGE_TTL_SECONDS,
    },
    secret,
    {
      algorithm: 'HS256',
      subject: challenge.username,
      jwtid: challenge.id,
      issuer: ISSUER,
      audience: CHALLENGE_AUDIENCE,
    },
  );
}

export function readChallenge(secret: string, token: string): Challenge | null {
  const payload = claims(secret, token, CHALLENGE_AUDIENCE);
  if (!payload || typeof payload.jti !== 'string') return null;
  if (typeof payload.ip !== 'string' || typeof payload.at !== 'string') return null;
  return { username: payload.sub!, id: payload.jti, ip: payload.ip, at: new Date(payload.at) };
}
