import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  deleteFiles,
  type EventMetadata,
  findMailCopies,
  hasKey,
  type MailCopy,
  type NamedPersonalDataSource,
  NotFoundError,
  normaliseEmail,
  type PersonalDataDeps,
  type PersonalRecord,
  readableMessage,
  shredSubject,
  zip,
} from '@kw/platform';
import {
  beginErasure,
  finishErasure as finishErasureCommand,
  type RetentionPeriods,
  recordRetentionRun,
  retentionCutoffs,
  saltedHash,
} from './commands.ts';
import { PRIVACY_ERASURES, retentionPeriods } from './queries.ts';

// Access and erasure by e-mail address (issue 13), across every module, through the seam each
// module gives the composition (ServerModule.personalData): never another module's tables.

export interface PrivacyDeps extends PersonalDataDeps {
  sources: NamedPersonalDataSource[];
}

export interface HeldRecord extends PersonalRecord {
  module: string;
}

/** Everything held about one address. */
export interface Holdings {
  email: string;
  records: HeldRecord[];
  /** Copies of e-mails sent to or about them (DATA_DIR/mail). */
  mails: MailCopy[];
  /** Their key exists: the event log's copy of their fields can still be read. */
  keyHeld: boolean;
}

export const nothingHeld = (h: Holdings): boolean =>
  h.records.length === 0 && h.mails.length === 0 && !h.keyHeld;

export const nothingHeldMessage = (email: string): string =>
  `Nothing is held about ${email}: no record, e-mail or key.`;

export async function findPerson(deps: PrivacyDeps, email: string): Promise<Holdings> {
  const normal = normaliseEmail(email);
  const records: HeldRecord[] = [];
  for (const { module, source } of deps.sources)
    for (const record of await source.find(deps, normal)) records.push({ module, ...record });
  return {
    email: normal,
    records,
    mails: await findMailCopies(deps.config.mailDir, normal),
    keyHeld: await hasKey(deps.db, normal),
  };
}

export interface ErasureOutcome {
  erasureId: string;
  /** `pending`: a file could not be deleted yet; the worker tries again until it is. */
  status: 'done' | 'pending';
  records: number;
  files: number;
}

/** Erases the person: every record, their files and mail copies, and their key. */
export async function erasePerson(
  deps: PrivacyDeps,
  email: string,
  metadata: EventMetadata,
  now = new Date(),
): Promise<ErasureOutcome> {
  const held = await findPerson(deps, email);
  if (nothingHeld(held)) throw new NotFoundError(nothingHeldMessage(held.email));
  return erase(deps, held, held.records, 'person', metadata, now);
}

/**
 * One erasure: the records' deletion events, the key (scope `person`) and `ErasureStarted`
 * (the files still to delete) in one transaction, so the key never goes without the rows or
 * the reverse; then the files, and `PersonErased` once they are all gone. A file that cannot
 * be deleted leaves the erasure pending: its worker job, then the daily retention run, try
 * again until it is complete.
 */
async function erase(
  deps: PrivacyDeps,
  held: Holdings,
  records: HeldRecord[],
  scope: 'person' | 'records',
  metadata: EventMetadata,
  now: Date,
): Promise<ErasureOutcome> {
  const erasureId = randomUUID();
  const files = [
    ...records.flatMap((r) => r.files.map((f) => f.path)),
    ...(scope === 'person' ? held.mails.map((m) => m.path) : []),
  ].map((file) => path.relative(deps.config.dataDir, file));
  const hashed = saltedHash(held.email);
  await deps.db.transaction(async (trx) => {
    for (const record of records) {
      const named = deps.sources.find((s) => s.module === record.module);
      if (!named) throw new Error(`No personal-data source for ${record.module}`);
      await named.source.erase(deps, trx, record, metadata);
    }
    if (scope === 'person') await shredSubject(trx, held.email, now, files);
    await beginErasure(
      deps.store,
      { erasureId, ...hashed, requestedBy: metadata.actor, scope, records: records.length, files },
      { metadata, trx },
    );
  });
  const done = await finishErasure(deps, erasureId, metadata).catch(() => false);
  return {
    erasureId,
    status: done ? 'done' : 'pending',
    records: records.length,
    files: files.length,
  };
}

