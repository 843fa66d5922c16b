import type { Trx } from './db.ts';
import type { StoredEvent } from './event-store/types.ts';

// Small helpers for projections' tables: each row remembers when and at which stream version
// it last changed.

/** The bookkeeping columns of a row changed by `event`. */
export function stampOf(event: StoredEvent): { updated_at: Date; version: number } {
  return { updated_at: event.occurredAt, version: event.version };
}

/** Updates the row `id` of a read model from an event: the changed columns, and the stamp. */
export function updateRow(
  trx: Trx,
  table: string,
  id: string,
  event: StoredEvent,
  columns: Record<string, unknown>,
): Promise<number> {
  return trx(table)
    .where({ id })
    .update({ ...columns, ...stampOf(event) });
}
