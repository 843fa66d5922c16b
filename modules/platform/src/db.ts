import knex, { type Knex } from 'knex';
import pg from 'pg';

// bigint columns (event positions, counts) come back as strings by default; they fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** pg's own parser of a `timestamptz` (postgres-date), for what `parseTimestamptz` leaves. */
export const parseTimestamptzAsPg = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text');

/** `length` decimal digits of `text` at `at`, or NaN. */
function digits(text: string, at: number, length: number): number {
  let value = 0;
  for (let i = at; i < at + length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A `timestamptz` as PostgreSQL writes it ('2026-11-24 23:39:50.123456+00', or an offset such
 * as '-04' or '+05:30'), to the millisecond; anything else (BC, infinity, a year before 1000 or
 * after 9999) goes to pg's own parser. Read by hand: the regular expressions of pg's parser
 * were a fiftieth of what a worker's batch spent, every event and job carrying dates.
 */
export function parseTimestamptz(text: string): Date {
  const n = text.length;
  if (
    n < 22 ||
    text[4] !== '-' ||
    text[7] !== '-' ||
    text[10] !== ' ' ||
    text[13] !== ':' ||
    text[16] !== ':'
  )
    return parseTimestamptzAsPg(text);
  const year = digits(text, 0, 4);
  let at = 19;
  let ms = 0;
  if (text[at] === '.') {
    let scale = 100;
    for (at++; at < n && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57; at++) {
      ms += (text.charCodeAt(at) - 48) * scale;
      scale /= 10;
    }
    ms = Math.floor(ms);
  }
  // The offset: '±HH', '±HH:MM' or '±HH:MM:SS', to the end.
  const sign = text[at] === '+' ? 1 : text[at] === '-' ? -1 : Number.NaN;
  const zone = n - at - 1;
  const colons =
    (zone === 5 || zone === 8) && text[at + 3] === ':' && (zone === 5 || text[at + 6] === ':');
  const offset =
    zone === 2 || colons
      ? sign *
        ((digits(text, at + 1, 2) * 60 + (zone >= 5 ? digits(text, at + 4, 2) : 0)) * 60 +
          (zone === 8 ? digits(text, at + 7, 2) : 0))
      : Number.NaN;
  const time = Date.UTC(
    year,
    digits(text, 5, 2) - 1,
    digits(text, 8, 2),
    digits(text, 11, 2),
    digits(text, 14, 2),
    digits(text, 17, 2),
    ms,
  );
  if (year < 1000 || Number.isNaN(time) || Number.isNaN(offset)) return parseTimestamptzAsPg(text);
  return new Date(time - offset * 1000);
}

pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, parseTimestamptz);

export type Db = Knex;
export type Trx = Knex.Transaction;

/** How long a request waits for a connection before it is told the database is unavailable. */
export const CONNECT_TIMEOUT_MS = 5_000;

export function createDb(connectionString: string, pool = { min: 0, max: 10 }): Db {
  return knex({
    client: 'pg',
    // A server that does not answer fails the connection in seconds, instead of never.
    connection: { connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true },
    pool,
    // Waiting for a free connection of a busy pool ends too, as an unavailable database (503).
    acquireConnectionTimeout: 2 * CONNECT_TIMEOUT_MS,
    log: {
      // A lost or refused connection reaches the query's caller (a 503, logged there); knex's
      // own line for it on stdout would repeat it once per pooled connection.
      warn(message: unknown) {
        if (
          typeof message === 'string' &&
          /^(Acquire connection error|Connection Error):/.test(message)
        )
          return;
        console.log(message);
      },
    },
  });
}

/** PostgreSQL error codes we translate into business answers. */
export const PG_UNIQUE_VIOLATION = '23505';

export function isPgError(
  error: unknown,
  code: string,
): error is { code: string; constraint?: string } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/** Network failures on the way to PostgreSQL. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own codes for "not now": class 08 (connection exception), the server shutting
 * down or crashed (57P01, 57P02), starting up (57P03), out of connections (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** What node-postgres and knex say when the server went away or never answered. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout expired|timeout exceeded when trying to connect|Timeout acquiring a connection|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when PostgreSQL refuses the connection for good: a wrong user or password (28P01, 28000),
 * a database that does not exist (3D000). Waiting will not help; DATABASE_URL must change.
 */
export const isDatabaseRefused = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '28P01' || code === '28000' || code === '3D000';
};

/** True when `error` means PostgreSQL cannot be reached right now (not a bad query). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, name, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
    return true;
  if (name === 'KnexTimeoutError') return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}

/**
 * PostgreSQL refusing a character of the input: NUL in text (22021), a \u0000 or a lone
 * surrogate in jsonb (22P05, or 22P02 naming the Unicode escape). The API's edge turns these
 * away first; this is the net under it, so they are a 400 even from a path it missed.
 */
export function isUnstorableText(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, detail } = error as {
    code?: unknown;
    message?: unknown;
    detail?: unknown;
  };
  if (code === '22021' || code === '22P05') return true;
  return (
    code === '22P02' &&
    /unicode|surrogate/i.test(`${typeof message === 'string' ? message : ''} ${detail ?? ''}`)
  );
}
