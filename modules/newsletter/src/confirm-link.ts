import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed confirmation links of the double opt-in. The token names the subscriber and the
// request (its time, to the millisecond), signed with the site's secret: only the e-mail's
// recipient can confirm, and only the request the e-mail was for. It works for 7 days from
// the request (checked by the decision, `confirmationOutcome`).

export const CONFIRM_PATH = '/newsletter/confirm';

function signature(secret: string, subscriberId: string, requestedAtMs: number): string {
  return createHmac('sha256', secret)
    .update(`newsletter-confirm:${subscriberId}:${requestedAtMs}`)
    .digest('base64url');
}

export function confirmToken(secret: string, subscriberId: string, requestedAt: string): string {
  const ms = Date.parse(requestedAt);
  return `${subscriberId}.${ms}.${signature(secret, subscriberId, ms)}`;
}

export function confirmUrl(
  publicUrl: string,
  secret: string,
  subscriberId: string,
  requestedAt: string,
): string {
  return `${publicUrl}${CONFIRM_PATH}?token=${confirmToken(secret, subscriberId, requestedAt)}`;
}

export type ConfirmTokenCheck =
  | { ok: true; subscriberId: string; requestedAt: string }
  | { ok: false; reason: 'invalid' };

export function checkConfirmToken(secret: string, token: unknown): ConfirmTokenCheck {
  if (typeof token !== 'string') return { ok: false, reason: 'invalid' };
  const match = /^([0-9a-f-]{36})\.(\d{1,15})\.([\w-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, subscriberId, msText, given] = match as unknown as [string, string, string, string];
  const ms = Number(msText);
  const expected = Buffer.from(signature(secret, subscriberId, ms));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
    return { ok: false, reason: 'invalid' };
  return { ok: true, subscriberId, requestedAt: new Date(ms).toISOString() };
}
