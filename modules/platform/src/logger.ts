import { pino } from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, name: string): Logger {
  return pino({
    level,
    name,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: { err: serializeError },
  });
}

/**
 * An e-mail address, as a failure's message (`550 <someone@…>: rejected`) or an address in a
 * URL (`/someone@…?…`, or percent-encoded, `someone%40…`) may hold one: it ends at a URL's
 * separators.
 */
const ADDRESS = /[^\s<>()[\]"',;:/?&=#]+(?:@|%40)[^\s<>()[\]"',;:/?&=#]+\.[^\s<>()[\]"',;:/?&=#]+/g;

/** The text with the e-mail addresses in it left out. */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, '…');
}

/**
 * An error as pino writes it, without what would keep a person in a log past their erasure:
 * the e-mail addresses its message and stack quote (an SMTP server's refusal names the
 * recipient), and the values PostgreSQL quotes in its detail (`Key (email)=(…) already
 * exists.`). The columns and the rest of the text stay, which is what a reader needs.
 */
export function serializeError(error: unknown): ReturnType<typeof pino.stdSerializers.err> {
  const serialized = pino.stdSerializers.err(error as Error);
  if (!serialized || typeof serialized !== 'object') return serialized;
  if (typeof serialized.message === 'string')
    serialized.message = withoutAddresses(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = withoutAddresses(serialized.stack);
  if (typeof serialized.detail === 'string')
    serialized.detail = serialized.detail.replace(/=\(.*\)/gs, '=(…)');
  return serialized;
}
