import { finished } from 'node:stream/promises';
import knex, { type Knex } from 'knex';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db, Trx } from '../db.ts';
import { bumpContentRevision, CONTENT_REVISIONS, MOVE_REVISION_SQL } from '../page-cache.ts';
import { openEvents } from '../personal-data/fields.ts';
import { refreshKeySnapshot, turnOpenedEvents, withKeySnapshot } from '../personal-data/keys.ts';
import { type EventStore, toStoredEvent } from './event-store.ts';
import type { Projection, StoredEvent } from './types.ts';

// `make rebuild-projections`: every read model replayed from the log into fresh tables beside
// the live ones, which keep serving, then swapped in by one short transaction.
//
// 1. Fresh tables: `kw_rebuild.<table>`, created like the live one (columns, defaults, checks).
// 2. The log is read in batches (the next one, and the streams it will ask for, while this one
//    is applied; personal fields opened on a thread of their own), and each projection applied
//    in memory: its knex statements (insert, on conflict ignore or merge, update and delete by
//    equality) run against rows kept in the process, with the unique keys the database would
//    check, so the replay costs no round trip per event. A projection that reads an event's
//    whole stream gets it from the batch's read. Its writes to other tables (the page cache's
//    revisions) are held, each distinct one once, until the swap. What cannot be reproduced in
//    memory exactly (a read of its own tables, raw SQL naming them, a transaction, a value
//    computed by the database) switches that projection to the database: its rows so far are
//    written out, and the rest of the log is applied through transactions whose search_path
//    puts the fresh tables first, as the live projections do with the live ones.
// 3. The rows are written out in bulk (COPY, 10,000 rows at a time, two tables at a time),
//    then each live table's constraints and indexes are added under their own names, and its
//    statistics gathered.
// 4. Events that arrived meanwhile, including any that committed late with an earlier
//    position, are caught up, until few remain.
// 5. The swap: with appends held (EXCLUSIVE lock on events; reads go on), the last events are
//    applied, each live table dropped and its fresh copy moved in, the held writes run and the
//    page cache's revisions moved, for the kinds of content whose tables changed. A short lock
//    timeout (50 ms) keeps public reads from queueing behind it; on timeout the swap is tried
//    again.

export const REBUILD_SCHEMA = 'kw_rebuild';

export interface RebuildOptions {
  /** Events per read of the log. */
  batchSize?: number;
  /** Progress lines (the command line prints them). */
  log?: (message: string) => void;
  /** Called after each batch of the replay, with the events replayed so far (tests). */
  onBatch?: (replayed: number) => Promise<void> | void;
  /** Called once the fresh tables are caught up, before the swap (tests). */
  beforeSwap?: () => Promise<void> | void;
  /** From how many people's keys, and values to open at once, a thread opens them (tests). */
  openOffThreadFrom?: number;
}

export interface RebuildResult {
  /** Events replayed, caught up ones included. */
  events: number;
  /** The tables swapped in. */
  tables: string[];
  /** Projections that could not be replayed in memory, and why: applied through the database. */
  direct: { projection: string; reason: string }[];
}

/** A statement the in-memory replay cannot reproduce exactly. */
class Unsupported extends Error {
  override name = 'Unsupported';
}

type Row = Record<string, unknown>;

interface Column {
  name: string;
  type: string;
  isArray: boolean;
  /** No default: an absent column is NULL. */
  nullDefault: boolean;
}

