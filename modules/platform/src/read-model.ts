import type { Trx } from './db.ts';
import type { SqlPart, StoredEvent } from './event-store/types.ts';

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

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A projection's `statement` for a row its stream's first events make: the row `columns`
 * (undefined ones left to their defaults), typed as the table's own, each of `occurredAtColumns`
 * and `updated_at` set to the events' time and `version` to `version` (the stamp `apply` leaves:
 * the last event that changed the row), inserted unless `conflict` (the key) is there already.
 * Reads `appended`, so it writes nothing when the events are not written.
 */
export function insertRowStatement(
  table: string,
  columns: Record<string, unknown>,
  options: {
    version: number;
    occurredAtColumns?: readonly string[];
    conflict?: string;
    /** `false`: a table without the stamp columns (`updated_at`, `version`). */
    stamp?: boolean;
  },
): SqlPart {
  const stamp = options.stamp !== false;
  const given = Object.keys(columns).filter((name) => columns[name] !== undefined);
  const values: Record<string, unknown> = {};
  for (const name of given) values[name] = columns[name];
  // The same text for the same columns (kept: the event store's statement of a create is kept
  // by the texts of its parts).
  const key = `${table}\0${given.join(',')}\0${options.occurredAtColumns?.join(',') ?? ''}\0${stamp}\0${options.conflict ?? ''}`;
  let sql = rowTexts.get(key);
  if (sql === undefined) {
    const timed = [...(options.occurredAtColumns ?? []), ...(stamp ? ['updated_at'] : [])];
    const names = [...given, ...timed, ...(stamp ? ['version'] : [])].map(quoted).join(', ');
    const selected = [
      ...given.map((name) => `r.${quoted(name)}`),
      ...timed.map(() => 'a.occurred_at'),
      ...(stamp ? ['?::int'] : []),
    ].join(', ');
    sql = `insert into ${quoted(table)} (${names})
      select ${selected}
      from (select occurred_at from appended limit 1) a,
        jsonb_populate_record(null::${quoted(table)}, ?::jsonb) r
      ${options.conflict ? `on conflict (${quoted(options.conflict)}) do nothing` : ''}`;
    if (rowTexts.size < 1000) rowTexts.set(key, sql);
  }
  return { sql, bindings: [...(stamp ? [options.version] : []), JSON.stringify(values)] };
}

const rowTexts = new Map<string, string>();
