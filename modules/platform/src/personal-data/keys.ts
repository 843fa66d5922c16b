import { AsyncLocalStorage } from 'node:async_hooks';
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  generateKeySync,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { Db, Trx } from '../db.ts';

// Crypto-shredding (issue 13): each person's fields in the event log are encrypted
// (AES-256-GCM) under a key of their own, found by a keyed hash of their normalised e-mail
// address. The keys live in `personal_keys`, each wrapped (AES-256-GCM) under a master key
// derived from DATA_KEY, else the DATA_DIR secret. Erasing a person deletes their key: the
// ciphertext left in the log and in every backup can no longer be read.

export const PERSONAL_KEYS = 'personal_keys';
/** Subjects erased, with when: what a restore applies again to the keys it brings back. */
export const ERASED_SUBJECTS = 'erased_subjects';

/** What a personal field reads as once its key is gone. */
export const ERASED = '[erased]';

const VERSION = 'v1';

// The master keys are KeyObjects, made once: node's crypto turns a Buffer key into one on every
// call (a measurable part of a contact message's CPU when it was done three times per message).
interface MasterKeys {
  wrap: KeyObject;
  subject: KeyObject;
  hash: KeyObject;
}

let master: MasterKeys | undefined;

function derive(secret: string, purpose: string): KeyObject {
  return createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'kw-personal-data', purpose, 32)));
}

/**
 * Sets the process's master secret (the config's `dataKey`): every entry point calls it once,
 * before the event store reads or writes a personal field.
 */
export function usePersonalDataKey(secret: string): void {
  master = {
    wrap: derive(secret, 'wrap'),
    subject: derive(secret, 'subject'),
    hash: derive(secret, 'hash'),
  };
  recentKeys.clear();
  unwrapped.clear();
}

function keys(): MasterKeys {
  if (master) return master;
  // Every process sets it when it loads its configuration (loadConfig). Code that builds an
  // event store by hand without one (tests, a bench's fixtures) gets a fixed key, except in
  // production, where that would be a mistake.
  if (process.env.NODE_ENV === 'production')
    throw new Error('The personal-data master key is not set (loadConfig sets it from DATA_KEY)');
  usePersonalDataKey('unconfigured-personal-data-key-for-tests-only');
  return master!;
}

/** An address as one person: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The person's id in the key table: a keyed hash of the address, never the address. */
export function subjectIdOf(email: string): string {
  return createHmac('sha256', keys().subject).update(normaliseEmail(email)).digest('base64url');
}

/**
 * A keyed hash of an address for lists that must only recognise it (a newsletter's
 * suppression list): the same address always gives the same value, and it survives erasure.
 */
export function addressHash(purpose: string, email: string): string {
  return createHmac('sha256', keys().hash)
    .update(`${purpose}\0${normaliseEmail(email)}`)
    .digest('base64url');
}

// IVs are drawn from the system's random source a few thousand at a time: one call per value
// was a quarter of what a worker's batch spent sealing.
const IV_BYTES = 12;
const IVS_AT_ONCE = 4096;
let ivs = Buffer.alloc(0);
let nextIv = 0;

function freshIv(): Buffer {
  if (nextIv + IV_BYTES > ivs.length) {
    ivs = randomBytes(IV_BYTES * IVS_AT_ONCE);
    nextIv = 0;
  }
  nextIv += IV_BYTES;
  return ivs.subarray(nextIv - IV_BYTES, nextIv);
}