interface TableShape {
  name: string;
  columns: Map<string, Column>;
  uniqueKeys: string[][];
  /** Primary key, unique and exclusion constraints, as `ADD CONSTRAINT` definitions. */
  constraints: { name: string; def: string; primary: boolean }[];
  /** The primary key's columns (rows written out early are found again by it), if any. */
  primaryKey: string[] | undefined;
  /** The other indexes, as `CREATE INDEX` statements on the fresh table. */
  indexes: string[];
  /**
   * The columns the indexes name (keys and conditions), which a large table's statistics are
   * gathered for before the swap; undefined when an index is on an expression (its statistics
   * come only with the whole table's).
   */
  indexedColumns: string[] | undefined;
  /** Why rows of this table cannot be kept in memory, if they cannot. */
  memoryBlocker: string | undefined;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const fresh = (table: string) => `${REBUILD_SCHEMA}.${quote(table)}`;

async function describeTable(db: Db, schema: string, table: string): Promise<TableShape> {
  const rel = await db.raw<{ rows: { oid: number; kind: string }[] }>(
    `select c.oid::int as oid, c.relkind as kind from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = ? and c.relname = ?`,
    [schema, table],
  );
  const found = rel.rows[0];
  if (!found) throw new Error(`Rebuild: the table ${schema}.${table} does not exist`);
  if (found.kind !== 'r') throw new Error(`Rebuild: ${schema}.${table} is not a plain table`);
  const oid = found.oid;
  const columns = await db.raw<{
    rows: {
      name: string;
      type: string;
      is_array: boolean;
      def: string | null;
      identity: boolean;
    }[];
  }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            (a.attndims > 0 or t.typcategory = 'A') as is_array,
            pg_get_expr(d.adbin, d.adrelid) as def, a.attidentity <> '' as identity
       from pg_attribute a
       join pg_type t on t.oid = a.atttypid
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = ? and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [oid],
  );
  for (const c of columns.rows) {
    if (c.identity || c.def?.includes('nextval('))
      throw new Error(
        `Rebuild: ${table}.${c.name} takes its values from a sequence, which a replay would not give back`,
      );
  }
  const constraints = await db.raw<{ rows: { name: string; type: string; def: string }[] }>(
    `select conname as name, contype as type, pg_get_constraintdef(oid) as def
       from pg_constraint where conrelid = ? and contype in ('p', 'u', 'x', 'f')
     union all
     select conname, 'F', '' from pg_constraint where confrelid = ? and contype = 'f'`,
    [oid, oid],
  );
  if (constraints.rows.some((c) => c.type === 'f' || c.type === 'F'))
    throw new Error(`Rebuild: ${table} has a foreign key, which the swap does not carry over`);
  const triggers = await db.raw<{ rows: unknown[] }>(
    'select 1 from pg_trigger where tgrelid = ? and not tgisinternal',
    [oid],
  );
  if (triggers.rows.length > 0)
    throw new Error(`Rebuild: ${table} has a trigger, which the swap does not carry over`);
  const indexes = await db.raw<{
    rows: {
      def: string;
      unique: boolean;
      primary: boolean;
      plain: boolean;
      columns: string[] | null;
      of_constraint: boolean;
      expressions: boolean;
      depends: string[] | null;
    }[];
  }>(
    `select pg_get_indexdef(x.indexrelid) as def, x.indisunique as unique,
            x.indisprimary as primary,
            (x.indexprs is null and x.indpred is null and not x.indnullsnotdistinct) as plain,
            x.indexprs is not null as expressions,
            (select array_agg(a.attname::text order by k.ord)
               from unnest(x.indkey::int2[]) with ordinality k(attnum, ord)
               join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum) as columns,
            exists (select 1 from pg_constraint c where c.conindid = x.indexrelid
                      and c.conrelid = x.indrelid) as of_constraint,
            -- the columns its condition (or expressions) name, as well as its key's
            (select array_agg(distinct a.attname::text)
               from pg_depend d
               join pg_attribute a on a.attrelid = x.indrelid and a.attnum = d.refobjsubid
              where d.classid = 'pg_class'::regclass and d.objid = x.indexrelid
                and d.refclassid = 'pg_class'::regclass and d.refobjid = x.indrelid
                and d.refobjsubid > 0) as depends
       from pg_index x where x.indrelid = ?`,
    [oid],
  );
  let memoryBlocker: string | undefined;
  const uniqueKeys: string[][] = [];
  for (const index of indexes.rows) {
    if (!index.unique) continue;
    if (index.plain && index.columns) uniqueKeys.push(index.columns);
    else memoryBlocker = 'a unique index on an expression, with a condition or NULLS NOT DISTINCT';
  }
  if (constraints.rows.some((c) => c.type === 'x')) memoryBlocker = 'an exclusion constraint';
  return {
    name: table,
    columns: new Map(
      columns.rows.map((c) => [
        c.name,
        { name: c.name, type: c.type, isArray: c.is_array, nullDefault: c.def === null },
      ]),
    ),
    uniqueKeys,
    constraints: constraints.rows.map((c) => ({
      name: c.name,
      def: c.def,
      primary: c.type === 'p',
    })),
    primaryKey: indexes.rows.find((i) => i.primary && i.plain)?.columns ?? undefined,
    indexes: indexes.rows
      .filter((i) => !i.of_constraint)
      .map((i) => i.def.replace(/ ON (ONLY )?\S+ USING /, ` ON $1${fresh(table)} USING `)),
    memoryBlocker,
    indexedColumns: indexes.rows.some((i) => i.expressions)
      ? undefined
      : // An index of a constraint depends on the constraint, not on its key's columns.
        [...new Set(indexes.rows.flatMap((i) => [...(i.columns ?? []), ...(i.depends ?? [])]))],
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the log, with the positions it skipped.

/** Rows of the events table as `select *` gives them, and the events they hold. */
interface Batch {
  rows: EventRow[];
  events: StoredEvent[];
}

type EventRow = Parameters<typeof toStoredEvent>[0];

/**
 * Where the replay is in the log. Positions come from a sequence, so an append that committed
 * after a later one was read leaves a hole behind the cursor: holes are read again when
 * catching up, until the event appears (or forever empty: a rolled-back append).
 */
class LogCursor {
  after = 0;
  holes: [number, number][] = [];

  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async next(limit: number): Promise<Batch> {
    // The events opened for the batch before this one stay known while it is applied.
    turnOpenedEvents();
    // Read as any other query reads the log: the driver's timestamptz parser (db.ts) is the
    // quick one, so no column needs reading another way here.
    const rows: EventRow[] = await this.db('events')
      .where('position', '>', this.after)
      .orderBy('position')
      .limit(limit);
    this.advance(rows);
    return { rows, events: await openEvents(this.db, rows.map(toStoredEvent)) };
  }

  /** What committed since it was last read: past the end, or in a hole. */
  async since(db: Db | Trx): Promise<StoredEvent[]> {
    // Keys created meanwhile (new people) are read with the events that need them.
    await refreshKeySnapshot(db);
    const singles: number[] = [];
    const ranges: [number, number][] = [];
    for (const [lo, hi] of this.holes) {
      if (hi - lo < 1000) for (let p = lo; p <= hi; p++) singles.push(p);
      else ranges.push([lo, hi]);
    }
    const rows: EventRow[] = await db('events')
      .where((w) => {
        w.where('position', '>', this.after);
        if (singles.length > 0)
          // An array, which the index is searched with beside the range (a bitmap of both): as
          // `in (select …)`, the planner walked the whole index and filtered it (30 ms, in the
          // swap's transaction).
          w.orWhereRaw(
            'position = any(array(select jsonb_array_elements_text(?::jsonb)::bigint))',
            [JSON.stringify(singles)],
          );
        for (const range of ranges) w.orWhereBetween('position', range);
      })
      .orderBy('position');
    const filled = rows.filter((r) => r.position <= this.after).map((r) => r.position);
    if (filled.length > 0) this.fill(filled);
    this.advance(rows.filter((r) => r.position > this.after));
    return openEvents(db, rows.map(toStoredEvent));
  }

  save(): { after: number; holes: [number, number][] } {
    return { after: this.after, holes: this.holes.map(([lo, hi]) => [lo, hi]) };
  }

  restore(saved: { after: number; holes: [number, number][] }): void {
    this.after = saved.after;
    this.holes = saved.holes;
  }

  private advance(rows: { position: number }[]): void {
    for (const row of rows) {
      if (row.position > this.after + 1) this.holes.push([this.after + 1, row.position - 1]);
      if (row.position > this.after) this.after = row.position;
    }
  }

  /** Positions found in holes (sorted): the holes shrink around them. */
  private fill(found: number[]): void {
    const holes: [number, number][] = [];
    for (const [lo, hi] of this.holes) {
      let start = lo;
      for (const p of found) {
        if (p < start || p > hi) continue;
        if (p > start) holes.push([start, p - 1]);
        start = p + 1;
      }
      if (start <= hi) holes.push([start, hi]);
    }
    this.holes = holes;
  }
}

// ---------------------------------------------------------------------------------------------
// Tables in memory.

const isSqlObject = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  !(value instanceof Date) &&
  typeof (value as { toSQL?: unknown }).toSQL === 'function';

type Condition =
  | { column: string; kind: 'eq'; values: unknown[] }
  | { column: string; kind: 'null'; not: boolean };

/**
 * Rows by their id: ids are handed out in order from 1, so an array holds them (a Map of 100k
 * entries cost a tenth of the replay's inserts in growing and hashing).
 */
class ById<T> {
  private readonly slots: (T | undefined)[] = [undefined];
  size = 0;

  get(id: number): T | undefined {
    return this.slots[id];
  }

  set(id: number, row: T): void {
    if (this.slots[id] === undefined) this.size++;
    while (this.slots.length < id) this.slots.push(undefined);
    this.slots[id] = row;
  }

  delete(id: number): void {
    if (this.slots[id] === undefined) return;
    this.slots[id] = undefined;
    this.size--;
  }

  clear(): void {
    this.slots.length = 1;
    this.size = 0;
  }

  *keys(): IterableIterator<number> {
    for (let id = 1; id < this.slots.length; id++) if (this.slots[id] !== undefined) yield id;
  }

  *[Symbol.iterator](): IterableIterator<[number, T]> {
    for (let id = 1; id < this.slots.length; id++) {
      const row = this.slots[id];
      if (row !== undefined) yield [id, row];
    }
  }
}

/** Ids noted since the last `take`, each once, in the order first noted (no hashing). */
class NotedIds {
  private ids: number[] = [];
  private readonly round: number[] = [];
  private current = 1;

  add(id: number): void {
    if (this.round[id] === this.current) return;
    while (this.round.length < id) this.round.push(0);
    this.round[id] = this.current;
    this.ids.push(id);
  }

  take(): number[] {
    const ids = this.ids;
    this.ids = [];
    this.current++;
    return ids;
  }
}

/**
 * One table's rows, with the unique keys the database would check and lookups by column built
 * on first use. Values are kept as the projection gave them, and written out as they are, so
 * the database converts them as it would have converted the projection's own statements.
 */
class MemoryTable {
  readonly rows = new ById<Row>();
  private nextId = 1;
  private readonly unique: { columns: string[]; index: Map<Key, number> }[];
  private readonly targets = new Map<string, { columns: string[]; index: Map<Key, number> }>();
  private readonly lookups = new Map<string, Lookup>();
  /** The kind of value each column holds ('s', 'n', 'd', 'b'), 'mixed' when it varies. */
  private readonly kinds = new Map<string, string>();
  private readonly uuids: Set<string>;
  private readonly columnOrder: string[];
  readonly shape: TableShape;
  private readonly undo: (() => void)[];
  /** Rows inserted, changed or removed since they were last written out. */
  private readonly touched = new NotedIds();
  /**
   * The primary key of each row written out, as written (to find it again): its value, or the
   * values of a key of several columns.
   */
  private readonly written = new ById<unknown>();

  constructor(shape: TableShape, undo: (() => void)[]) {
    this.shape = shape;
    this.undo = undo;
    this.unique = shape.uniqueKeys.map((columns) => ({ columns, index: new Map() }));
    this.columnOrder = [...shape.columns.keys()];
    this.full = new Function(
      'row',
      `return { ${this.columnOrder.map((c) => `${JSON.stringify(c)}: row[${JSON.stringify(c)}]`).join(', ')} };`,
    ) as (row: Row) => Row;
    this.uuids = new Set(
      [...shape.columns.values()].filter((c) => c.type === 'uuid').map((c) => c.name),
    );
  }

  /**
   * What the fresh table lacks of this table: the primary keys of rows written out before and
   * touched since (deleted, then written again as they are now, if they still are), and the
   * rows to write. Before the end (`final` false) only a table with a primary key is written
   * out; a row touched and then taken back (a refused event's undo) is written again unchanged.
   */
  takeWrites(final: boolean): { gone: unknown[][]; rows: Row[] } | undefined {
    const key = this.shape.primaryKey;
    if (!key && !final) return undefined;
    const gone: unknown[][] = [];
    const rows: Row[] = [];
    const single = key?.length === 1 ? key[0]! : undefined;
    for (const id of key ? this.touched.take() : this.rows.keys()) {
      const was = this.written.get(id);
      if (was !== undefined) gone.push(single === undefined ? (was as unknown[]) : [was]);
      const row = this.rows.get(id);
      if (!row) {
        this.written.delete(id);
        continue;
      }
      rows.push(row);
      if (key)
        this.written.set(id, single === undefined ? key.map((column) => row[column]) : row[single]);
    }
    if (!key) this.touched.take();
    if (final) this.written.clear();
    return { gone, rows };
  }

  /**
   * A row with every column, in the table's order (an object literal: one shape), the given
   * row's values in it (undefined: absent, its default applies).
   */
  private readonly full: (row: Row) => Row;

  /**
   * How a value of a column compares, or null for NULL. A column holds one kind of value (a
   * column given several is left to the database), so a string is its own key.
   */
  key(column: string, value: unknown): Key {
    if (value === null || value === undefined) return null;
    switch (typeof value) {
      case 'string':
        return this.uuids.has(column) && UPPER_HEX.test(value) ? value.toLowerCase() : value;
      case 'number':
      case 'boolean':
        return value;
      default:
        if (value instanceof Date) return value.getTime();
        throw new Unsupported(`a comparison of ${this.shape.name}.${column} with an object`);
    }
  }

  /** A row's value of a column, its default when absent (only NULL is known here). */
  value(row: Row, column: string): unknown {
    const value = row[column];
    if (value !== undefined) return value;
    const shape = this.shape.columns.get(column);
    if (!shape) throw new Unsupported(`the unknown column ${this.shape.name}.${column}`);
    if (!shape.nullDefault) throw new Unsupported(`the default of ${this.shape.name}.${column}`);
    return null;
  }

  private uniqueKey(columns: string[], row: Row): Key {
    if (columns.length === 1) return this.key(columns[0]!, this.value(row, columns[0]!));
    const parts: string[] = [];
    for (const column of columns) {
      const key = this.key(column, this.value(row, column));
      if (key === null) return null; // NULLs are distinct
      parts.push(`${typeof key}:${key}`);
    }
    return parts.join('\u0001');
  }

  /** The row holding the same values in a unique key's columns. */
  findUnique(columns: string[], row: Row): number | undefined {
    const signature = columns.length === 1 ? columns[0]! : columns.join(',');
    let entry = this.targets.get(signature);
    if (!entry) {
      entry = this.unique.find((u) => sameColumns(u.columns, columns));
      if (entry) this.targets.set(signature, entry);
    }
    if (!entry)
      throw new Unsupported(`an ON CONFLICT target no unique key of ${this.shape.name} has`);
    const key = this.uniqueKey(entry.columns, row);
    return key === null ? undefined : entry.index.get(key);
  }

  /** Any row a row would collide with, on any unique key (of those whose columns changed). */
  conflictOf(row: Row, except?: number, changed?: Row): number | undefined {
    for (const { columns, index } of this.unique) {
      if (changed && !columns.some((c) => c in changed)) continue;
      const key = this.uniqueKey(columns, row);
      if (key === null) continue;
      const id = index.get(key);
      if (id !== undefined && id !== except) return id;
    }
    return undefined;
  }

  insert(row: Row): number {
    this.check(row);
    // Each unique key's value, worked out once: checked for a collision, then indexed.
    const unique = this.unique;
    const keys: Key[] = new Array(unique.length);
    for (let i = 0; i < unique.length; i++) {
      const key = this.uniqueKey(unique[i]!.columns, row);
      if (key !== null && unique[i]!.index.has(key))
        throw new Unsupported(`a duplicate key in ${this.shape.name}, which the database refuses`);
      keys[i] = key;
    }
    const id = this.nextId++;
    // Every row with every column, in one order (undefined: absent, the default applies): all
    // rows share one shape, and an update writes in place.
    const full = this.full(row);
    this.rows.set(id, full);
    for (let i = 0; i < unique.length; i++) {
      const key = keys[i] as Key;
      if (key !== null) unique[i]!.index.set(key, id);
    }
    for (const [column, lookup] of this.lookups)
      addTo(lookup, this.key(column, this.value(full, column)), id);
    this.track(row);
    this.touched.add(id);
    this.undo.push(() => {
      this.rows.delete(id);
      this.index(id, undefined, full);
    });
    return id;
  }

  /** Changes a row in place; the undo puts back the values it had. */
  update(id: number, changes: Row): void {
    this.check(changes);
    const row = this.rows.get(id)!;
    const previous: Row = {};
    for (const column in changes) previous[column] = row[column]; // undefined: was absent
    this.move(id, row, changes, () => {
      for (const column in changes) row[column] = changes[column];
    });
    this.track(changes);
    this.touched.add(id);
    this.undo.push(() =>
      this.move(id, row, changes, () => {
        for (const column in previous) row[column] = previous[column];
      }),
    );
  }

  /**
   * Runs `change` on a row, moving its entries in the unique keys and lookups whose columns
   * `changes` names; refuses (and takes the change back) when a unique key would collide.
   */
  private move(id: number, row: Row, changes: Row, change: () => void): void {
    const unique = this.unique.filter((u) => u.columns.some((c) => c in changes));
    const lookups = [...this.lookups].filter(([column]) => column in changes);
    if (unique.length === 0 && lookups.length === 0) {
      change();
      return;
    }
    const before: Row = {};
    for (const column in changes) before[column] = row[column];
    const oldUnique = unique.map((u) => this.uniqueKey(u.columns, row));
    const oldLookup = lookups.map(([column]) => this.key(column, this.value(row, column)));
    change();
    const newUnique = unique.map((u) => this.uniqueKey(u.columns, row));
    for (const [i, { index }] of unique.entries()) {
      const key = newUnique[i];
      const other = key === null || key === undefined ? undefined : index.get(key);
      if (other !== undefined && other !== id) {
        for (const column in before) row[column] = before[column];
        throw new Unsupported(`a duplicate key in ${this.shape.name}, which the database refuses`);
      }
    }
    for (const [i, { index }] of unique.entries()) {
      const was = oldUnique[i];
      if (was !== null && was !== undefined && index.get(was) === id) index.delete(was);
      const now = newUnique[i];
      if (now !== null && now !== undefined) index.set(now, id);
    }
    for (const [i, [column, lookup]] of lookups.entries()) {
      removeFrom(lookup, oldLookup[i] ?? null, id);
      addTo(lookup, this.key(column, this.value(row, column)), id);
    }
  }

  remove(id: number): void {
    const before = this.rows.get(id)!;
    this.rows.delete(id);
    this.index(id, undefined, before);
    this.touched.add(id);
    this.undo.push(() => {
      this.rows.set(id, before);
      this.index(id, before, undefined);
    });
  }

  match(conditions: Condition[]): number[] {
    const keyed = conditions.map((c) => this.keyed(c));
    const first = keyed.find((c) => c.kind === 'eq');
    let candidates: Iterable<number>;
    if (first?.kind === 'eq') {
      // A column that is a unique key of its own (a row's id) is found by that key's index,
      // rather than by a lookup that every insert would then keep too.
      const unique = this.unique.find(
        (u) => u.columns.length === 1 && u.columns[0] === first.column,
      );
      const lookup = unique ? undefined : this.lookup(first.column);
      const ids = new Set<number>();
      for (const key of first.keys) {
        const found = unique
          ? key === null
            ? undefined
            : unique.index.get(key)
          : lookup!.get(key);
        if (typeof found === 'number') ids.add(found);
        else if (found) for (const id of found) ids.add(id);
      }
      candidates = ids;
    } else candidates = this.rows.keys();
    const out: number[] = [];
    for (const id of candidates) {
      const row = this.rows.get(id)!;
      if (keyed.every((c) => this.holds(c, row))) out.push(id);
    }
    return out;
  }

  private keyed(
    c: Condition,
  ): { column: string; kind: 'eq'; keys: Key[] } | { column: string; kind: 'null'; not: boolean } {
    if (!this.shape.columns.has(c.column))
      throw new Unsupported(`the unknown column ${this.shape.name}.${c.column}`);
    if (c.kind === 'null') return c;
    const known = this.kinds.get(c.column);
    for (const value of c.values) {
      const kind = kindOf(value);
      // A comparison across types (a date with a string) is the database's to make.
      if (kind !== null && (known === 'mixed' || (known !== undefined && known !== kind)))
        throw new Unsupported(`a comparison of ${this.shape.name}.${c.column} across types`);
    }
    return { column: c.column, kind: 'eq', keys: c.values.map((v) => this.key(c.column, v)) };
  }

  private holds(
    c: { column: string; kind: 'eq'; keys: Key[] } | { column: string; kind: 'null'; not: boolean },
    row: Row,
  ): boolean {
    const key = this.key(c.column, this.value(row, c.column));
    if (c.kind === 'null') return (key === null) !== c.not;
    return key !== null && c.keys.includes(key);
  }

  private check(values: Row): void {
    for (const column in values) {
      const value = values[column];
      if (value === undefined) continue; // absent, as knex leaves it out
      if (!this.shape.columns.has(column))
        throw new Unsupported(`the unknown column ${this.shape.name}.${column}`);
      if (typeof value === 'object' && value !== null && isSqlObject(value))
        throw new Unsupported(`a computed value for ${this.shape.name}.${column}`);
    }
  }

  private lookup(column: string): Lookup {
    let lookup = this.lookups.get(column);
    if (!lookup) {
      lookup = new Map();
      for (const [id, row] of this.rows)
        addTo(lookup, this.key(column, this.value(row, column)), id);
      this.lookups.set(column, lookup);
    }
    return lookup;
  }

  /** Adds (`now`) or removes (`was`) a whole row's entries in the unique keys and lookups. */
  private index(id: number, now: Row | undefined, was: Row | undefined): void {
    for (const { columns, index } of this.unique) {
      if (was) {
        const key = this.uniqueKey(columns, was);
        if (key !== null && index.get(key) === id) index.delete(key);
      }
      if (now) {
        const key = this.uniqueKey(columns, now);
        if (key !== null) index.set(key, id);
      }
    }
    for (const [column, lookup] of this.lookups) {
      if (was) removeFrom(lookup, this.key(column, this.value(was, column)), id);
      if (now) addTo(lookup, this.key(column, this.value(now, column)), id);
    }
  }

  /** Notes the kind of each value written (a column holding several is compared by the database). */
  private track(values: Row): void {
    for (const column in values) {
      const kind = kindOf(values[column]);
      if (kind === null) continue;
      const known = this.kinds.get(column);
      if (known === undefined) this.kinds.set(column, kind);
      else if (known !== kind && known !== 'mixed') this.kinds.set(column, 'mixed');
    }
  }
}

/** A value's key in the unique keys and lookups of a memory table. */
type Key = string | number | boolean | null;

const UPPER_HEX = /[A-F]/;

/** The kind of a value, as a column's values are checked to share one. */
function kindOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return value instanceof Date ? 'date' : 'object';
  return typeof value;
}

/**
 * The rows holding each value of a column: one row's id as itself (most values are held by one
 * row, and a Set each was a tenth of the replay's memory), several in a Set.
 */
type Lookup = Map<Key, number | Set<number>>;

function addTo(lookup: Lookup, key: Key, id: number): void {
  const found = lookup.get(key);
  if (found === undefined) lookup.set(key, id);
  else if (typeof found === 'number') {
    if (found !== id) lookup.set(key, new Set([found, id]));
  } else found.add(id);
}

function removeFrom(lookup: Lookup, key: Key, id: number): void {
  const found = lookup.get(key);
  if (found === id) lookup.delete(key);
  else if (typeof found === 'object') found.delete(id);
}

/** Appends to the list a map keeps under `key`. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const sameColumns = (a: string[], b: string[]) =>
  a.length === b.length && a.every((c) => b.includes(c));

/** A copy without the undefined values (knex leaves those columns out). */
function withoutUndefined(row: Row): Row {
  const out: Row = {};
  for (const key in row) if (row[key] !== undefined) out[key] = row[key];
  return out;
}

// ---------------------------------------------------------------------------------------------
// The stream reads of projections that look at an event's whole stream (the activity feed).

/**
 * The streams of a batch's events, for the event types known to ask for theirs: the batch's
 * own rows, and the stream's rows before and after the batch, read in one query.
 */
class BatchStreams {
  private readonly streams = new Map<string, EventRow[]>();
  private readonly fetched = new Set<string>();
  private readonly byStream = new Map<string, EventRow[]>();
  private readonly db: Db;
  private readonly batch: Batch;

