import { AsyncLocalStorage } from 'node:async_hooks';
import type { KeyObject } from 'node:crypto';
import type { Db, Trx } from '../db.ts';
import type { NewEvent, StoredEvent } from '../event-store/types.ts';
import {
  ERASED,
  freshKey,
  keyFingerprint,
  keyFor,
  keysFor,
  loadOpeningKeys,
  type OpeningKey,
  openedInSnapshot,
  openOnSnapshotThread,
  openWithOpeningKey,
  recentKeyOf,
  type SealedValue,
  type SubjectKey,
  sealWithKey,
  subjectIdOf,
} from './keys.ts';

/**
 * Which fields of an event type identify or describe a person, and whose they are: the
 * address in `subject` (a field of the event), or `'stream'`, the person of the stream's
 * first event that named one (an administrator's notes on an application). Paths may be
 * nested with dots (`changes.responseNotes`).
 */
export interface PersonalFields {
  subject: string;
  fields: readonly string[];
}

export type PersonalFieldsByType = Record<string, PersonalFields>;

const registry = new Map<string, PersonalFields>();

/** Declared by a module's catalogue (`defineEvents(schemas, { personal })`). */
export function declarePersonalFields(byType: PersonalFieldsByType): void {
  for (const [type, fields] of Object.entries(byType)) registry.set(type, fields);
}

export function personalFieldsOf(type: string): PersonalFields | undefined {
  return registry.get(type);
}

/** Every event type with personal fields (the migration that encrypts old events). */
export function personalEventTypes(): string[] {
  return [...registry.keys()];
}

/** How an event's personal fields are stored: beside its other fields, in `data.$personal`. */
export const ENVELOPE = '$personal';

interface Envelope {
  /** The subject's id in the key table. */
  s: string;
  /** The fingerprint of the key that sealed them. */
  k: string;
  /** The paths sealed. */
  f: string[];
  /** Their values, as one JSON object sealed under the subject's key. */
  c: string;
}

type Json = Record<string, unknown>;

function getPath(data: Json, path: string): unknown {
  let at: unknown = data;
  for (const part of path.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Json)[part];
  }
  return at;
}

function setPath(data: Json, path: string, value: unknown): void {
  if (!path.includes('.')) {
    data[path] = value;
    return;
  }
  const parts = path.split('.');
  let at: Json = data;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (typeof next !== 'object' || next === null) return;
    at = next as Json;
  }
  at[parts.at(-1)!] = value;
}

function deletePath(data: Json, path: string): void {
  const parts = path.split('.');
  let at: Json = data;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (typeof next !== 'object' || next === null) return;
    at = next as Json;
  }
  delete at[parts.at(-1)!];
}

/**
 * A deep copy of event data's objects and arrays (what sealing and opening change), sharing
 * every other value: event data is JSON, and structuredClone's serialising was a measurable
 * part of a contact message's CPU.
 */
function cloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (typeof value !== 'object' || value === null) return value;
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return value;
  const out: Json = {};
  for (const key of Object.keys(value)) {
    const item = cloneJson((value as Json)[key]);
    // A key named __proto__ (JSON.parse makes it an own property) stays one.
    if (key === '__proto__')
      Object.defineProperty(out, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = item;
  }
  return out;
}

const copy = (data: unknown): Json => cloneJson(data ?? {}) as Json;

function envelopeOf(data: unknown): Envelope | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const env = (data as Json)[ENVELOPE];
  if (typeof env !== 'object' || env === null) return undefined;
  return env as Envelope;
}

/** Whether an event's data is already in its stored, sealed form. */
export const isSealed = (data: unknown): boolean => envelopeOf(data) !== undefined;

/** The subject of a stream: the one its first sealed event names, if any. */
async function streamSubject(trx: Trx | Db, streamId: string): Promise<string | undefined> {
  const row = await trx('events')
    .select(trx.raw("data->'$personal'->>'s' as s"))
    .where({ stream_id: streamId })
    .whereRaw("data \\? '$personal'")
    .orderBy('version')
    .first();
  return (row as { s?: string } | undefined)?.s ?? undefined;
}