function seal(key: Buffer | KeyObject, aad: string, plain: Buffer): string {
  const iv = freshIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/**
 * Opening takes node's key object rather than the key's bytes where it can: given a Buffer,
 * node checks what kind of key it is anew on every call (tens of microseconds, most of what a
 * rebuild spent opening events); a key object is made once per key.
 */
function open(key: Buffer | KeyObject, aad: string, sealed: string): Buffer {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error('Unknown format of an encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = decipher.update(Buffer.from(body, 'base64url'));
  // GCM gives everything from update; final checks the tag (and throws when it does not match).
  const rest = decipher.final();
  return rest.length === 0 ? plain : Buffer.concat([plain, rest]);
}

/**
 * Which key sealed a value: a person erased and seen again gets a new key under the same
 * subject id, and what the old key sealed stays erased.
 */
export const keyFingerprint = (key: Buffer): string =>
  createHash('sha256').update(key).digest('base64url').slice(0, 11);

export const sealWithKey = (key: Buffer | KeyObject, subjectId: string, plain: string): string =>
  seal(key, subjectId, Buffer.from(plain, 'utf8'));
export const openWithKey = (key: Buffer, subjectId: string, sealed: string): string =>
  open(key, subjectId, sealed).toString('utf8');

/** Unwrapped keys by subject id: what one read needs, or a whole snapshot (a rebuild). */
export type KeyMap = Map<string, Buffer>;

/** An unwrapped key as opening needs it: node's key object and its fingerprint, made once. */
export interface OpeningKey {
  key: Buffer;
  object: KeyObject;
  fingerprint: string;
}

export const openingKey = (key: Buffer): OpeningKey => ({
  key,
  object: createSecretKey(key),
  fingerprint: keyFingerprint(key),
});

/** Opens a value sealed under the subject's key. */
export const openWithOpeningKey = (key: OpeningKey, subjectId: string, sealed: string): string =>
  open(key.object, subjectId, sealed).toString('utf8');

export interface KeyRow {
  subject_id: string;
  wrapped_key: string;
}

export class KeyUnreadableError extends Error {
  override name = 'KeyUnreadableError';
}

const KEY_UNREADABLE =
  'A personal-data key cannot be opened with this master key: DATA_KEY (or the DATA_DIR secret) differs from the one that wrapped it';

/** A subject's key from its row, with the master wrapping key given (the opening thread's). */
export function unwrapWith(wrap: KeyObject, row: KeyRow): Buffer {
  try {
    return open(wrap, row.subject_id, row.wrapped_key);
  } catch {
    throw new KeyUnreadableError(KEY_UNREADABLE);
  }
}

const unwrap = (row: KeyRow): Buffer => unwrapWith(keys().wrap, row);

/**
 * Keys unwrapped lately, by subject, with the wrapped bytes they came from: a row read again
 * with the same bytes is not unwrapped again (a worker's batches read the same people's keys
 * for each queue). Only ever used for a row just read from the table, so a key shredded since
 * is not found, whatever is kept here; forgotten with its subject's erasure. Bounded, oldest out.
 */
const unwrapped = new Map<string, { wrapped: string; key: OpeningKey }>();
// Above a burst's size (a few thousand people, a few hundred bytes each): each of a worker's
// queues reads the same people in turn, and a smaller bound let the first evict them all
// before the next came.
const UNWRAPPED_MAX = 10_000;

function openingKeyOf(row: KeyRow): OpeningKey {
  const known = unwrapped.get(row.subject_id);
  if (known && known.wrapped === row.wrapped_key) return known.key;
  const key = openingKey(unwrap(row));
  unwrapped.delete(row.subject_id);
  unwrapped.set(row.subject_id, { wrapped: row.wrapped_key, key });
  if (unwrapped.size > UNWRAPPED_MAX) unwrapped.delete(unwrapped.keys().next().value!);
  return key;
}

/**
 * Every key row read once up front (a rebuild), each unwrapped when first needed, and the events
 * already opened (a rebuild reads a stream's events again for the projections that look at
 * whole streams: each is opened once).
 */
interface KeySnapshot {
  wrapped: Map<string, KeyRow>;
  keys: Map<string, OpeningKey>;
  /**
   * Opened events by their stored data object, for the batch being read and the one before
   * (being applied meanwhile): plain maps, turned over once per batch (`turnOpenedEvents`).
   */
  opened: Map<object, unknown>;
  openedBefore: Map<object, unknown>;
  /** Opens large batches on a thread of its own, with the keys read up front (`rowsOnThread`). */
  thread: OpeningThread | undefined;
  rowsOnThread: ReadonlySet<string>;
  offThreadFrom: number;
}

const snapshotScope = new AsyncLocalStorage<KeySnapshot>();

/** A value to open: whose it is, which of their keys sealed it, and the sealed text. */
export interface SealedValue {
  subject: string;
  fingerprint: string;
  sealed: string;
}

/**
 * A thread that opens sealed values with the snapshot's keys: a rebuild's replay applies one
 * batch while the next is opened beside it (opening was a fifth of the replay's time on one
 * core). Answers come in the order asked.
 */
class OpeningThread {
  private readonly worker: Worker;
  private readonly waiting: {
    resolve: (plain: (string | null)[]) => void;
    reject: (error: Error) => void;
  }[] = [];
  private failed: Error | undefined;

  constructor() {
    this.worker = new Worker(new URL('./opening-thread.ts', import.meta.url));
    this.worker.unref();
    this.worker.on('message', (answer: { plain?: (string | null)[]; error?: string }) => {
      const asked = this.waiting.shift();
      if (this.waiting.length === 0) this.worker.unref();
      if (answer.error !== undefined) asked?.reject(new KeyUnreadableError(answer.error));
      else asked?.resolve(answer.plain!);
    });
    const fail = (error: Error) => {
      this.failed = error;
      for (const asked of this.waiting.splice(0)) asked.reject(error);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`The opening thread stopped (${code})`)));
  }

  /** The keys to open with from now on (those it held are forgotten). */
  useKeys(rows: KeyRow[]): void {
    this.worker.postMessage({ wrap: keys().wrap, rows });
  }

  /** Each value opened with its subject's key, or null where that key is not the one given. */
  open(values: SealedValue[]) {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise<(string | null)[]>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.ref(); // the answer keeps the process alive
      this.worker.postMessage({ values });
    });
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