  constructor(db: Db, batch: Batch) {
    this.db = db;
    this.batch = batch;
    for (const row of batch.rows) {
      push(this.byStream, row.stream_id, row);
    }
  }

  /** Reads the streams of the batch's events of these types (once per type). */
  async fetch(types: Iterable<string>): Promise<void> {
    const wanted = new Set([...types].filter((t) => !this.fetched.has(t)));
    if (wanted.size === 0) return;
    for (const t of wanted) this.fetched.add(t);
    const ids = [
      ...new Set(this.batch.events.filter((e) => wanted.has(e.type)).map((e) => e.streamId)),
    ].filter((id) => !this.streams.has(id));
    if (ids.length === 0 || this.batch.rows.length === 0) return;
    const first = this.batch.rows[0]!.position;
    const last = this.batch.rows.at(-1)!.position;
    const outside: EventRow[] = await this.db('events')
      // An array the index is searched with, not a join against the set: the planner took a
      // nested loop of one index search per stream, 2.5 times the server's time of this.
      .whereRaw('stream_id = any(array(select jsonb_array_elements_text(?::jsonb)))', [
        JSON.stringify(ids),
      ])
      .where((w) => w.where('position', '<', first).orWhere('position', '>', last))
      .orderBy('position');
    const before = new Map<string, EventRow[]>();
    const after = new Map<string, EventRow[]>();
    for (const row of outside) {
      push(row.position < first ? before : after, row.stream_id, row);
    }
    for (const id of ids)
      this.streams.set(id, [
        ...(before.get(id) ?? []),
        ...(this.byStream.get(id) ?? []),
        ...(after.get(id) ?? []),
      ]);
  }

