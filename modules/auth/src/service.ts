import { randomBytes, randomUUID } from 'node:crypto';
import {
  ConfigError,
  type Db,
  type EventMetadata,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '@kw/platform';
import { passwordWeakness } from '@kw/platform/contract';
import type { Visitor } from '@kw/platform/http';
import argon2 from 'argon2';
import { onAdminAccount, type SecondFactor } from './commands.ts';
import {
  CHALLENGE_EXPIRED_MESSAGE,
  type ChangePasswordRequest,
  CODE_WRONG_MESSAGE,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  type LoginRequest,
  SECOND_FACTOR_PROMPT,
  type SecondFactorRequest,
} from './contract.ts';
import { type AuthDeps, CREDENTIALS, type CredentialsRow, findCredentials } from './credentials.ts';
import { readKnownDevice } from './known-device.ts';
import {
  admitLogin,
  blockedUntil,
  count,
  emptyCounter,
  type LoginAdmission,
  type LoginCounters,
  releaseLogin,
  THROTTLE,
  waitText,
} from './throttle.ts';
import { withCounters } from './throttle-store.ts';
import { CHALLENGE_TTL_SECONDS, challengeToken, openSession, readChallenge } from './tokens.ts';
import { consumeSecondFactor, matchSecondFactor } from './two-factor-service.ts';

export type { AuthDeps } from './credentials.ts';
export { THROTTLE } from './throttle.ts';
export { TOKEN_TTL_SECONDS, verifyToken } from './tokens.ts';

const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

// Verified against when the username is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

/**
 * Creates the administrator on first start. Returns the password when it was generated.
 * `hash`: how the password is stored (argon2id at its default cost; the tests' template
 * database stores its administrator's at the lowest cost, see tests/global-setup.ts).
 */
export async function ensureAdmin(
  deps: Pick<AuthDeps, 'db' | 'store'> & Partial<AuthDeps>,
  username: string,
  password: string | undefined,
  hash: (password: string) => Promise<string> = hashPassword,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if (await deps.db(CREDENTIALS).first()) return { created: false };
  // Only here, where it becomes the password: after the first start ADMIN_PASSWORD is unused,
  // and a weak one left in the environment must not stop the site.
  const weakness = password === undefined ? undefined : passwordWeakness(password);
  if (weakness) throw new ConfigError(`ADMIN_PASSWORD: ${weakness}`);
  const chosen = password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hash(chosen);
  const created = await deps.db.transaction(async (trx) => {
    const inserted = await trx(CREDENTIALS)
      .insert({ username: username.toLowerCase(), password_hash: passwordHash, token_version: 1 })
      .onConflict('username')
      .ignore()
      .returning('username');
    // Another process made the account first (two APIs starting at once): its password holds.
    if (inserted.length === 0) return false;
    await onAdminAccount(
      deps.store,
      { type: 'CreateAdminAccount', username },
      { metadata: { actor: 'system' }, trx },
    );
    return true;
  });
  if (!created) return { created: false };
  return password ? { created: true } : { created: true, generatedPassword: chosen };
}

// Sign-in.

/** The counters of an attempt; the browser's mark of an earlier sign-in has one of its own. */
const loginKeys = (username: string, ip: string, knownDevice?: string) =>
  ({
    pair: `pair:${username}|${ip}`,
    address: `address:${ip}`,
    account: `account:${username}`,
    ...(knownDevice ? { knownDevice: `device:${knownDevice}` } : {}),
  }) as Record<keyof LoginCounters, string>;

/** The account's hourly cap: the answer says a code lets the owner in, whatever the account. */
export class SecondFactorOrWaitError extends TooManyRequestsError {
  override readonly details = { secondFactor: 'required' };
}

function refusal(admission: Extract<LoginAdmission, { admitted: false }>, now: Date): Error {
  const { seconds, text } = waitText(admission.retryAt, now);
  if (admission.reason === 'account') {
    return new SecondFactorOrWaitError(
      `Too many failed sign-ins for this account. Enter your authentication code with your password, or try again in ${text}.`,
      seconds,
    );
  }
  return new TooManyRequestsError(
    `Too many failed login attempts. Please try again in ${text}.`,
    seconds,
  );
}

export type LoginResult =
  | { username: string; token: string }
  | { username: string; secondFactorRequired: true; challenge: string; message: string };

/**
 * Counts the attempt (per username and address, per address, per account, and per known
 * browser) before anything is checked, so parallel requests cannot pass a limit; then the
 * password, and the second factor when the account has one. `now` is the throttle's clock;
 * `knownDevice`, the id of the browser's valid mark of an earlier sign-in to this account.
 */
export async function login(
  deps: AuthDeps,
  request: LoginRequest,
  visitor: Visitor,
  metadata: EventMetadata,
  now: Date = new Date(),
  knownDevice?: string,
): Promise<LoginResult> {
  const username = request.username.toLowerCase();
  const keys = loginKeys(username, visitor.ip, knownDevice);
  const admission = await withCounters(deps.db, keys, now, (counters) => {
    const decided = admitLogin(counters, now, { withCode: request.code !== undefined });
    return { result: decided, ...(decided.admitted ? { counters: decided.counters } : {}) };
  });
  if (!admission.admitted) throw refusal(admission, now);

  const credentials = await findCredentials(deps.db, username);
  const fail = async (message: string, step?: SecondFactor) => {
    await onAdminAccount(
      deps.store,
      { type: 'RecordFailedLogin', username, visitor, ...(step ? { step } : {}) },
      { metadata },
    );
    return new UnauthorizedError(message);
  };

  if (admission.secondFactorFirst) {
    // Past the account's cap: no password is checked without a right code first.
    const factor = credentials && matchSecondFactor(deps.dataKey, credentials, request.code!, now);
    if (!factor) throw await fail('Invalid username, password or code.', 'code');
    if (!(await argon2.verify(credentials.password_hash, request.password)))
      throw await fail('Invalid username, password or code.');
    const used = await consumeSecondFactor(deps.db, username, factor);
    if (!used) throw await fail('Invalid username, password or code.', 'code');
    return signIn(deps, username, keys, now, visitor, metadata, used);
  }

  const valid = await argon2.verify(
    credentials?.password_hash ?? (await getDummyHash()),
    request.password,
  );
  if (!credentials || !valid) throw await fail(LOGIN_FAILED_MESSAGE);
  if (!credentials.totp_secret) return signIn(deps, username, keys, now, visitor, metadata);
  if (request.code !== undefined) {
    const factor = matchSecondFactor(deps.dataKey, credentials, request.code, now);
    const used = factor && (await consumeSecondFactor(deps.db, username, factor));
    if (!used) throw await fail(CODE_WRONG_MESSAGE, 'code');
    return signIn(deps, username, keys, now, visitor, metadata, used);
  }
  // The password was right: the attempt stays counted until the code completes the sign-in.
  return {
    username,
    secondFactorRequired: true,
    message: SECOND_FACTOR_PROMPT,
    challenge: challengeToken(
      deps.jwtSecret,
      { username, id: randomUUID(), ip: visitor.ip, at: now },
      now,
    ),
  };
}

/** The second step: the code for a challenge the password step answered. */
export async function completeSecondFactor(
  deps: AuthDeps,
  request: SecondFactorRequest,
  visitor: Visitor,
  metadata: EventMetadata,
  now: Date = new Date(),
  /** The browser's `admin_device` cookie as sent: a valid one starts afresh with the sign-in. */
  knownDeviceCookie?: string,
): Promise<{ username: string; token: string }> {
  const challenge = readChallenge(deps.jwtSecret, request.challenge);
  if (!challenge || challenge.ip !== visitor.ip)
    throw new UnauthorizedError(CHALLENGE_EXPIRED_MESSAGE);
  const key = { challenge: `challenge:${challenge.id}` };
  // Each code is counted on the challenge before it is checked: five, then sign in again.
  const admitted = await withCounters(deps.db, key, now, (counters) =>
    blockedUntil(counters.challenge, THROTTLE.challenge, now)
      ? { result: false }
      : {
          result: true,
          counters: { challenge: count(counters.challenge, THROTTLE.challenge, now) },
        },
  );
  if (!admitted)
    throw new TooManyRequestsError(
      'Too many wrong codes. Please sign in again.',
      CHALLENGE_TTL_SECONDS,
    );
  const credentials = await findCredentials(deps.db, challenge.username);
  if (!credentials?.totp_secret) throw new UnauthorizedError(CHALLENGE_EXPIRED_MESSAGE);
  const factor = matchSecondFactor(deps.dataKey, credentials, request.code, now);
  const used = factor && (await consumeSecondFactor(deps.db, challenge.username, factor));
  if (!used) {
    await onAdminAccount(
      deps.store,
      { type: 'RecordFailedLogin', username: challenge.username, visitor, step: 'code' },
      { metadata },
    );
    throw new UnauthorizedError(CODE_WRONG_MESSAGE);
  }
  // The challenge works once.
  await withCounters(deps.db, key, now, () => ({
    result: null,
    counters: {
      challenge: {
        ...emptyCounter(),
        blockedUntil: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
      },
    },
  }));
  return signIn(
    deps,
    challenge.username,
    loginKeys(
      challenge.username,
      challenge.ip,
      readKnownDevice(deps.jwtSecret, challenge.username, knownDeviceCookie),
    ),
    challenge.at,
    visitor,
    metadata,
    used,
    now,
  );
}

/** A sign-in that succeeded: its attempt is given back, and a session starts. */
async function signIn(
  deps: AuthDeps,
  username: string,
  keys: ReturnType<typeof loginKeys>,
  countedAt: Date,
  visitor: Visitor,
  metadata: EventMetadata,
  factor?: { kind: SecondFactor; remaining?: number },
  now: Date = countedAt,
): Promise<{ username: string; token: string }> {
  await withCounters(deps.db, keys, now, (counters) => ({
    result: null,
    counters: releaseLogin(counters, countedAt, now),
  }));
  const { token, session } = openSession(deps, username, visitor, now);
  await onAdminAccount(
    deps.store,
    { type: 'SignIn', username, session, ...(factor ? { factor } : {}) },
    { metadata: { ...metadata, actor: `admin:${username}` } },
  );
  return { username, token };
}

// The password.

/**
 * Sets a new password and ends every session of the account. With `session` (a change in
 * Settings), the session that asked goes on with a fresh token, which is returned.
 */
export async function setPassword(
  deps: Pick<AuthDeps, 'db' | 'store' | 'jwtSecret'>,
  username: string,
  newPassword: string,
  via: 'settings' | 'terminal',
  metadata: EventMetadata,
  session?: { visitor: Visitor; now?: Date },
): Promise<string | undefined> {
  const hash = await hashPassword(newPassword);
  const fresh = session
    ? openSession(deps, username.toLowerCase(), session.visitor, session.now ?? new Date())
    : undefined;
  await deps.db.transaction(async (trx) => {
    const updated = await trx(CREDENTIALS)
      .where({ username: username.toLowerCase() })
      .update({ password_hash: hash, updated_at: trx.fn.now() })
      .returning('username');
    if (updated.length === 0) throw new UnauthorizedError(`No administrator named ${username}`);
    await onAdminAccount(
      deps.store,
      {
        type: 'ChangePassword',
        username,
        via,
        ...(fresh ? { session: fresh.session } : {}),
      },
      { metadata, trx },
    );
  });
  return fresh?.token;
}

export async function changePassword(
  deps: AuthDeps,
  username: string,
  request: ChangePasswordRequest,
  visitor: Visitor,
  metadata: EventMetadata,
): Promise<string> {
  const credentials = await findCredentials(deps.db, username);
  if (!credentials || !(await argon2.verify(credentials.password_hash, request.currentPassword))) {
    throw new ValidationError([
      { path: 'currentPassword', message: CURRENT_PASSWORD_WRONG_MESSAGE },
    ]);
  }
  const token = await setPassword(deps, username, request.newPassword, 'settings', metadata, {
    visitor,
  });
  return token!;
}

/** For `make admin-password`: the administrator's username, when one exists. */
export async function adminUsername(db: Db): Promise<string | undefined> {
  const row = await db<CredentialsRow>(CREDENTIALS).first();
  return row?.username;
}
