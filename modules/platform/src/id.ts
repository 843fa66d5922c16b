import { z } from 'zod';

// The one id check of every module: a record's id is a UUID, as `randomUUID()` makes them.
// Its own file, re-exported by contract.ts, so that a page importing only the contract's
// zod-free helpers (escapeHtml) leaves zod out of its first load.

/** A record's id. `message`: what a bad one is told, when the route has its own words for it. */
export function idSchema(message?: string): z.ZodUUID {
  return message === undefined ? z.uuid() : z.uuid(message);
}

// Made on first use: a schema built at load would keep this file (and zod) in every bundle
// that imports the contract.
let anyId: z.ZodUUID | undefined;

/** Whether `value` is a record's id (`idSchema`'s check, as a test). */
export function isId(value: unknown): value is string {
  anyId ??= idSchema();
  return anyId.safeParse(value).success;
}