  hasFetched(type: string): boolean {
    return this.fetched.has(type);
  }

  get(streamId: string): EventRow[] | undefined {
    const rows = this.streams.get(streamId);
    return rows ? [...rows] : undefined;
  }
}

/** Which event types ask for their stream, and the streams of the batch being applied. */
class StreamCache {
  /** Event types during whose projection a stream was read. */
  readonly readingTypes = new Set<string>();
  current: BatchStreams | undefined;

  /** The stream a `select * from events where stream_id = ? order by position` asks for. */
  static streamOf(builder: QueryBuilderInternals): string | undefined {
    if (builder._method !== 'select' || builder._single.table !== 'events') return undefined;
    const single = builder._single;
    if (single.limit !== undefined || single.offset !== undefined) return undefined;
    const where = builder._statements.filter((s) => s.grouping === 'where');
    const order = builder._statements.filter((s) => s.grouping === 'order');
    if (where.length + order.length !== builder._statements.length) return undefined;
    const [w] = where;
    if (
      where.length !== 1 ||
      w!.type !== 'whereBasic' ||
      w!.column !== 'stream_id' ||
      w!.operator !== '=' ||
      w!.not ||
      typeof w!.value !== 'string'
    )
      return undefined;
    if (
      order.length > 1 ||
      (order[0] &&
        (order[0].type !== 'orderByBasic' ||
          !['position', 'version'].includes(String(order[0].value)) ||
          (order[0].direction !== undefined && String(order[0].direction).toLowerCase() !== 'asc')))
    )
      return undefined;
    return w!.value as string;
  }

  /** The stream's rows, read for the batch, for an event of this type. */
  async read(streamId: string, type: string): Promise<EventRow[] | undefined> {
    const current = this.current;
    if (!current) return undefined;
    this.readingTypes.add(type);
    if (!current.hasFetched(type)) await current.fetch([type]);
    return current.get(streamId);
  }
}

/** The parts of knex's query builder the replay reads (knex keeps them as properties). */
interface QueryBuilderInternals {
  _method: string;
  _single: Record<string, unknown> & { table?: unknown };
  _statements: {
    grouping: string;
    type?: string;
    column?: unknown;
    operator?: string;
    value?: unknown;
    not?: boolean;
    bool?: string;
    asColumn?: boolean;
    direction?: unknown;
  }[];
}

interface RawInternals {
  isRawInstance: true;
  sql: string;
}

/** The kind of content whose page-cache revision the statement moves (bumpContentRevision's write). */
function revisionMoved(target: unknown): string | undefined {
  const raw = target as RawInternals & { bindings?: unknown[] };
  if (!raw.isRawInstance || raw.sql !== MOVE_REVISION_SQL) return undefined;
  const scope = raw.bindings?.[0];
  return typeof scope === 'string' ? scope : undefined;
}

/**
 * Whether a fresh table's rows differ from its live table's (compared as text, in one order):
 * pages cached from a live table whose fresh copy is the same stay right after the swap.
 */
async function tableChanged(trx: Trx, live: string, table: string): Promise<boolean> {
  const digest = (name: string) =>
    `(select md5(coalesce(string_agg(t::text, chr(10) order by t::text), '')) from ${name} t)`;
  const { rows } = await trx.raw<{ rows: { same: boolean }[] }>(
    `select ${digest(`${quote(live)}.${quote(table)}`)} = ${digest(fresh(table))} as same`,
  );
  return !rows[0]!.same;
}

// ---------------------------------------------------------------------------------------------
// One projection's replay.

/**
 * The in-memory replay's statements on other tables. Reads (of the log) run at once. Writes to
 * tables not being rebuilt (the page cache's revision, moved by every post) are held, each
 * distinct one once, and run in the swap's transaction: they take effect when the tables they
 * speak of do, and the cached pages stay valid while the live tables serve.
 */
class SideStatements {
  private readonly db: Db;
  /** The held writes, by statement and values, in the order first seen. */
  private readonly writes = new Map<string, unknown>();
  /** The kinds of content whose revision the replay moved, and the projections that moved it. */
  readonly movedScopes = new Map<string, Set<string>>();