/** Deletes the erasure's files, then records `PersonErased` (once). Throws when a file stays. */
export async function finishErasure(
  deps: PrivacyDeps,
  erasureId: string,
  metadata: EventMetadata,
): Promise<boolean> {
  return finishErasureCommand(
    deps.store,
    erasureId,
    (files) => deleteFiles(files.map((file) => path.resolve(deps.config.dataDir, file))),
    metadata,
  );
}

/**
 * The daily retention run at `now`: pending erasures are tried again, then every record past
 * its period is erased through the same path (the whole person, key included, when nothing
 * else of theirs is kept). Records how many it erased.
 */
export async function runRetention(
  deps: PrivacyDeps,
  now: Date,
  log: (error: unknown, message: string) => void = () => {},
): Promise<number> {
  const metadata: EventMetadata = { actor: 'retention' };
  const pending: string[] = await deps
    .db(PRIVACY_ERASURES)
    .where({ status: 'pending' })
    .pluck('id');
  for (const id of pending)
    await finishErasure(deps, id, metadata).catch((error) => log(error, 'erasure still pending'));
  const periods: RetentionPeriods = await retentionPeriods(deps.db);
  const cutoffs = retentionCutoffs(periods, now);
  const due = new Map<string, Set<string>>();
  for (const { source } of deps.sources) {
    for (const { email, record } of (await source.expired?.(deps, cutoffs)) ?? []) {
      const key = normaliseEmail(email);
      due.set(key, (due.get(key) ?? new Set()).add(record.id));
    }
  }
  let erased = 0;
  for (const [email, ids] of due) {
    try {
      const held = await findPerson(deps, email);
      const expired = held.records.filter((r) => ids.has(r.id));
      if (expired.length === 0) continue;
      const whole = expired.length === held.records.length;
      await erase(deps, held, expired, whole ? 'person' : 'records', metadata, now);
      erased += expired.length;
    } catch (error) {
      log(error, 'retention: an erasure failed; the next run tries again');
    }
  }
  await recordRetentionRun(deps.store, { ranAt: now, erased }, metadata);
  return erased;
}

/**
 * The answer to an access request: one JSON file, the résumés and the e-mails beside it (each
 * as sent, an .eml file any mail program opens, and in the JSON as text a reader can read: the
 * sent form is quoted-printable or base64).
 */
export async function exportZip(held: Holdings, now: Date): Promise<Buffer> {
  const mails = [];
  const sent = [];
  for (const m of held.mails) {
    const raw = await readFile(m.path).catch(() => undefined);
    if (!raw) continue; // erased meanwhile
    const file = `emails/${m.name}`;
    sent.push({ name: file, data: raw });
    mails.push({
      subject: m.subject,
      date: m.date,
      file,
      text: readableMessage(raw.toString('utf8')),
    });
  }
  const json = {
    exportedAt: now.toISOString(),
    email: held.email,
    records: held.records.map((r) => ({
      module: r.module,
      kind: r.kind,
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      lastChangedAt: r.lastChangedAt.toISOString(),
      data: r.data,
      files: r.files.map((f) => `resumes/${f.name}`),
    })),
    emails: mails,
  };
  const files = [];
  for (const r of held.records)
    for (const f of r.files) {
      const data = await readFile(f.path).catch(() => undefined);
      if (data) files.push({ name: `resumes/${f.name}`, data });
    }
  return zip(
    [{ name: 'personal-data.json', data: JSON.stringify(json, null, 2) }, ...files, ...sent],
    now,
  );
}