/**
 * Runs `fn` with every key read once up front (a rebuild's replay, which must not query the
 * key table for each stream it reads): reads inside it decrypt from the snapshot.
 */
export async function withKeySnapshot<T>(
  db: Db | Trx,
  fn: () => Promise<T>,
  options: { offThreadFrom?: number } = {},
): Promise<T> {
  const snapshot: KeySnapshot = {
    wrapped: new Map(),
    keys: new Map(),
    opened: new Map(),
    openedBefore: new Map(),
    thread: undefined,
    rowsOnThread: new Set(),
    offThreadFrom: options.offThreadFrom ?? OFF_THREAD_FROM,
  };
  try {
    await fill(db, snapshot);
    return await snapshotScope.run(snapshot, fn);
  } finally {
    await snapshot.thread?.close();
  }
}

/** Below this many values to open at once, they are opened here: a thread's round trip costs more. */
const OFF_THREAD_FROM = 500;

async function fill(db: Db | Trx, snapshot: KeySnapshot): Promise<void> {
  const rows: KeyRow[] = await db(PERSONAL_KEYS).select('subject_id', 'wrapped_key');
  snapshot.wrapped.clear();
  snapshot.keys.clear();
  snapshot.opened.clear();
  snapshot.openedBefore.clear();
  for (const r of rows) snapshot.wrapped.set(r.subject_id, r);
  // A snapshot of a few people never opens enough at once to need the thread. Read again with
  // fewer (people erased meanwhile), the thread forgets the keys it had: none is used again.
  if (rows.length >= snapshot.offThreadFrom) {
    snapshot.thread ??= new OpeningThread();
    snapshot.thread.useKeys(rows);
    snapshot.rowsOnThread = new Set(snapshot.wrapped.keys());
  } else if (snapshot.thread) {
    snapshot.thread.useKeys([]);
    snapshot.rowsOnThread = new Set();
  }
}

/**
 * Opens, on the snapshot's thread, the values of the subjects whose keys it holds, when there
 * are enough of them: their plain texts (null where the key is not the one that sealed it), by
 * index; the rest are left to the caller. Undefined when nothing is opened there.
 */