/** An event's personal fields, taken out of a copy of its data; undefined when it has none. */
function personalPart(
  event: NewEvent,
  subjectOf: (declared: PersonalFields, data: Json) => string | undefined,
): { data: Json; subjectId: string; values: Json; paths: string[] } | undefined {
  const declared = personalFieldsOf(event.type);
  if (!declared || isSealed(event.data)) return undefined;
  const data = copy(event.data);
  const subjectId = subjectOf(declared, data);
  if (!subjectId) return undefined;
  const values: Json = {};
  const paths: string[] = [];
  for (const path of declared.fields) {
    const value = getPath(data, path);
    if (value === undefined) continue;
    values[path] = value;
    paths.push(path);
    deletePath(data, path);
  }
  if (paths.length === 0) return undefined;
  return { data, subjectId, values, paths };
}

function sealedEvent(
  type: string,
  part: { data: Json; subjectId: string; values: Json; paths: string[] },
  key: { secret: Buffer | KeyObject; fingerprint: string },
): NewEvent {
  const envelope: Envelope = {
    s: part.subjectId,
    k: key.fingerprint,
    f: part.paths,
    c: sealWithKey(key.secret, part.subjectId, JSON.stringify(part.values)),
  };
  return { type, data: { ...part.data, [ENVELOPE]: envelope } };
}

/**
 * The events as they are stored: each one's personal fields moved into a sealed envelope
 * under its subject's key (created in `trx` when new). Events without personal fields, or
 * whose subject cannot be told, are left as they are.
 */
export async function sealEvents(
  trx: Trx,
  streamId: string,
  events: readonly NewEvent[],
): Promise<NewEvent[]> {
  let streamSubjectId: string | undefined | null = null;
  const out: NewEvent[] = [];
  for (const event of events) {
    const declared = personalFieldsOf(event.type);
    if (declared?.subject === 'stream' && streamSubjectId === null && !isSealed(event.data))
      streamSubjectId = await streamSubject(trx, streamId);
    const part = personalPart(event, (d, data) => {
      if (d.subject === 'stream') return streamSubjectId ?? undefined;
      const email = getPath(data, d.subject);
      const id = typeof email === 'string' && email.trim() !== '' ? subjectIdOf(email) : undefined;
      if (streamSubjectId === null || streamSubjectId === undefined) streamSubjectId = id;
      return id;
    });
    if (!part) {
      out.push(event);
      continue;
    }
    const key = await keyFor(trx, part.subjectId);
    out.push(sealedEvent(event.type, part, { secret: key, fingerprint: keyFingerprint(key) }));
  }
  return out;
}

/**
 * `sealEvents` for several streams' events in a few queries, whatever their number: the
 * streams' subjects read in one, the subjects' keys in another (the worker's batches, which
 * append to many existing streams at once). Each stream's events come out as `sealEvents`
 * would make them.
 */
export async function sealEventsOfStreams(
  trx: Trx,
  entries: readonly { streamId: string; events: readonly NewEvent[] }[],
): Promise<NewEvent[][]> {
  // The streams whose subject a 'stream' event may need.
  const needSubject = entries
    .filter((entry) =>
      entry.events.some(
        (event) => personalFieldsOf(event.type)?.subject === 'stream' && !isSealed(event.data),
      ),
    )
    .map((entry) => entry.streamId);
  const subjects = await streamSubjects(trx, needSubject);
  const parts = entries.map((entry) => {
    let streamSubjectId: string | undefined | null = null;
    return entry.events.map((event) => {
      const declared = personalFieldsOf(event.type);
      if (declared?.subject === 'stream' && streamSubjectId === null && !isSealed(event.data))
        streamSubjectId = subjects.get(entry.streamId);
      return personalPart(event, (d, data) => {
        if (d.subject === 'stream') return streamSubjectId ?? undefined;
        const email = getPath(data, d.subject);
        const id =
          typeof email === 'string' && email.trim() !== '' ? subjectIdOf(email) : undefined;
        if (streamSubjectId === null || streamSubjectId === undefined) streamSubjectId = id;
        return id;
      });
    });
  });
  const keys = await keysFor(
    trx,
    parts.flatMap((list) => list.flatMap((part) => (part ? [part.subjectId] : []))),
  );
  return entries.map((entry, e) =>
    entry.events.map((event, i) => {
      const part = parts[e]![i];
      return part ? sealedEvent(event.type, part, keys.get(part.subjectId)!) : event;
    }),
  );
}

