import {
  AppError,
  ConflictError,
  type Db,
  type EventMetadata,
  TooManyRequestsError,
  ValidationError,
} from '@kw/platform';
import type { Visitor } from '@kw/platform/http';
import { onAdminAccount, type SecondFactor } from './commands.ts';
import { CODE_WRONG_MESSAGE, type TwoFactorSetup, type TwoFactorStatus } from './contract.ts';
import { type AuthDeps, CREDENTIALS, type CredentialsRow, findCredentials } from './credentials.ts';
import { SecretUnreadableError } from './secret-box.ts';
import { blockedUntil, count, refund, THROTTLE, waitText } from './throttle.ts';
import { withCounters } from './throttle-store.ts';
import { openSession } from './tokens.ts';
import {
  looksLikeTotp,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  RECOVERY_CODE_COUNT,
  recoveryCodeHash,
  sealTotpSecret,
  setupDetails,
  totpStep,
} from './two-factor.ts';

export type SecondFactorMatch =
  | { kind: 'code'; step: number }
  | { kind: 'recovery-code'; hash: string };

function totpSecretOf(dataKey: string, username: string, sealed: string): string {
  try {
    return openTotpSecret(dataKey, username, sealed);
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    throw new AppError(
      503,
      'Two-factor sign-in cannot be checked: the server can no longer read its secret (DATA_KEY or JWT_SECRET changed). Reset it with make admin-password.',
    );
  }
}

/**
 * Whether `code` is a current authenticator code (newer than the last one accepted) or an
 * unused recovery code of the account. Changes nothing: consumeSecondFactor uses it up.
 */
export function matchSecondFactor(
  dataKey: string,
  credentials: CredentialsRow,
  code: string,
  now: Date,
): SecondFactorMatch | null {
  if (!credentials.totp_secret) return null;
  if (looksLikeTotp(code)) {
    const secret = totpSecretOf(dataKey, credentials.username, credentials.totp_secret);
    const step = totpStep(credentials.username, secret, code, now);
    if (step === null || step <= (credentials.totp_last_step ?? -1)) return null;
    return { kind: 'code', step };
  }
  const hash = recoveryCodeHash(dataKey, code);
  return credentials.recovery_code_hashes.includes(hash) ? { kind: 'recovery-code', hash } : null;
}

/**
 * Uses up a matched factor in one statement, so that of two requests with the same code only
 * one gets through: the code's time step becomes the last accepted, or the recovery code is
 * struck off. Null when another request used it first.
 */
export async function consumeSecondFactor(
  db: Db,
  username: string,
  match: SecondFactorMatch,
): Promise<{ kind: SecondFactor; remaining?: number } | null> {
  if (match.kind === 'code') {
    const updated = await db(CREDENTIALS)
      .where({ username })
      .whereNotNull('totp_secret')
      .andWhere((q) => q.whereNull('totp_last_step').orWhere('totp_last_step', '<', match.step))
      .update({ totp_last_step: match.step });
    return updated === 1 ? { kind: 'code' } : null;
  }
  const { rows } = await db.raw<{ rows: { remaining: number }[] }>(
    `update ${CREDENTIALS} set recovery_code_hashes = array_remove(recovery_code_hashes, ?)
     where username = ? and totp_secret is not null and ? = any(recovery_code_hashes)
     returning cardinality(recovery_code_hashes) as remaining`,
    [match.hash, username, match.hash],
  );
  return rows[0] ? { kind: 'recovery-code', remaining: rows[0].remaining } : null;
}

export async function twoFactorStatus(db: Db, username: string): Promise<TwoFactorStatus> {
  const row = await findCredentials(db, username);
  return {
    enabled: Boolean(row?.totp_secret),
    enabledAt: row?.totp_enabled_at ? new Date(row.totp_enabled_at).toISOString() : null,
    recoveryCodesLeft: row?.totp_secret ? row.recovery_code_hashes.length : 0,
  };
}

/** Set-up, first step: a new secret, kept (sealed) until a code from the app confirms it. */
export async function beginTwoFactorSetup(
  deps: AuthDeps,
  username: string,
): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  const updated = await deps
    .db(CREDENTIALS)
    .where({ username })
    .whereNull('totp_secret')
    .update({ totp_pending_secret: sealTotpSecret(deps.dataKey, username, secret) });
  if (updated !== 1) throw new ConflictError('Two-factor sign-in is already on.');
  return setupDetails(username, secret);
}

/**
 * Wrong codes in Settings are counted per account before the check (5 in 15 minutes, then
 * growing waits), like sign-in attempts; a right one is given back.
 */
