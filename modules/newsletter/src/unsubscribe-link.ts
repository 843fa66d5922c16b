import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed one-click unsubscribe links (Canada's anti-spam law; RFC 8058). The token names the
// subscriber and an expiry, signed with the site's secret, so no one can unsubscribe another
// address by guessing, and an old link stops working.

export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';
export const UNSUBSCRIBE_LINK_DAYS = 365;

function signature(secret: string, subscriberId: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`newsletter-unsubscribe:${subscriberId}:${expires}`)
    .digest('base64url');
}

export function unsubscribeToken(secret: string, subscriberId: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_LINK_DAYS * 86_400;
  return `${subscriberId}.${expires}.${signature(secret, subscriberId, expires)}`;
}

export function unsubscribeUrl(
  publicUrl: string,
  secret: string,
  subscriberId: string,
  now = new Date(),
): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(secret, subscriberId, now)}`;
}

export type TokenCheck =
  | { ok: true; subscriberId: string }
  | { ok: false; reason: 'invalid' | 'expired' };

export function checkUnsubscribeToken(
  secret: string,
  token: unknown,
  now = new Date(),
): TokenCheck {
  if (typeof token !== 'string') return { ok: false, reason: 'invalid' };
  const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, subscriberId, expiresText, given] = match as unknown as [string, string, string, string];
  const expires = Number(expiresText);
  const expected = Buffer.from(signature(secret, subscriberId, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
    return { ok: false, reason: 'invalid' };
  if (expires * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, subscriberId };
}