/**
 * Streams' subjects this process has seen: a stream's subject is that of its first sealed
 * event, which never changes, so it is read once (or learnt from the stream's first event when
 * it is opened: a worker enriches the messages whose arrival it just read).
 */
const knownSubjects = new Map<string, string>();
const KNOWN_SUBJECTS_MAX = 20_000;

function learnSubject(streamId: string, subjectId: string): void {
  if (knownSubjects.has(streamId)) return;
  knownSubjects.set(streamId, subjectId);
  if (knownSubjects.size > KNOWN_SUBJECTS_MAX)
    knownSubjects.delete(knownSubjects.keys().next().value!);
}

/** `streamSubject` of several streams, in one query (a stream without one is absent). */
async function streamSubjects(
  trx: Trx | Db,
  streamIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const unknown = new Set<string>();
  for (const id of streamIds) {
    const known = knownSubjects.get(id);
    if (known) found.set(id, known);
    else unknown.add(id);
  }
  if (unknown.size === 0) return found;
  const { rows } = await trx.raw<{ rows: { stream_id: string; s: string | null }[] }>(
    `select distinct on (stream_id) stream_id, data->'$personal'->>'s' as s
       from events where stream_id = any(?) and data \\? '$personal'
      order by stream_id, version`,
    [[...unknown]],
  );
  for (const row of rows) {
    if (!row.s) continue;
    found.set(row.stream_id, row.s);
    learnSubject(row.stream_id, row.s);
  }
  return found;
}

/** What a new stream's events need of the key table, to be checked in the statement that writes them. */
export interface PlannedKeys {
  /** New keys to insert (`on conflict do nothing`: none if the subject had one). */
  fresh: SubjectKey[];
  /** Keys from this process's memory: the table must still hold each, as it is. */
  known: SubjectKey[];
}

/**
 * `sealEvents` for the events of a new stream, with no query: each subject's key is one this
 * process wrote with lately, or a new one. The caller's statement inserts the new keys, checks
 * the known ones against the table, and writes the events only if every key is as planned.
 */
export function sealNewStream(events: readonly NewEvent[]): {
  events: NewEvent[];
  keys: PlannedKeys;
} {
  let streamSubjectId: string | undefined;
  const planned = new Map<string, { entry: SubjectKey; fresh: boolean }>();
  const out: NewEvent[] = [];
  for (const event of events) {
    const part = personalPart(event, (d, data) => {
      // A new stream has no earlier event: its subject is the one this batch named first.
      if (d.subject === 'stream') return streamSubjectId;
      const email = getPath(data, d.subject);
      const id = typeof email === 'string' && email.trim() !== '' ? subjectIdOf(email) : undefined;
      streamSubjectId ??= id;
      return id;
    });
    if (!part) {
      out.push(event);
      continue;
    }
    let plan = planned.get(part.subjectId);
    if (!plan) {
      const known = recentKeyOf(part.subjectId);
      plan = known
        ? { entry: known, fresh: false }
        : { entry: freshKey(part.subjectId), fresh: true };
      planned.set(part.subjectId, plan);
    }
    out.push(sealedEvent(event.type, part, plan.entry));
  }
  const all = [...planned.values()];
  return {
    events: out,
    keys: {
      fresh: all.filter((p) => p.fresh).map((p) => p.entry),
      known: all.filter((p) => !p.fresh).map((p) => p.entry),
    },
  };
}

/** What an append returns: the stored rows with the clear values the caller gave back in place. */
export function withClearData(stored: StoredEvent, clear: NewEvent): StoredEvent {
  if (!isSealed(stored.data)) return stored;
  const data = copy(stored.data);
  const env = envelopeOf(data)!;
  delete data[ENVELOPE];
  const given = copy(clear.data);
  for (const path of env.f) setPath(data, path, getPath(given, path));
  return { ...stored, data };
}