async function withSettingsCode<T>(
  deps: AuthDeps,
  username: string,
  now: Date,
  check: () => Promise<T>,
): Promise<T> {
  const key = { code: `settings-code:${username}` };
  const rule = THROTTLE.settingsCode;
  const refused = await withCounters(deps.db, key, now, (c) => {
    const until = blockedUntil(c.code, rule, now);
    return until
      ? { result: until }
      : { result: null, counters: { code: count(c.code, rule, now) } };
  });
  if (refused) {
    const { seconds, text } = waitText(refused, now);
    throw new TooManyRequestsError(`Too many wrong codes. Please try again in ${text}.`, seconds);
  }
  const result = await check();
  await withCounters(deps.db, key, now, (c) => ({
    result: null,
    counters: { code: refund(c.code, rule, now, now) },
  }));
  return result;
}

const wrongCode = () => new ValidationError([{ path: 'code', message: CODE_WRONG_MESSAGE }]);

/**
 * Set-up, second step: a code from the app turns two-factor sign-in on. Answers the ten
 * recovery codes (shown this once; only their hashes are kept) and a fresh token: every
 * other session ends.
 */
export async function confirmTwoFactor(
  deps: AuthDeps,
  username: string,
  code: string,
  visitor: Visitor,
  metadata: EventMetadata,
  now: Date = new Date(),
): Promise<{ recoveryCodes: string[]; token: string }> {
  return withSettingsCode(deps, username, now, () =>
    deps.db.transaction(async (trx) => {
      const row = await trx<CredentialsRow>(CREDENTIALS).where({ username }).forUpdate().first();
      if (!row) throw new ConflictError('No such administrator.');
      if (row.totp_secret) throw new ConflictError('Two-factor sign-in is already on.');
      if (!row.totp_pending_secret)
        throw new ValidationError([
          { path: 'code', message: 'Start the set-up first: no key has been shown yet.' },
        ]);
      const secret = totpSecretOf(deps.dataKey, username, row.totp_pending_secret);
      const step = totpStep(username, secret, code, now);
      if (step === null) throw wrongCode();
      const { codes, hashes } = newRecoveryCodes(deps.dataKey);
      await trx(CREDENTIALS)
        .where({ username })
        .update({
          totp_secret: sealTotpSecret(deps.dataKey, username, secret),
          totp_pending_secret: null,
          totp_enabled_at: now,
          totp_last_step: step,
          recovery_code_hashes: hashes,
        });
      const { token, session } = openSession(deps, username, visitor, now);
      await onAdminAccount(
        deps.store,
        { type: 'EnableTwoFactor', username, recoveryCodes: RECOVERY_CODE_COUNT, session },
        { metadata, trx },
      );
      return { recoveryCodes: codes, token };
    }),
  );
}

/** Turns two-factor sign-in off with a current code or a recovery code; other sessions end. */
export async function turnOffTwoFactor(
  deps: AuthDeps,
  username: string,
  code: string,
  visitor: Visitor,
  metadata: EventMetadata,
  now: Date = new Date(),
): Promise<{ token: string }> {
  return withSettingsCode(deps, username, now, () =>
    deps.db.transaction(async (trx) => {
      const row = await trx<CredentialsRow>(CREDENTIALS).where({ username }).forUpdate().first();
      if (!row?.totp_secret) throw new ConflictError('Two-factor sign-in is already off.');
      const match = matchSecondFactor(deps.dataKey, row, code, now);
      if (!match) throw wrongCode();
      await clearTwoFactor(trx, username);
      const { token, session } = openSession(deps, username, visitor, now);
      const proof =
        match.kind === 'code'
          ? ({ with: 'code' } as const)
          : ({
              with: 'recovery-code',
              remaining: row.recovery_code_hashes.length - 1,
            } as const);
      await onAdminAccount(
        deps.store,
        { type: 'DisableTwoFactor', username, proof, session },
        { metadata, trx },
      );
      return { token };
    }),
  );
}

function clearTwoFactor(db: Db, username: string) {
  return db(CREDENTIALS).where({ username }).update({
    totp_secret: null,
    totp_pending_secret: null,
    totp_enabled_at: null,
    totp_last_step: null,
    recovery_code_hashes: [],
  });
}

/** `make admin-password`: turns two-factor sign-in off from the terminal. False when it was off. */
export async function resetTwoFactor(
  deps: Pick<AuthDeps, 'db' | 'store'>,
  username: string,
  metadata: EventMetadata,
): Promise<boolean> {
  return deps.db.transaction(async (trx) => {
    const row = await trx<CredentialsRow>(CREDENTIALS).where({ username }).forUpdate().first();
    if (!row?.totp_secret && !row?.totp_pending_secret) return false;
    await clearTwoFactor(trx, username);
    if (!row.totp_secret) return false;
    await onAdminAccount(
      deps.store,
      { type: 'DisableTwoFactor', username, proof: { with: 'terminal' } },
      { metadata, trx },
    );
    return true;
  });
}
