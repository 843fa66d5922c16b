import { randomInt } from 'node:crypto';
import { company } from '@kw/site';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { keyedHash, open, seal } from './secret-box.ts';

// TOTP (RFC 6238: SHA-1, 6 digits, 30 seconds, what every authenticator app reads) and the
// single-use recovery codes. The secret is kept sealed (AES-256-GCM) in admin_credentials;
// recovery codes only as keyed hashes.

export const RECOVERY_CODE_COUNT = 10;
const TOTP_PURPOSE = 'auth/totp-secret';
const RECOVERY_PURPOSE = 'auth/recovery-codes';
/** No 0/o, 1/l/i: easy to copy from paper. Ten characters: about 49 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function totpFor(username: string, base32: string): TOTP {
  return new TOTP({
    issuer: company.name,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(base32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export const sealTotpSecret = (dataKey: string, username: string, base32: string) =>
  seal(dataKey, TOTP_PURPOSE, `admin_credentials.totp_secret:${username}`, base32);

export const openTotpSecret = (dataKey: string, username: string, sealed: string) =>
  open(dataKey, TOTP_PURPOSE, `admin_credentials.totp_secret:${username}`, sealed);

/** What the set-up screen shows: the key as text and as a QR code of its otpauth:// address. */
export async function setupDetails(username: string, base32: string) {
  const uri = totpFor(username, base32).toString();
  return {
    secret: base32,
    otpauthUrl: uri,
    qrCode: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 220 }),
  };
}

/** A code as an app shows it: six digits, perhaps with a space in the middle. */
export const looksLikeTotp = (code: string) => /^\d{3}\s?\d{3}$/.test(code.trim());

/**
 * The time step of a right code (the current one, or one step before or after, for clocks a
 * little apart), or null. The caller refuses a step at or before the last one accepted, so
 * a code works once.
 */
export function totpStep(username: string, base32: string, code: string, now: Date): number | null {
  if (!looksLikeTotp(code)) return null;
  const totp = totpFor(username, base32);
  const delta = totp.validate({
    token: code.replace(/\s/g, ''),
    timestamp: now.getTime(),
    window: 1,
  });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

/** Ten new recovery codes, such as "k3m9p-x2trq", and their hashes (all that is stored). */
export function newRecoveryCodes(dataKey: string): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map((code) => recoveryCodeHash(dataKey, code)) };
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function recoveryCodeHash(dataKey: string, code: string): string {
  return keyedHash(dataKey, RECOVERY_PURPOSE, code.toLowerCase().replace(/[\s-]/g, ''));
}