  constructor(db: Db) {
    this.db = db;
  }

  /** Raw reads already run in this batch, by statement and values. */
  private readonly reads = new Map<string, Promise<unknown>>();

  async run(target: unknown, projection: string): Promise<unknown> {
    const key = writeKey(target);
    if (key === undefined) {
      // The same raw read again in a batch (the page cache's revision, read back by every
      // post) is answered once: nothing the replay writes elsewhere has run meanwhile.
      if (!(target as RawInternals).isRawInstance) return this.db.client.runner(target).run();
      const read = statementKey(target);
      const done = this.reads.get(read);
      if (done) return done;
      const result = this.db.client.runner(target).run() as Promise<unknown>;
      this.reads.set(read, result);
      return result;
    }
    // A move of the page cache's revision is not held: the swap moves the kinds whose
    // content changed (see changedContent), once each.
    const scope = revisionMoved(target);
    if (scope !== undefined) {
      const by = this.movedScopes.get(scope) ?? new Set<string>();
      by.add(projection);
      this.movedScopes.set(scope, by);
    } else if (!this.writes.has(key)) this.writes.set(key, target);
    return { command: 'HELD', rowCount: 0, rows: [] };
  }

  /** A new batch: raw reads are run again. */
  nextBatch(): void {
    this.reads.clear();
  }

  /** Runs the held writes in the swap's transaction. */
  async flush(trx: Trx): Promise<void> {
    for (const target of this.writes.values()) await trx.client.runner(target).run();
  }
}

/** A value bound as it is (no query or raw SQL inside it). */
const isScalarBinding = (value: unknown) =>
  value === null ||
  value instanceof Date ||
  (typeof value !== 'object' && typeof value !== 'function');

/**
 * A statement and its values, as one string. Raw SQL as it was given (compiling it, as
 * `toSQL` does, costs more than the rest of a post's replay: every post moves the page cache's
 * revision with two raw statements).
 */
function statementKey(target: unknown): string {
  const raw = target as RawInternals & { bindings?: unknown };
  if (
    raw.isRawInstance &&
    (raw.bindings === undefined ||
      (Array.isArray(raw.bindings) && raw.bindings.every(isScalarBinding)))
  )
    return `${raw.sql}\u0000${JSON.stringify(raw.bindings ?? [])}`;
  const { sql, bindings } = (target as { toSQL(): { sql: string; bindings: unknown[] } }).toSQL();
  return `${sql}\u0000${JSON.stringify(bindings)}`;
}

/** A write's statement and values, when it is one that returns nothing. */
function writeKey(target: unknown): string | undefined {
  const key = statementKey(target);
  const sql = key.slice(0, key.indexOf('\u0000'));
  if (!/^\s*(insert|update|delete)\b/i.test(sql) || /\breturning\b/i.test(sql)) return undefined;
  return key;
}

interface ReplayContext {
  db: Db;
  side: SideStatements;
  cache: StreamCache;
  /** Every table being rebuilt, and the projection that owns it. */
  owners: Map<string, string>;
  /** Finds the name of a table being rebuilt in raw SQL. */
  rebuilt: RegExp;
}

/** Clauses of a write the replay cannot reproduce in memory. */
const REFUSED_CLAUSES = ['returning', 'counter', 'updateFrom', 'using', 'lock'];

class Replay {
  mode: 'memory' | 'direct' = 'memory';
  reason = '';
  readonly tables = new Map<string, MemoryTable>();
  private undo: (() => void)[] = [];
  /** Set when a statement was refused, even if the projection caught the error. */
  private refused: Unsupported | undefined;
  private readonly trx: Trx;
  private current: StoredEvent | undefined;

  readonly projection: Projection;
  private readonly context: ReplayContext;

  constructor(projection: Projection, shapes: Map<string, TableShape>, context: ReplayContext) {
    this.projection = projection;
    this.context = context;
    for (const table of projection.tables) {
      const shape = shapes.get(table)!;
      if (shape.memoryBlocker) {
        this.mode = 'direct';
        this.reason = `${table} has ${shape.memoryBlocker}`;
      }
      this.tables.set(table, new MemoryTable(shape, this.undo));
    }
    this.trx = memoryKnex(
      context.db,
      (builder) => this.run(builder),
      (reason) => this.refuse(reason),
    );
  }

  async apply(event: StoredEvent): Promise<void> {
    this.undo.length = 0;
    this.refused = undefined;
    this.current = event;
    await this.projection.apply(this.trx, event);
    if (this.refused) throw this.refused;
  }

  /** Takes back what the event being applied changed (its apply was refused half-way). */
  rollbackEvent(): void {
    for (const undo of this.undo.reverse()) undo();
    this.undo.length = 0;
  }

  private refuse(reason: string): never {
    this.refused = new Unsupported(reason);
    throw this.refused;
  }

  private async run(target: unknown): Promise<unknown> {
    const { side, cache, owners } = this.context;
    if ((target as RawInternals).isRawInstance) {
      const named = this.context.rebuilt.exec((target as RawInternals).sql);
      if (named) this.refuse(`raw SQL naming ${named[0]}`);
      return side.run(target, this.projection.name);
    }
    const builder = target as QueryBuilderInternals;
    const table = builder._single.table;
    if (typeof table !== 'string') this.refuse('a query on something other than a table');
    const memory = this.tables.get(table);
    if (!memory) {
      const owner = owners.get(table) ?? owners.get(table.split('.').pop()!);
      if (owner) this.refuse(`a query on ${table}, which is being rebuilt`);
      const stream = StreamCache.streamOf(builder);
      if (stream !== undefined && this.current) {
        const rows = await cache.read(stream, this.current.type);
        if (rows) return rows;
      }
      return side.run(builder, this.projection.name);
    }
    try {
      return this.write(memory, builder);
    } catch (error) {
      if (error instanceof Unsupported) this.refuse(error.message);
      throw error;
    }
  }

  private write(table: MemoryTable, builder: QueryBuilderInternals): unknown {
    const single = builder._single;
    for (const flag of REFUSED_CLAUSES)
      if (single[flag] !== undefined) throw new Unsupported(`${flag} on ${table.shape.name}`);
    switch (builder._method) {
      case 'insert':
        if (builder._statements.length > 0) throw new Unsupported('an insert with clauses');
        return this.insert(table, single);
      case 'update': {
        const changes = single.update as Row | undefined;
        if (!changes || isSqlObject(changes)) throw new Unsupported('an update by raw SQL');
        const values = withoutUndefined(changes);
        const ids = table.match(conditionsOf(builder, table.shape.name));
        for (const id of ids) table.update(id, values);
        return ids.length;
      }
      case 'del': {
        const ids = table.match(conditionsOf(builder, table.shape.name));
        for (const id of ids) table.remove(id);
        return ids.length;
      }
      default:
        throw new Unsupported(`${builder._method} on ${table.shape.name}`);
    }
  }