export async function openOnSnapshotThread(
  values: SealedValue[],
): Promise<Map<number, string | null> | undefined> {
  const snapshot = snapshotScope.getStore();
  if (!snapshot?.thread || values.length < snapshot.offThreadFrom) return undefined;
  const there: number[] = [];
  for (const [i, v] of values.entries()) if (snapshot.rowsOnThread.has(v.subject)) there.push(i);
  if (there.length < snapshot.offThreadFrom) return undefined;
  const plain = await snapshot.thread.open(there.map((i) => values[i]!));
  return new Map(there.map((index, j) => [index, plain[j]!]));
}

/** Reads the snapshot in scope again (a rebuild catching up with what was appended meanwhile). */
export async function refreshKeySnapshot(db: Db | Trx): Promise<void> {
  const snapshot = snapshotScope.getStore();
  if (snapshot) await fill(db, snapshot);
}

/** The events opened in the snapshot in scope, if any (see `openEvents`). */
export interface OpenedEvents {
  get(data: object): unknown;
  set(data: object, opened: unknown): void;
}

export function openedInSnapshot(): OpenedEvents | undefined {
  const snapshot = snapshotScope.getStore();
  if (!snapshot) return undefined;
  return {
    get: (data) => snapshot.opened.get(data) ?? snapshot.openedBefore.get(data),
    set: (data, opened) => {
      snapshot.opened.set(data, opened);
    },
  };
}

/** A new batch of the log is read: the events opened two batches ago are let go. */
export function turnOpenedEvents(): void {
  const snapshot = snapshotScope.getStore();
  if (!snapshot) return;
  snapshot.openedBefore = snapshot.opened;
  snapshot.opened = new Map();
}

/**
 * The keys of these subjects that still exist, ready to open with (from the snapshot in scope,
 * if any; keys made since it was read, a person new during a rebuild, from the table).
 */
export async function loadOpeningKeys(
  db: Db | Trx,
  subjectIds: Iterable<string>,
): Promise<Map<string, OpeningKey>> {
  const found = new Map<string, OpeningKey>();
  const snapshot = snapshotScope.getStore();
  const missing = new Set<string>();
  for (const id of subjectIds) {
    if (found.has(id)) continue;
    if (snapshot) {
      let key = snapshot.keys.get(id);
      if (!key) {
        const row = snapshot.wrapped.get(id);
        if (row) {
          key = openingKey(unwrap(row));
          snapshot.keys.set(id, key);
        }
      }
      if (key) {
        found.set(id, key);
        continue;
      }
    }
    missing.add(id);
  }
  if (missing.size === 0) return found;
  const rows: KeyRow[] = await db(PERSONAL_KEYS)
    .select('subject_id', 'wrapped_key')
    .whereRaw('subject_id = any(?::text[])', [[...missing]]);
  for (const row of rows) {
    const key = snapshot ? openingKey(unwrap(row)) : openingKeyOf(row);
    found.set(row.subject_id, key);
    if (snapshot) {
      snapshot.wrapped.set(row.subject_id, row);
      snapshot.keys.set(row.subject_id, key);
    }
  }
  return found;
}

/** The keys of these subjects that still exist (from the snapshot in scope, if any). */
export async function loadKeys(db: Db | Trx, subjectIds: Iterable<string>): Promise<KeyMap> {
  const found: KeyMap = new Map();
  for (const [id, { key }] of await loadOpeningKeys(db, subjectIds)) found.set(id, key);
  return found;
}

/** A subject's key with its stored (wrapped) form. */
export interface SubjectKey {
  subjectId: string;
  /** As a KeyObject: node's crypto takes it as it is (a Buffer is checked and converted on every call). */
  secret: KeyObject;
  /** `keyFingerprint` of it. */
  fingerprint: string;
  wrapped: string;
}

function subjectKey(subjectId: string, key: Buffer, wrapped: string): SubjectKey {
  return { subjectId, secret: createSecretKey(key), fingerprint: keyFingerprint(key), wrapped };
}

/**
 * The keys this process wrote with lately, by subject id: what lets a write for a person seen
 * before skip reading their key. A key from here is only ever used under a check, in the
 * statement that writes what it sealed, that the key table still holds it (the same wrapped
 * bytes, locked until the commit, so an erasure waits for the write and then takes it too); a
 * person erased since, or whose key was made again, fails the check and the write goes the
 * long way (`keyFor`). It never puts a key back into the table. Bounded, oldest out first.
 */
