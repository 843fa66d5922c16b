import { z } from 'zod';
import { type Db, isPgError, type Trx } from '../db.ts';
import { AppError, NotFoundError } from '../errors.ts';
import { isId } from '../id.ts';

/** The most rows one bulk action may name: a page of a list, with room to spare. */
export const BULK_MAX_IDS = 500;

/**
 * The ids of a bulk action: at least one, at most `BULK_MAX_IDS`, each a UUID (`isId`); a bad one
 * is named in the message (not only its index). Lower-cased, and each id once.
 */
export const bulkIdsSchema = z
  .array(z.string(), 'ids must be a list of ids')
  .min(1, 'Select at least one row')
  .max(BULK_MAX_IDS, `At most ${BULK_MAX_IDS} rows at a time`)
  .superRefine((ids, ctx) => {
    const bad = ids.filter((id) => !isId(id));
    if (bad.length > 0)
      ctx.addIssue({ code: 'custom', message: `Not valid ids: ${bad.slice(0, 10).join(', ')}` });
  })
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** Some ids of a bulk action name nothing (or nothing left): the whole batch is refused. */
export class UnknownIdsError extends AppError {
  override name = 'UnknownIdsError';
  readonly ids: string[];
  constructor(noun: string, ids: string[]) {
    super(404, `No such ${noun}: ${ids.join(', ')}. Nothing was changed.`, { ids });
    this.ids = ids;
  }
}

/**
 * A bulk action: each id its own command (`each`, which joins the transaction it is given), all
 * in one transaction. When some ids name nothing (`each` throws NotFoundError), or any command
 * fails, the transaction rolls back whole: a batch is done entirely or not at all, and the
 * answer names every unknown id.
 */
export async function forEachId<T>(
  db: Db,
  ids: readonly string[],
  noun: string,
  each: (id: string, trx: Trx) => Promise<T>,
): Promise<T[]> {
  // A worker's batch may append to several of these streams in one statement, in another
  // order: PostgreSQL then ends one of the two transactions as a deadlock. Nothing of it was
  // written, so the whole action runs again on what the worker left.
  for (let attempt = 1; ; attempt++) {
    try {
      return await eachInOneTransaction(db, ids, noun, each);
    } catch (error) {
      if (isPgError(error, PG_DEADLOCK_DETECTED) && attempt < 3) continue;
      throw error;
    }
  }
}

const PG_DEADLOCK_DETECTED = '40P01';

function eachInOneTransaction<T>(
  db: Db,
  ids: readonly string[],
  noun: string,
  each: (id: string, trx: Trx) => Promise<T>,
): Promise<T[]> {
  return db.transaction(async (trx) => {
    const unknown: string[] = [];
    const results: T[] = [];
    for (const id of ids) {
      try {
        results.push(await each(id, trx));
      } catch (error) {
        if (error instanceof NotFoundError) unknown.push(id);
        else throw error;
      }
    }
    if (unknown.length > 0) throw new UnknownIdsError(noun, unknown);
    return results;
  });
}

/** A bulk action's answer: how many rows it went through. */
export interface BulkResult {
  count: number;
}
