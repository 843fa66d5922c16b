import knex, { type Knex } from 'knex';
import pg from 'pg';

// bigint columns (event positions, counts) come back as strings by default; they fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type Db = Knex;
export type Trx = Knex.Transaction;

export function createDb(connectionString: string, pool = { min: 0, max: 10 }): Db {
  return knex({ client: 'pg', connection: connectionString, pool });
}

/** PostgreSQL error codes we translate into business answers. */
export const PG_UNIQUE_VIOLATION = '23505';

export function isPgError(
  error: unknown,
  code: string,
): error is { code: string; constraint?: string } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