class RecentKeys {
  private readonly entries = new Map<string, SubjectKey>();
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
  }
  get(subjectId: string): SubjectKey | undefined {
    const found = this.entries.get(subjectId);
    if (found) {
      this.entries.delete(subjectId);
      this.entries.set(subjectId, found);
    }
    return found;
  }
  set(entry: SubjectKey): void {
    this.entries.delete(entry.subjectId);
    this.entries.set(entry.subjectId, entry);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
  delete(subjectId: string): void {
    this.entries.delete(subjectId);
  }
  clear(): void {
    this.entries.clear();
  }
}

const recentKeys = new RecentKeys(1000);

/** A key this process wrote with lately (to be used only under the table check: see RecentKeys). */
export const recentKeyOf = (subjectId: string): SubjectKey | undefined => recentKeys.get(subjectId);
/** Remembers a key that is in the table (written or read by a committed write). */
export const rememberKey = (entry: SubjectKey): void => recentKeys.set(entry);
/** Forgets a key (its check failed: erased or made again). */
export const forgetKey = (subjectId: string): void => {
  recentKeys.delete(subjectId);
  unwrapped.delete(subjectId);
};

/**
 * A new key for a subject, not yet stored: the caller inserts it (`on conflict do nothing`) in
 * the statement that writes what it sealed, and writes nothing if the subject had one already.
 */
export function freshKey(subjectId: string): SubjectKey {
  const secret = generateKeySync('aes', { length: 256 });
  const key = secret.export();
  return {
    subjectId,
    secret,
    fingerprint: keyFingerprint(key),
    wrapped: seal(keys().wrap, subjectId, key),
  };
}

/**
 * The subject's key, created in the caller's transaction when it has none: one statement
 * (the insert, or the row a concurrent one made).
 */
export async function keyFor(trx: Trx, subjectId: string): Promise<Buffer> {
  const fresh = seal(keys().wrap, subjectId, randomBytes(32));
  const { rows } = await trx.raw<{ rows: KeyRow[] }>(
    `with made as (
       insert into ${PERSONAL_KEYS} (subject_id, wrapped_key) values (?, ?)
       on conflict (subject_id) do nothing
       returning subject_id, wrapped_key
     )
     select subject_id, wrapped_key from made
     union all
     select subject_id, wrapped_key from ${PERSONAL_KEYS} where subject_id = ?
     limit 1`,
    [subjectId, fresh, subjectId],
  );
  // A concurrent first write for the same person committed after this statement's snapshot:
  // its row is there for the next one.
  const row =
    rows[0] ??
    ((await trx(PERSONAL_KEYS)
      .select('subject_id', 'wrapped_key')
      .where({ subject_id: subjectId })
      .first()) as KeyRow | undefined);
  if (!row) throw new Error('The personal key just written is not there');
  const key = unwrap(row);
  // Known once the transaction commits (a rolled-back one leaves nothing to remember).
  trx.executionPromise.then(
    () => recentKeys.set(subjectKey(subjectId, key, row.wrapped_key)),
    () => {},
  );
  return key;
}

/**
 * `keyFor` for several subjects at once: the keys they have, read in one query; a subject
 * without one gets it from `keyFor` (a new person: rare where this is used, on streams that
 * exist already).
 */
