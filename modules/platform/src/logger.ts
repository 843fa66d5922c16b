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
 * An error as pino writes it, with the values PostgreSQL quotes in its detail left out: a
 * refused key says `Key (email)=(someone@example.ca) already exists`, and a log line must not
 * keep a person's address past their erasure. The columns stay, which is what a reader needs.
 */
export function serializeError(error: unknown): ReturnType<typeof pino.stdSerializers.err> {
  const serialized = pino.stdSerializers.err(error as Error);
  if (serialized && typeof serialized.detail === 'string')
    serialized.detail = serialized.detail.replace(/=\(.*\)/gs, '=(…)');
  return serialized;
}