  private insert(table: MemoryTable, single: Record<string, unknown>): unknown {
    const data = single.insert;
    if (isSqlObject(data)) throw new Unsupported('an insert by raw SQL');
    const rows = (Array.isArray(data) ? data : [data]).filter((r) => r != null) as Row[];
    const target = single.onConflict as string[] | true | undefined;
    // The replay's commonest write, a row inserted (unless it is there already), without the
    // copies and sets the general case below needs. An absent value (undefined) is a column
    // left to its default, here as there.
    if (data != null && !Array.isArray(data) && (target === undefined || single.ignore)) {
      const row = data as Row;
      if (target !== undefined) {
        const existing =
          target === true ? table.conflictOf(row) : table.findUnique(target as string[], row);
        if (existing !== undefined) return { command: 'INSERT', rowCount: 0, rows: [] };
      }
      table.insert(row);
      return { command: 'INSERT', rowCount: 1, rows: [] };
    }
    const merge = single.merge as { updates?: unknown } | undefined;
    const everyColumn = () => [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const inserted = new Set<number>();
    for (const given of rows) {
      const row = withoutUndefined(given);
      if (target === undefined) {
        inserted.add(table.insert(row));
        continue;
      }
      const existing =
        target === true ? table.conflictOf(row) : table.findUnique(target as string[], row);
      if (existing === undefined) {
        inserted.add(table.insert(row));
        continue;
      }
      if (single.ignore) continue;
      if (!merge || target === true) throw new Unsupported('an ON CONFLICT without its action');
      if (inserted.has(existing))
        throw new Unsupported('a row updated twice by one insert, which the database refuses');
      let changes: Row;
      const updates = merge.updates;
      if (updates === undefined || Array.isArray(updates)) {
        const columns = (updates as string[] | undefined) ?? everyColumn();
        changes = {};
        for (const column of columns) {
          const name = column.split('.').pop()!;
          // excluded.<column> of a column left out is its default: not known here
          if (!Object.hasOwn(row, name)) throw new Unsupported(`the default of ${name}`);
          changes[name] = row[name];
        }
      } else if (typeof updates === 'object' && !isSqlObject(updates)) {
        changes = withoutUndefined(updates as Row);
      } else throw new Unsupported('a merge by raw SQL');
      table.update(existing, changes);
    }
    return { command: 'INSERT', rowCount: inserted.size, rows: [] };
  }
}

/** The WHERE of an update or a delete, as equality and NULL tests on columns. */
function conditionsOf(builder: QueryBuilderInternals, table: string): Condition[] {
  const conditions: Condition[] = [];
  for (const s of builder._statements) {
    if (s.grouping !== 'where') throw new Unsupported(`a ${s.grouping} clause`);
    if (s.bool !== 'and') throw new Unsupported('an OR condition');
    if (typeof s.column !== 'string') throw new Unsupported('a condition on an expression');
    const parts = s.column.split('.');
    if (parts.length > 2 || (parts.length === 2 && parts[0] !== table))
      throw new Unsupported(`a condition on ${s.column}`);
    const column = parts.pop()!;
    if (s.type === 'whereNull') conditions.push({ column, kind: 'null', not: Boolean(s.not) });
    else if (s.type === 'whereBasic' && s.operator === '=' && !s.not && !s.asColumn) {
      if (s.value === undefined || isSqlObject(s.value))
        throw new Unsupported('a condition on a computed value');
      conditions.push({ column, kind: 'eq', values: [s.value] });
    } else if (s.type === 'whereIn' && !s.not && Array.isArray(s.value)) {
      if ((s.value as unknown[]).some((v) => v === undefined || isSqlObject(v)))
        throw new Unsupported('a condition on a computed value');
      conditions.push({ column, kind: 'eq', values: s.value as unknown[] });
    } else throw new Unsupported(`a ${s.type} condition`);
  }
  return conditions;
}

/**
 * A knex whose statements never reach the database by themselves: `run` decides (the memory
 * tables, or the real database for the log and other tables). Transactions are refused.
 */
function memoryKnex(
  db: Db,
  run: (builder: unknown) => Promise<unknown>,
  refuse: (reason: string) => never,
): Trx {
  const Base = db.client.constructor as typeof Knex.Client;
  class MemoryClient extends Base {
    override runner(builder: unknown) {
      return { run: () => run(builder) } as never;
    }
    override transaction(): never {
      return refuse('a transaction inside a projection');
    }
  }
  return knex({ client: MemoryClient }) as unknown as Trx;
}

// ---------------------------------------------------------------------------------------------
// Writing rows out and building indexes.

const TIMESTAMPTZ = 'timestamp with time zone';

/** A plain object (not an array, a Date, a Buffer or a value with its own conversion). */
const isPlainObject = (value: unknown): value is object =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * A value written out as its JSON's text: a string as itself, a finite number, a boolean, a Date
 * only as an instant (timestamptz, its ISO form), a plain object only into json or jsonb (its
 * JSON, which is what the driver sends for it).
 */
const plainValue = (value: unknown, type: string) =>
  value === null ||
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  typeof value === 'boolean' ||
  (value instanceof Date && type === TIMESTAMPTZ) ||
  ((type === 'jsonb' || type === 'json') && isPlainObject(value));

const COPY_SPECIALS = /[\\\n\r\t]/g;
const COPY_ESCAPE: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A plain value as a field of COPY's text format: the text the driver (or JSON) would have
 * sent for it, which the column's type reads as it reads a statement's parameter.
 */
function copyField(value: unknown): string {
  if (value === null) return '\\N';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value instanceof Date) return dateField(value);
  else if (typeof value === 'object') text = JSON.stringify(value);
  else return String(value); // a finite number or a boolean
  return text.replace(COPY_SPECIALS, (c) => COPY_ESCAPE[c]!);
}

/**
 * An event's time is in several rows (its feed line, its chart row, its record's date): each
 * time written out once (toISOString was a tenth of the COPY text). Kept by the time itself, not
 * the Date, which could have been changed since.
 */
const dateFields = new Map<number, string>();
function dateField(date: Date): string {
  const time = date.getTime();
  let text = dateFields.get(time);
  if (text === undefined) {
    if (Number.isNaN(time)) return '\\N';
    if (dateFields.size >= 100_000) dateFields.clear();
    text = date.toISOString();
    dateFields.set(time, text);
  }
  return text;
}

/**
 * Functions compiled for one table's rows, which all share one shape (`MemoryTable.full`):
 * reading a column by its name in the code, rather than by a name in a variable, is what made
 * writing the rows out cost a tenth of the replay instead of a fifth.
 */
class RowCodec {
  /**
   * Which columns a row gives: a number whose bits are the columns (compiled, for tables of up
   * to 52 columns), past the 52nd in a string beside it.
   */
  readonly given: (row: Row) => number | string;
  private readonly lines = new Map<string, (row: Row) => string | undefined>();
  private readonly shape: TableShape;

  constructor(shape: TableShape) {
    this.shape = shape;
    const names = [...shape.columns.keys()];
    this.given =
      names.length <= 52
        ? (new Function(
            'row',
            `return ${names.map((c, i) => `(row[${JSON.stringify(c)}] !== undefined ? ${2 ** i} : 0)`).join(' + ') || '0'};`,
          ) as (row: Row) => number)
        : (row) => {
            let mask = 0;
            let more = '';
            for (let i = 0; i < names.length; i++)
              if (row[names[i]!] !== undefined) {
                if (i < 52) mask += 2 ** i;
                else more += `${i},`;
              }
            return more ? `${mask},${more}` : mask;
          };
  }