export async function keysFor(
  trx: Trx,
  subjectIds: Iterable<string>,
): Promise<Map<string, { secret: Buffer | KeyObject; fingerprint: string }>> {
  const wanted = [...new Set(subjectIds)];
  const found = new Map<string, { secret: Buffer | KeyObject; fingerprint: string }>();
  if (wanted.length === 0) return found;
  const rows: KeyRow[] = await trx(PERSONAL_KEYS)
    .select('subject_id', 'wrapped_key')
    .whereIn('subject_id', wanted);
  const remembered: SubjectKey[] = [];
  for (const row of rows) {
    const opening = openingKeyOf(row);
    found.set(row.subject_id, { secret: opening.object, fingerprint: opening.fingerprint });
    remembered.push({
      subjectId: row.subject_id,
      secret: opening.object,
      fingerprint: opening.fingerprint,
      wrapped: row.wrapped_key,
    });
  }
  trx.executionPromise.then(
    () => {
      for (const entry of remembered) recentKeys.set(entry);
    },
    () => {},
  );
  for (const id of wanted) {
    if (found.has(id)) continue;
    const key = await keyFor(trx, id);
    found.set(id, { secret: key, fingerprint: keyFingerprint(key) });
  }
  return found;
}

/** Whether the person has a key (something about them may still be readable). */
export async function hasKey(db: Db | Trx, email: string): Promise<boolean> {
  const row = await db(PERSONAL_KEYS)
    .where({ subject_id: subjectIdOf(email) })
    .first('subject_id');
  return row !== undefined;
}

/**
 * Shreds the person: deletes their key and records the erasure (so a restore of an older
 * backup deletes the key again), in the caller's transaction.
 */
export async function shredSubject(
  trx: Trx,
  email: string,
  at: Date,
  files: readonly string[] = [],
): Promise<void> {
  const subjectId = subjectIdOf(email);
  recentKeys.delete(subjectId);
  unwrapped.delete(subjectId);
  await trx(PERSONAL_KEYS).where({ subject_id: subjectId }).delete();
  await trx(ERASED_SUBJECTS)
    .insert({ subject_id: subjectId, erased_at: at, files: JSON.stringify(files) })
    .onConflict('subject_id')
    .merge();
}

/** The key table as a backup holds it: wrapped keys only (useless without the master key). */
export async function keyTableRows(db: Db): Promise<{ keys: unknown[]; erased: unknown[] }> {
  return {
    keys: await db(PERSONAL_KEYS).select('*').orderBy('subject_id'),
    erased: await db(ERASED_SUBJECTS).select('*').orderBy('subject_id'),
  };
}

/**
 * Puts a backup's key table back, then deletes again every key erased since it was made (the
 * erasures recorded here, and the backup's own): a key created before its subject's erasure
 * never comes back. Returns how many keys it deleted again.
 */
export async function restoreKeyTable(
  trx: Trx,
  backup: { keys: KeyRowIn[]; erased: ErasedRowIn[] },
): Promise<{ keysDeleted: number; files: string[] }> {
  const kept: ErasedRowIn[] = await trx(ERASED_SUBJECTS).select('*');
  recentKeys.clear();
  unwrapped.clear();
  await trx(PERSONAL_KEYS).delete();
  for (let i = 0; i < backup.keys.length; i += 500)
    await trx(PERSONAL_KEYS).insert(backup.keys.slice(i, i + 500));
  const erased = new Map<string, { at: Date; files: Set<string> }>();
  for (const row of [...backup.erased, ...kept]) {
    const at = new Date(row.erased_at);
    const seen = erased.get(row.subject_id) ?? { at, files: new Set<string>() };
    if (seen.at < at) seen.at = at;
    for (const file of row.files ?? []) seen.files.add(file);
    erased.set(row.subject_id, seen);
  }
  let keysDeleted = 0;
  const files: string[] = [];
  for (const [subjectId, { at, files: theirs }] of erased) {
    await trx(ERASED_SUBJECTS)
      .insert({ subject_id: subjectId, erased_at: at, files: JSON.stringify([...theirs]) })
      .onConflict('subject_id')
      .merge();
    keysDeleted += await trx(PERSONAL_KEYS)
      .where({ subject_id: subjectId })
      .where('created_at', '<=', at)
      .delete();
    files.push(...theirs);
  }
  return { keysDeleted, files };
}

export interface KeyRowIn {
  subject_id: string;
  wrapped_key: string;
  created_at: string | Date;
}
export interface ErasedRowIn {
  subject_id: string;
  erased_at: string | Date;
  /** The erasure's files, relative to DATA_DIR (a restore deletes them again). */
  files?: string[];
}
