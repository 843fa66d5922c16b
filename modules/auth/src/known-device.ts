import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '@kw/platform';
import type { Response } from 'express';

// A browser the owner has signed in with (OWASP's "device cookie"): past the account's hourly
// cap, which anyone can fill from enough addresses, a right password from it still signs in.
// The mark grants nothing else: it only keeps that browser out of the cap, and it has its own
// counter, so a stolen mark is no way around the limits either.

export const KNOWN_DEVICE_COOKIE = 'admin_device';

/** How long a browser stays known after its last sign-in. */
const KNOWN_FOR_DAYS = 180;

const mac = (secret: string, username: string, nonce: string) =>
  createHmac('sha256', secret).update(`known-device|${username}|${nonce}`).digest('base64url');

/** The mark's own id when it is this account's and unaltered; undefined otherwise. */
export function readKnownDevice(
  secret: string,
  username: string,
  value: string | undefined,
): string | undefined {
  const [nonce, given, extra] = (value ?? '').split('.');
  if (!nonce || !given || extra !== undefined || !/^[\w-]{16,64}$/.test(nonce)) return undefined;
  const expected = Buffer.from(mac(secret, username.toLowerCase(), nonce));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : undefined;
}

/** Marks the browser as the account's after a sign-in (the same id again when it had one). */
export function setKnownDeviceCookie(
  res: Response,
  config: Config,
  username: string,
  nonce: string = randomBytes(18).toString('base64url'),
): void {
  res.cookie(
    KNOWN_DEVICE_COOKIE,
    `${nonce}.${mac(config.jwtSecret, username.toLowerCase(), nonce)}`,
    {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.publicUrl.startsWith('https://'),
      // Only the sign-in reads it.
      path: '/api/auth',
      maxAge: KNOWN_FOR_DAYS * 86_400_000,
    },
  );
}