  /**
   * A row's given columns as a line of COPY's text format (tab-separated fields), or undefined
   * when one of its values is not plain (the rows then go in by an insert).
   */
  line(columns: string[]): (row: Row) => string | undefined {
    const signature = columns.join(',');
    let line = this.lines.get(signature);
    if (!line) {
      const body = columns
        .map((c, i) => {
          const type = JSON.stringify(this.shape.columns.get(c)!.type);
          return `v = row[${JSON.stringify(c)}]; if (!plain(v, ${type})) return undefined; line += ${i === 0 ? '' : "'\\t' + "}field(v);`;
        })
        .join('\n');
      line = new Function(
        'plain',
        'field',
        `return (row) => { let v; let line = ''; ${body} return line + '\\n'; };`,
      )(plainValue, copyField) as (row: Row) => string | undefined;
      this.lines.set(signature, line);
    }
    return line;
  }
}

const codecs = new WeakMap<TableShape, RowCodec>();
const codecOf = (shape: TableShape) => {
  let codec = codecs.get(shape);
  if (!codec) {
    codec = new RowCodec(shape);
    codecs.set(shape, codec);
  }
  return codec;
};

/** Rows as COPY's text, 10,000 lines to a text; undefined if a value is not plain. */
function copyLines(rows: Row[], line: (row: Row) => string | undefined): string[] | undefined {
  const texts: string[] = [];
  let text = '';
  for (let i = 0; i < rows.length; i++) {
    const one = line(rows[i]!);
    if (one === undefined) return undefined;
    text += one;
    if (i % 10_000 === 9_999) {
      texts.push(text);
      text = '';
    }
  }
  if (text) texts.push(text);
  return texts;
}

interface Statement {
  sql: string;
  values: unknown[];
  /** A COPY … FROM STDIN: the data it reads. */
  copy?: string;
}

/**
 * The statements that bring a fresh table level with its memory table: the rows written out
 * before and touched since deleted (by primary key), then the rows as they are now, inserted
 * in bulk. Built at once, so the rows may change again while they run.
 */
function writeStatements(
  rebuildDb: Db,
  shape: TableShape,
  writes: { gone: unknown[][]; rows: Row[] },
): Statement[] {
  const statements: Statement[] = [];
  const native = (builder: Knex.QueryBuilder): Statement => {
    const { sql, bindings } = builder.toSQL().toNative();
    return { sql, values: bindings as unknown[] };
  };
  const key = shape.primaryKey;
  if (key?.length === 1 && writes.gone.length > 0) {
    // One statement, the keys as one array the primary key's index is searched with.
    statements.push(
      native(
        rebuildDb(shape.name)
          .whereRaw('?? = any(?)', [key[0]!, writes.gone.map((k) => k[0]) as never])
          .del(),
      ),
    );
  } else if (key && writes.gone.length > 0) {
    const size = Math.floor(10_000 / key.length);
    for (let i = 0; i < writes.gone.length; i += size) {
      const chunk = writes.gone.slice(i, i + size);
      statements.push(
        native(
          rebuildDb(shape.name)
            .whereIn(key, chunk as never)
            .del(),
        ),
      );
    }
  }
  // Rows by the columns they give (the others take their defaults).
  const names = [...shape.columns.keys()];
  const codec = codecOf(shape);
  const groups = new Map<number | string, { columns: string[]; rows: Row[] }>();
  for (const row of writes.rows) {
    const signature = codec.given(row);
    const group = groups.get(signature);
    if (group) group.rows.push(row);
    else groups.set(signature, { columns: names.filter((c) => row[c] !== undefined), rows: [row] });
  }
  for (const { columns, rows: group } of groups.values()) {
    if (columns.length === 0) {
      for (const _ of group)
        statements.push({ sql: `insert into ${fresh(shape.name)} default values`, values: [] });
      continue;
    }
    const copy = columns.some((c) => shape.columns.get(c)!.isArray)
      ? undefined
      : copyLines(group, codec.line(columns));
    if (copy) {
      // COPY, 10,000 rows at a time: the cheapest way in for the database (about 40 % less of
      // its CPU than one insert of the rows as JSON arrays, the rebuild's bottleneck beside a
      // busy site), each value the text the driver would have sent for it.
      const sql = `copy ${fresh(shape.name)} (${columns.map(quote).join(', ')}) from stdin`;
      for (const text of copy) statements.push({ sql, values: [], copy: text });
    } else {
      // Values the driver converts itself (objects to JSON, arrays to arrays): as the
      // projection's own insert would have sent them.
      const size = Math.max(1, Math.floor(30_000 / columns.length));
      for (let i = 0; i < group.length; i += size)
        statements.push(native(rebuildDb(shape.name).insert(group.slice(i, i + size))));
    }
  }
  return statements;
}

/** Runs statements in order, on one connection of the rebuild's pool. */
async function runStatements(rebuildDb: Db, statements: Statement[]): Promise<void> {
  if (statements.length === 0) return;
  const client = (await rebuildDb.client.acquireConnection()) as pg.PoolClient;
  try {
    for (const { sql, values, copy } of statements) {
      if (copy === undefined) {
        await client.query(sql, values);
        continue;
      }
      // 'finish' comes once the server has confirmed the COPY; an error rejects.
      await finished(client.query(copyFrom(sql)).end(copy));
    }
  } finally {
    await rebuildDb.client.releaseConnection(client);
  }
}

/**
 * The rest of a memory table into its fresh table, then the live table's constraints and
 * indexes (built once, over all the rows, rather than row by row; the primary key was there
 * from the start) and its planner statistics.
 */
async function writeTable(rebuildDb: Db, table: MemoryTable): Promise<void> {
  const shape = table.shape;
  await runStatements(rebuildDb, writeStatements(rebuildDb, shape, table.takeWrites(true)!));
  const large = table.rows.size >= LARGE_TABLE_ROWS;
  table.rows.clear();
  // A large table's statistics before the swap only for the columns its indexes name (a
  // quarter of the time of every column's); the others follow from autovacuum within a minute,
  // as an ANALYZE of some columns leaves the table counted as changed since its last one.
  const analyzed = large && shape.indexedColumns?.length ? shape.indexedColumns : undefined;
  await runStatements(rebuildDb, [
    ...shape.constraints
      .filter((c) => !(c.primary && shape.primaryKey))
      .map((c) => ({
        sql: `alter table ${fresh(shape.name)} add constraint ${quote(c.name)} ${c.def}`,
        values: [],
      })),
    ...shape.indexes.map((sql) => ({ sql, values: [] })),
    {
      sql: `analyze ${fresh(shape.name)}${analyzed ? ` (${analyzed.map(quote).join(', ')})` : ''}`,
      values: [],
    },
  ]);
}

/** Rows from which a table's statistics before the swap are those of its indexed columns. */
const LARGE_TABLE_ROWS = 10_000;

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * The kinds of content whose pages the swap makes stale: each kind the replay moved whose
 * projections' fresh tables differ from the live ones (a rebuild of an unchanged log keeps
 * every cached page, rather than having each visitor after the swap wait for a render). Every
 * kind when a projection was applied through the database (its moves went there unseen), and
 * a kind the replay never moved, as before.
 */
async function changedContent(
  trx: Trx,
  options: { live: string; moved: ReadonlyMap<string, ReadonlySet<string>>; replays: Replay[] },
): Promise<string[]> {
  const { live, moved, replays } = options;
  const scopes = [
    ...new Set([...(await trx(CONTENT_REVISIONS).pluck('scope')), ...moved.keys()]),
  ] as string[];
  if (replays.some((replay) => replay.reason)) return scopes;
  const tablesOf = new Map(replays.map((r) => [r.projection.name, r.projection.tables]));
  const compared = new Map<string, boolean>();
  const changed: string[] = [];
  for (const scope of scopes) {
    const by = moved.get(scope);
    let differs = !by;
    for (const name of by ?? [])
      for (const table of tablesOf.get(name) ?? []) {
        if (!compared.has(table)) compared.set(table, await tableChanged(trx, live, table));
        differs ||= compared.get(table)!;
      }
    if (differs) changed.push(scope);
  }
  return changed;
}

// ---------------------------------------------------------------------------------------------

const LOCK_FAILURES = new Set(['55P03', '40P01']); // lock_not_available, deadlock_detected
/** How long the swap waits for a lock before it gives way and tries again. */
const SWAP_LOCK_TIMEOUT_MS = 50;

/**
 * Rebuilds the projections' tables from the whole log, beside the live ones, and swaps them in;
 * the live tables keep serving until the swap, which holds appends for a moment only.
 */
export async function rebuildProjections(
  store: EventStore,
  projections: Projection[],
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  // Every personal key read once: the replay decrypts from memory, streams included.
  return withKeySnapshot(store.db, () => rebuildWithKeys(store, projections, options), {
    offThreadFrom: options.openOffThreadFrom,
  });
}