/**
 * A stored event's data without its envelope, ready to take the opened values: the top level
 * copied, and each object on the way to a sealed path (the stored data itself is never changed).
 */
function openedCopy(data: Json, paths: readonly string[]): Json {
  // Copied key by key, leaving the envelope out: deleting it from a copy would turn the copy
  // into a slow (dictionary) object, which every projection then reads.
  const out: Json = {};
  for (const key of Object.keys(data)) {
    if (key === ENVELOPE) continue;
    if (key === '__proto__')
      Object.defineProperty(out, key, {
        value: data[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = data[key];
  }
  for (const path of paths) {
    if (!path.includes('.')) continue;
    const parts = path.split('.');
    let at = out;
    for (const part of parts.slice(0, -1)) {
      const next = at[part];
      if (typeof next !== 'object' || next === null) break;
      const copied = Array.isArray(next) ? [...next] : { ...(next as Json) };
      at[part] = copied;
      at = copied as Json;
    }
  }
  return out;
}

interface Opened {
  data: Json;
  erased: boolean;
}

/**
 * The events a worker's batch was given, opened, by position: what its handler reads again
 * (the same events in their streams) is not opened again, nor are their keys read again. Only
 * for the batch's run (well under a second), which thus sees each event as it was opened at its
 * start; an erasure meanwhile applies to the reads after it, as it would to a batch that had
 * read everything first.
 */
const batchScope = new AsyncLocalStorage<ReadonlyMap<number, StoredEvent>>();

/** Runs a worker's batch with its events (opened) known to the reads inside it. */
export function withBatchEvents<T>(
  events: readonly StoredEvent[],
  fn: () => Promise<T>,
): Promise<T> {
  return batchScope.run(new Map(events.map((e) => [e.position, e])), fn);
}

/** The events of the worker's batch in hand (opened), by position; undefined outside one. */
export const batchEvents = (): ReadonlyMap<number, StoredEvent> | undefined =>
  batchScope.getStore();

/**
 * Events this process opened lately, by position: a worker's queues read the same new events
 * one after another (a contact message's enrichment, the owner's notice, the activity feed),
 * and each would otherwise open it again. A remembered event is used only while its subject's
 * key, read as before, is still the one that sealed it (an erasure deletes the key, so what was
 * opened before it is not used after it), and only for a short while: the memory holds
 * people's data no longer than the work in hand needs it.
 */
const recentlyOpened = new Map<number, { sealed: string; opened: Opened; at: number }>();
const RECENTLY_OPENED_MAX = 5_000;
const RECENTLY_OPENED_MS = 30_000;
let sweep: NodeJS.Timeout | undefined;

function rememberOpened(position: number, sealed: string, opened: Opened): void {
  recentlyOpened.delete(position);
  recentlyOpened.set(position, { sealed, opened, at: Date.now() });
  if (recentlyOpened.size > RECENTLY_OPENED_MAX)
    recentlyOpened.delete(recentlyOpened.keys().next().value!);
  // Entries leave in the order they came: a sweep drops the old ones even when nothing reads.
  sweep ??= setInterval(() => {
    const before = Date.now() - RECENTLY_OPENED_MS;
    for (const [p, entry] of recentlyOpened) {
      if (entry.at > before) break;
      recentlyOpened.delete(p);
    }
    if (recentlyOpened.size === 0) {
      clearInterval(sweep);
      sweep = undefined;
    }
  }, RECENTLY_OPENED_MS).unref();
}

function openedLately(position: number, env: Envelope, key: OpeningKey | undefined) {
  const recent = recentlyOpened.get(position);
  if (!recent || !key || key.fingerprint !== env.k || recent.sealed !== env.c) return undefined;
  if (recent.at <= Date.now() - RECENTLY_OPENED_MS) {
    recentlyOpened.delete(position);
    return undefined;
  }
  return recent.opened;
}

/**
 * Opens the events' sealed fields with their subjects' keys, read in one query (or from the
 * snapshot in scope). A field whose key is gone reads as `[erased]` and the event is marked
 * `erased`: projections leave it out whole, so no row is half there. Within a key snapshot (a
 * rebuild), an event read again (its stream, for a projection that reads streams) is opened once.
 */
export async function openEvents(db: Db | Trx, events: StoredEvent[]): Promise<StoredEvent[]> {
  const memo = openedInSnapshot();
  const batch = batchScope.getStore();
  const subjects: string[] = [];
  const sealed: SealedValue[] = [];
  const sealedAt: number[] = [];
  for (const [i, e] of events.entries()) {
    const env = envelopeOf(e.data);
    if (env && memo?.get(e.data as object) === undefined && !batch?.has(e.position)) {
      subjects.push(env.s);
      if (memo) {
        sealed.push({ subject: env.s, fingerprint: env.k, sealed: env.c });
        sealedAt.push(i);
      }
    }
  }
  if (subjects.length === 0 && !memo && !batch) return events;
  // A rebuild's large batches are opened on its snapshot's thread; what is left, here.
  const onThread = memo ? await openOnSnapshotThread(sealed) : undefined;
  const openedThere = new Map<number, string | null>();
  for (const [j, plain] of onThread ?? []) openedThere.set(sealedAt[j]!, plain);
  const left = onThread ? subjects.filter((_, j) => !onThread.has(j)) : subjects;
  const keys = left.length > 0 ? await loadOpeningKeys(db, left) : new Map<string, OpeningKey>();
  return events.map((event, i) => {
    const env = envelopeOf(event.data);
    if (!env) return event;
    if (event.version === 1) learnSubject(event.streamId, env.s);
    const known = batch?.get(event.position);
    if (known)
      return known.erased
        ? { ...event, data: known.data, erased: true }
        : { ...event, data: known.data };
    const key = keys.get(env.s);
    let opened =
      (memo?.get(event.data as object) as Opened | undefined) ??
      (memo ? undefined : openedLately(event.position, env, key));
    if (!opened) {
      const data = openedCopy(event.data as Json, env.f);
      const there = openedThere.get(i);
      const plain =
        there !== undefined
          ? there
          : key && key.fingerprint === env.k
            ? openWithOpeningKey(key, env.s, env.c)
            : null;
      if (plain === null) {
        for (const path of env.f) setPath(data, path, ERASED);
        opened = { data, erased: true };
      } else {
        const values = JSON.parse(plain) as Json;
        for (const path of env.f) setPath(data, path, values[path]);
        opened = { data, erased: false };
        // A rebuild's snapshot keeps its own (and would only churn this).
        if (!memo) rememberOpened(event.position, env.c, opened);
      }
      memo?.set(event.data as object, opened);
    }
    return opened.erased
      ? { ...event, data: opened.data, erased: true }
      : { ...event, data: opened.data };
  });
}

/**
 * The migration of events written before crypto-shredding: each event of these types still in
 * clear is re-written once into its sealed form, in log order (so a stream's subject is known
 * before its later events), in batches of `batch` per transaction. Returns how many it sealed;
 * a second run finds none.
 */
export async function sealExistingEvents(
  db: Db | Trx,
  types: readonly string[],
  batch = 500,
): Promise<number> {
  const any = await db('events').whereIn('type', types).first('position');
  // A new database has nothing to re-write (and may be migrated without the modules loaded).
  if (!any) return 0;
  const missing = types.filter((t) => !personalFieldsOf(t));
  if (missing.length > 0)
    throw new Error(`No personal fields are declared for ${missing.join(', ')}: load the modules`);
  let sealed = 0;
  let after = 0;
  for (;;) {
    const rows: { position: number; stream_id: string; type: string; data: unknown }[] = await db(
      'events',
    )
      .select('position', 'stream_id', 'type', 'data')
      .whereIn('type', types)
      .where('position', '>', after)
      .whereRaw("not (data \\? '$personal')")
      .orderBy('position')
      .limit(batch);
    if (rows.length === 0) return sealed;
    await db.transaction(async (trx) => {
      for (const row of rows) {
        const [event] = await sealEvents(trx, row.stream_id, [{ type: row.type, data: row.data }]);
        if (!event || !isSealed(event.data)) continue;
        await trx('events')
          .where({ position: row.position })
          .update({ data: JSON.stringify(event.data) });
        sealed++;
      }
    });
    after = rows.at(-1)!.position;
  }
}
