import type { Db, Trx } from './db.ts';
import { RATE_LIMIT_COUNTERS } from './http/rate-limit.ts';
import { ERASED_SUBJECTS, PERSONAL_KEYS } from './personal-data/keys.ts';

// The server keeps the HTML of content pages (posts, case studies) while their stamp holds.
// Platform owns the stamp's table, so each content module moves it without touching another
// module's tables. It is not a projection's table: a replay must never take a revision back,
// or a page cached at the old number would be served again.

export const CONTENT_REVISIONS = 'content_revisions';

/**
 * The tables platform itself owns, that no module's projection declares (for the
 * architecture test's table → owner map).
 */
export const platformTables = [
  'events',
  'worker_heartbeat',
  CONTENT_REVISIONS,
  RATE_LIMIT_COUNTERS,
  PERSONAL_KEYS,
  ERASED_SUBJECTS,
] as const;

/** Moves one kind of content's revision, in the transaction of the event that changed it. */
export async function bumpContentRevision(trx: Trx, scope: string): Promise<void> {
  await trx.raw(
    `insert into ${CONTENT_REVISIONS} (scope, revision) values (?, 1)
     on conflict (scope) do update set revision = ${CONTENT_REVISIONS}.revision + 1`,
    [scope],
  );
}

/** Every kind's revision, as one stamp: 'blog=3,case-studies=1'. */
export async function contentRevisionStamp(db: Db | Trx): Promise<string> {
  const rows = await db(CONTENT_REVISIONS).select('scope', 'revision').orderBy('scope');
  return rows.map((r) => `${r.scope}=${r.revision}`).join(',');
}
