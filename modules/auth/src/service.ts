import { randomBytes } from 'node:crypto';
import {
  type Db,
  type EventMetadata,
  type EventStore,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '@kw/platform';
import type { Visitor } from '@kw/platform/http';
import argon2 from 'argon2';
import jwt from 'jsonwebtoken';
import {
  changeAdminPassword,
  createAdminAccount,
  onAdminAccount,
  recordLogin,
  recordLoginAttempt,
} from './commands.ts';
import {
  type ChangePasswordRequest,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  type LoginRequest,
} from './contract.ts';
import { LOGIN_ATTEMPTS } from './projection.ts';

export const CREDENTIALS = 'admin_credentials';
export const THROTTLE = { maxFailures: 5, windowMinutes: 15 } as const;
export const TOKEN_TTL_SECONDS = 12 * 3600;
const ISSUER = 'kw-consultancy-admin';

export interface AuthDeps {
  db: Db;
  store: EventStore;
  jwtSecret: string;
}

interface CredentialsRow {
  username: string;
  password_hash: string;
  token_version: number;
}

const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

// Verified against when the username is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

function findCredentials(db: Db, username: string) {
  return db<CredentialsRow>(CREDENTIALS).where({ username: username.toLowerCase() }).first();
}

/** Creates the administrator on first start. Returns the password when it was generated. */
export async function ensureAdmin(
  deps: AuthDeps,
  username: string,
  password: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if (await deps.db(CREDENTIALS).first()) return { created: false };
  const chosen = password ?? randomBytes(12).toString('base64url');
  const hash = await hashPassword(chosen);
  await deps.db.transaction(async (trx) => {
    const inserted = await trx(CREDENTIALS)
      .insert({ username: username.toLowerCase(), password_hash: hash, token_version: 1 })
      .onConflict('username')
      .ignore()
      .returning('username');
    if (inserted.length === 0) return;
    await onAdminAccount(deps.store, username, createAdminAccount(username), {
      metadata: { actor: 'system' },
      trx,
    });
  });
  return password ? { created: true } : { created: true, generatedPassword: chosen };
}

function issueToken(secret: string, username: string, tokenVersion: number): string {
  return jwt.sign({ tv: tokenVersion }, secret, {
    algorithm: 'HS256',
    subject: username,
    expiresIn: TOKEN_TTL_SECONDS,
    issuer: ISSUER,
  });
}

/** Refuses a login before argon2 runs when the username or the IP failed too often lately. */
async function checkThrottle(db: Db, username: string, ip: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  for (const [column, value] of [
    ['username', username.toLowerCase()],
    ['ip_address', ip],
  ] as const) {
    const failures = await db(LOGIN_ATTEMPTS)
      .where(column, value)
      .andWhere('succeeded', false)
      .andWhere('attempted_at', '>', windowStart)
      .orderBy('attempted_at', 'asc')
      .pluck('attempted_at');
    if (failures.length >= THROTTLE.maxFailures) {
      const freedAt =
        new Date(failures[failures.length - THROTTLE.maxFailures]).getTime() +
        THROTTLE.windowMinutes * 60_000;
      const seconds = Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new TooManyRequestsError(
        `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        seconds,
      );
    }
  }
}

/** `now` is the throttle's clock. */
export async function login(
  deps: AuthDeps,
  request: LoginRequest,
  visitor: Visitor,
  metadata: EventMetadata,
  now: Date = new Date(),
): Promise<{ token: string; username: string }> {
  await checkThrottle(deps.db, request.username, visitor.ip, now);
  const credentials = await findCredentials(deps.db, request.username);
  const valid = await argon2.verify(
    credentials?.password_hash ?? (await getDummyHash()),
    request.password,
  );
  if (!credentials || !valid) {
    await recordLogin(
      deps.store,
      request.username,
      recordLoginAttempt(request.username, visitor, false),
      metadata,
    );
    throw new UnauthorizedError(LOGIN_FAILED_MESSAGE);
  }
  await recordLogin(
    deps.store,
    credentials.username,
    recordLoginAttempt(request.username, visitor, true),
    { ...metadata, actor: `admin:${credentials.username}` },
  );
  return {
    token: issueToken(deps.jwtSecret, credentials.username, credentials.token_version),
    username: credentials.username,
  };
}

/** The administrator a token belongs to, or null when it is invalid, expired or from before a password change. */
export async function verifyToken(
  deps: Pick<AuthDeps, 'db' | 'jwtSecret'>,
  token: string,
): Promise<{ username: string } | null> {
  let payload: jwt.JwtPayload;
  try {
    const decoded = jwt.verify(token, deps.jwtSecret, { algorithms: ['HS256'], issuer: ISSUER });
    if (typeof decoded === 'string') return null;
    payload = decoded;
  } catch {
    return null;
  }
  if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
  const credentials = await findCredentials(deps.db, payload.sub);
  if (!credentials || credentials.token_version !== payload.tv) return null;
  return { username: credentials.username };
}

/** Sets a new password and ends every token issued before. Returns a fresh token. */
export async function setPassword(
  deps: AuthDeps,
  username: string,
  newPassword: string,
  via: 'settings' | 'terminal',
  metadata: EventMetadata,
): Promise<string> {
  const hash = await hashPassword(newPassword);
  const version = await deps.db.transaction(async (trx) => {
    const updated = await trx(CREDENTIALS)
      .where({ username: username.toLowerCase() })
      .update({ password_hash: hash, updated_at: trx.fn.now() })
      .increment('token_version', 1)
      .returning<{ token_version: number }[]>('token_version');
    const row = updated[0];
    if (!row) throw new UnauthorizedError(`No administrator named ${username}`);
    await onAdminAccount(deps.store, username, changeAdminPassword(username, via), {
      metadata,
      trx,
    });
    return row.token_version;
  });
  return issueToken(deps.jwtSecret, username.toLowerCase(), version);
}

export async function changePassword(
  deps: AuthDeps,
  username: string,
  request: ChangePasswordRequest,
  metadata: EventMetadata,
): Promise<string> {
  const credentials = await findCredentials(deps.db, username);
  if (!credentials || !(await argon2.verify(credentials.password_hash, request.currentPassword))) {
    throw new ValidationError([
      { path: 'currentPassword', message: CURRENT_PASSWORD_WRONG_MESSAGE },
    ]);
  }
  return setPassword(deps, username, request.newPassword, 'settings', metadata);
}

/** For `make admin-password`: the administrator's username, when one exists. */
export async function adminUsername(db: Db): Promise<string | undefined> {
  const row = await db<CredentialsRow>(CREDENTIALS).first();
  return row?.username;
}