async function rebuildWithKeys(
  store: EventStore,
  projections: Projection[],
  options: RebuildOptions,
): Promise<RebuildResult> {
  const db = store.db;
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(2)} s`;
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? 10_000;
  const withTables = projections.filter((p) => p.tables.length > 0);
  const owners = new Map<string, string>();
  for (const p of withTables)
    for (const t of p.tables) {
      if (owners.has(t)) throw new Error(`Rebuild: ${t} belongs to two projections`);
      owners.set(t, p.name);
    }
  const tables = [...owners.keys()];
  if (tables.length === 0) return { events: 0, tables: [], direct: [] };

  const settings = await db.raw<{ rows: { schema: string; path: string }[] }>(
    "select current_schema() as schema, current_setting('search_path') as path",
  );
  const live = settings.rows[0]!.schema;
  const config = db.client.config as Knex.Config;
  // The fresh tables come first on its connections: the projections' own statements, which
  // name their tables without a schema, write to them, as the live ones write to the live.
  const rebuildDb = knex({
    ...config,
    pool: {
      min: 0,
      max: 3,
      afterCreate(conn: pg.Client, done: (error: Error | null, conn: pg.Client) => void) {
        // Commits that do not wait for the disk: until the swap, whatever is written here is
        // thrown away if the server stops, and the swap's commit, later in the log, is only
        // replayed with everything written before it.
        conn.query(
          `set search_path to ${REBUILD_SCHEMA}, ${settings.rows[0]!.path}; set synchronous_commit to off`,
          (error) => done(error ?? null, conn),
        );
      },
    },
  });
  const client = (await rebuildDb.client.acquireConnection()) as pg.PoolClient;
  let locked = false;
  let side: SideStatements | undefined;
  // The rows of each batch are written out while the next batch is applied (the database
  // works beside the replay): what `writing` runs, awaited before the next is started.
  let writing: Promise<void> = Promise.resolve();
  try {
    const { rows } = await client.query<{ ok: boolean }>(
      "select pg_try_advisory_lock(hashtext('kw_rebuild_projections')) as ok",
    );
    locked = rows[0]!.ok;
    if (!locked) throw new Error('Another rebuild of the read models is running');

    // The log's first batch, and the streams it will ask for, are read while the fresh tables
    // are made; from then on the next batch is read while this one is applied.
    const cache = new StreamCache();
    const cursor = new LogCursor(db);
    const read = async () => {
      const batch = await cursor.next(batchSize);
      const streams = new BatchStreams(db, batch);
      await streams.fetch(cache.readingTypes);
      return { batch, streams };
    };
    let pending = read();
    pending.catch(() => {}); // awaited below

    await client.query(`drop schema if exists ${REBUILD_SCHEMA} cascade`);
    await client.query(`create schema ${REBUILD_SCHEMA}`);
    const shapes = new Map(
      await Promise.all(
        tables.map(async (table) => [table, await describeTable(db, live, table)] as const),
      ),
    );
    // Every fresh table in one round trip, each with its primary key from the start: rows
    // written out during the replay are found by it. (Built at the end instead, over all the
    // rows, it cost the database less but lengthened the part after the replay, which waits.)
    await client.query(
      tables
        .map((table) => {
          const shape = shapes.get(table)!;
          const primary = shape.constraints.find((c) => c.primary);
          return `create table ${fresh(table)} (like ${quote(live)}.${quote(table)}
              including defaults including constraints including generated including storage
              including comments);
            ${primary && shape.primaryKey ? `alter table ${fresh(table)} add constraint ${quote(primary.name)} ${primary.def};` : ''}`;
        })
        .join('\n'),
    );

    side = new SideStatements(db);
    const rebuilt = new RegExp(
      `\\b(${tables.map((t) => t.replace(/[^\w]/g, '\\$&')).join('|')})\\b`,
      'i',
    );
    const replays = withTables.map(
      (p) => new Replay(p, shapes, { db, side: side!, cache, owners, rebuilt }),
    );
    const byType = new Map<string, Replay[]>();
    for (const replay of replays)
      for (const type of replay.projection.handles)
        byType.set(type, [...(byType.get(type) ?? []), replay]);

    const writeBatch = async () => {
      await writing;
      const work: Statement[][] = [];
      for (const replay of replays) {
        if (replay.mode !== 'memory') continue;
        for (const table of replay.tables.values()) {
          const writes = table.takeWrites(false);
          if (writes) work.push(writeStatements(rebuildDb, table.shape, writes));
        }
      }
      writing = inParallel(work, 2, (statements) => runStatements(rebuildDb, statements));
      writing.catch(() => {}); // awaited later
    };

    const toDatabase = async (replay: Replay, reason: string) => {
      replay.mode = 'direct';
      replay.reason ||= reason;
      log(`${replay.projection.name}: applied through the database (${replay.reason})`);
      await writing;
      for (const table of replay.tables.values()) await writeTable(rebuildDb, table);
    };
    for (const replay of replays) if (replay.mode === 'direct') await toDatabase(replay, '');

    const applyDirect = async (trx: Trx, event: StoredEvent) => {
      for (const replay of byType.get(event.type) ?? []) await replay.projection.apply(trx, event);
    };

    // The replay, batch by batch.
    let replayed = 0;
    for (;;) {
      const { batch, streams } = await pending;
      const events = batch.events;
      if (events.length === 0) break;
      const last = events.length < batchSize;
      if (!last) pending = read();
      // Types found asking for their stream since the read began.
      await streams.fetch(cache.readingTypes);
      cache.current = streams;
      side.nextBatch();
      // What the projections replayed through the database still have to apply, in order.
      const direct: { event: StoredEvent; replays: Replay[] }[] = [];
      for (let i = 0; i < events.length; i++) {
        const event = events[i]!;
        // The next batch's rows, coming in meanwhile, are read as they come (and sent to be
        // opened), rather than all at once when this batch is done.
        if (i % 500 === 499) await new Promise(setImmediate);
        const handlers = byType.get(event.type);
        if (!handlers) continue;
        let throughDatabase: Replay[] | undefined;
        for (const replay of handlers) {
          if (replay.mode === 'memory') {
            try {
              await replay.apply(event);
              continue;
            } catch (error) {
              if (!(error instanceof Unsupported)) throw error;
              replay.rollbackEvent();
              await toDatabase(replay, error.message);
            }
          }
          if (throughDatabase) throughDatabase.push(replay);
          else throughDatabase = [replay];
        }
        if (throughDatabase) direct.push({ event, replays: throughDatabase });
      }
      if (direct.length > 0)
        await rebuildDb.transaction(async (trx) => {
          for (const { event, replays } of direct)
            for (const replay of replays) await replay.projection.apply(trx, event);
        });
      replayed += events.length;
      await writeBatch();
      await options.onBatch?.(replayed);
      if (last) break;
    }
    await writing;
    cache.current = undefined;
    log(`replayed ${replayed} events in memory (${elapsed()})`);

    const memory = replays
      .filter((r) => r.mode === 'memory')
      .flatMap((r) => [...r.tables.values()])
      .sort((a, b) => b.rows.size - a.rows.size);
    await inParallel(memory, 2, (table) => writeTable(rebuildDb, table));
    // From here every projection is applied through the database, to the fresh tables.
    for (const replay of replays) replay.mode = 'direct';
    log(`wrote ${tables.length} tables, with their indexes (${elapsed()})`);

    // What arrived meanwhile, until little is left.
    for (let round = 0; round < 20; round++) {
      const late = await cursor.since(db);
      if (late.length > 0)
        await rebuildDb.transaction(async (trx) => {
          for (const event of late) await applyDirect(trx, event);
        });
      replayed += late.length;
      if (late.length < 50) break;
    }

    await options.beforeSwap?.();
    // The swap.
    for (let attempt = 1; ; attempt++) {
      const saved = cursor.save();
      try {
        const late = await rebuildDb.transaction(async (trx) => {
          // A read that comes while the swap waits for a lock waits behind it: not for long.
          await trx.raw(`set local lock_timeout = '${SWAP_LOCK_TIMEOUT_MS}ms'`);
          // Appends wait (reads of the log go on); the ones under way finish first.
          await trx.raw(`lock table ${quote(live)}.events in exclusive mode`);
          const events = await cursor.since(trx);
          for (const event of events) await applyDirect(trx, event);
          // Which kinds of content the swap changes, read before it (appends wait meanwhile).
          const changed = await changedContent(trx, { live, moved: side!.movedScopes, replays });
          await trx.raw(
            `lock table ${tables.map((t) => `${quote(live)}.${quote(t)}`).join(', ')} in access exclusive mode`,
          );
          for (const table of tables) {
            await trx.raw(`drop table ${quote(live)}.${quote(table)}`);
            await trx.raw(`alter table ${fresh(table)} set schema ${quote(live)}`);
          }
          // What the replay wrote elsewhere; pages cached from tables that changed are stale.
          await side!.flush(trx);
          for (const scope of changed) await bumpContentRevision(trx, scope);
          return events.length;
        });
        replayed += late;
        break;
      } catch (error) {
        cursor.restore(saved);
        const code = (error as { code?: string }).code;
        if (code && LOCK_FAILURES.has(code) && attempt < 200) {
          log(`swap: a lock was busy, trying again (${attempt})`);
          await new Promise((r) => setTimeout(r, Math.min(250, 10 * attempt)));
          continue;
        }
        throw error;
      }
    }
    log(`swapped in ${tables.length} tables (${elapsed()})`);
    await client.query(`drop schema if exists ${REBUILD_SCHEMA} cascade`);
    return {
      events: replayed,
      tables,
      direct: replays
        .filter((r) => r.reason)
        .map((r) => ({ projection: r.projection.name, reason: r.reason })),
    };
  } catch (error) {
    await writing.catch(() => {});
    // Only the rebuild that holds the lock owns the schema.
    if (locked)
      await client.query(`drop schema if exists ${REBUILD_SCHEMA} cascade`).catch(() => {});
    throw error;
  } finally {
    if (locked)
      await client
        .query("select pg_advisory_unlock(hashtext('kw_rebuild_projections'))")
        .catch(() => {});
    await rebuildDb.client.releaseConnection(client);
    await rebuildDb.destroy();
  }
}
