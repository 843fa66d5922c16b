import { diffLines } from 'diff';
import type {
  FieldChange,
  HistoryActor,
  HistoryEntry,
  HistoryValue,
  LineChange,
} from './contract.ts';
import type { EventCatalogue, EventSchemas, StoredEventOf } from './event-store/catalogue.ts';
import type { StoredEvent } from './event-store/types.ts';

// A record's history, folded from its stream's events through the module's description of
// them: no storage of its own. Each module says, per event, what happened in words and which
// of the record's fields the event sets; this folds them into versions and field-by-field
// diffs (line by line for long text).

/** What one event did to its record, as the module that owns it says. */
export interface EventDescription {
  /** In words: 'Created', 'Edited', 'Published', 'Status changed to interview'. */
  action: string;
  /** The fields this event sets, by name; the others keep their values. */
  set?: Record<string, HistoryValue | undefined>;
  /** The fields this event clears (a deletion that forgets a person). */
  unset?: readonly string[];
  /** The record is deleted after this event, or back after a restore. */
  lifecycle?: 'deleted' | 'live';
}

export interface FieldDescription {
  label: string;
  /** Compared line by line (a post's content). */
  long?: boolean;
  /**
   * Identifies or describes a person: once the record is deleted, its values no longer show in
   * any version (the deletion forgets the person; the history keeps that things happened).
   */
  personal?: boolean;
}

/** How a module describes one kind of its records: a stream prefix and its events. */
export interface RecordDescription<S extends EventSchemas = EventSchemas> {
  /** The stream's prefix, as in `post:<id>`: also the kind the API and the audit name. */
  kind: string;
  /** How a person names one: 'Blog post'. */
  label: string;
  events: EventCatalogue<S>;
  /** The record's fields, in the order a diff lists them. */
  fields: Record<string, FieldDescription>;
  /** "Restore this version" applies (the module has a restore command). */
  restorable?: boolean;
  /**
   * The field of its events that names the record in the audit log ('title' for a post), its
   * latest value as of each line. None for a person's records: the audit names no one.
   */
  nameField?: string;
  /**
   * What an event did; null leaves it out of the history; undefined (a type the switch does not
   * list, such as one added to the catalogue later) shows it by its type.
   */
  describe(event: StoredEventOf<S>): EventDescription | null | undefined;
}

/** Any kind's description, whatever its catalogue. */
// biome-ignore lint/suspicious/noExplicitAny: a list of descriptions of different catalogues
export type AnyRecordDescription = RecordDescription<any>;

/** Declares a module's description of one kind of record (its `history.ts`). */
export function describeRecords<S extends EventSchemas>(
  description: RecordDescription<S>,
): RecordDescription<S> {
  return description;
}

/** Who made a change, from `metadata.actor` ('admin:<name>', 'worker', 'visitor', 'cli'…). */
export function describeActor(actor: string | undefined): HistoryActor {
  const raw = actor ?? 'system';
  if (raw.startsWith('admin:')) {
    const name = raw.slice('admin:'.length);
    return { kind: 'administrator', name, label: `${name} (administrator)` };
  }
  if (raw === 'worker') return { kind: 'worker', name: 'worker', label: 'the worker' };
  if (raw === 'visitor' || raw === 'subscriber')
    return { kind: 'visitor', name: raw, label: 'a visitor' };
  if (raw.startsWith('retention'))
    return { kind: 'retention', name: raw, label: 'the retention job' };
  if (raw === 'cli') return { kind: 'terminal', name: 'cli', label: 'the terminal' };
  return { kind: 'system', name: raw, label: raw === 'system' ? 'the system' : raw };
}

/** The `metadata.actor` values an actor kind stands for: exact values and prefixes. */
export function actorMatch(kind: HistoryActor['kind']): { exact: string[]; prefixes: string[] } {
  switch (kind) {
    case 'administrator':
      return { exact: [], prefixes: ['admin:'] };
    case 'worker':
      return { exact: ['worker'], prefixes: [] };
    case 'visitor':
      return { exact: ['visitor', 'subscriber'], prefixes: [] };
    case 'retention':
      return { exact: [], prefixes: ['retention'] };
    case 'terminal':
      return { exact: ['cli'], prefixes: [] };
    case 'system':
      return { exact: ['system'], prefixes: [] };
  }
}

/** 'AdminLoginFailed' → 'Admin login failed': how an event nobody described reads. */
export function humanizeType(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const same = (a: HistoryValue | undefined, b: HistoryValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Nothing worth showing as a first value: a creation lists the fields it filled. */
const blank = (v: HistoryValue | undefined) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** What a deleted record's personal values read as. */
export const REDACTED = '(deleted)';

/** Unchanged lines kept around each change of a long text. */
const CONTEXT_LINES = 2;

/** Two texts line by line: changed lines with a little context, long unchanged runs skipped. */
export function lineDiff(before: string, after: string): LineChange[] {
  const all: { kind: 'same' | 'added' | 'removed'; text: string }[] = [];
  for (const part of diffLines(before, after)) {
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    const lines = part.value.replace(/\n$/, '').split('\n');
    for (const text of lines) all.push({ kind, text });
  }
  const near = all.map((_line, i) =>
    all.slice(Math.max(0, i - CONTEXT_LINES), i + CONTEXT_LINES + 1).some((l) => l.kind !== 'same'),
  );
  const out: LineChange[] = [];
  all.forEach((line, i) => {
    if (line.kind !== 'same' || near[i]) {
      out.push(line);
      return;
    }
    const last = out.at(-1);
    if (last?.kind === 'skip') last.count++;
    else out.push({ kind: 'skip', count: 1 });
  });
  return out;
}

function changesBetween(
  fields: Record<string, FieldDescription>,
  before: Record<string, HistoryValue>,
  after: Record<string, HistoryValue>,
): FieldChange[] {
  const names = [
    ...Object.keys(fields),
    ...Object.keys({ ...before, ...after }).filter((k) => !Object.hasOwn(fields, k)),
  ];
  const changes: FieldChange[] = [];
  for (const field of names) {
    const old = before[field];
    const now = after[field];
    if (same(old, now)) continue;
    if (old === undefined && blank(now)) continue;
    const spec = fields[field] ?? { label: field };
    const change: FieldChange = { field, label: spec.label };
    if (old !== undefined) change.old = old;
    if (now !== undefined) change.new = now;
    if (spec.long && (typeof old === 'string' || old === undefined) && typeof now === 'string')
      change.lines = lineDiff(old ?? '', now);
    changes.push(change);
  }
  return changes;
}

/** A record's state after each event: its fields and whether it is deleted. */
export interface FoldedVersion {
  version: number;
  fields: Record<string, HistoryValue>;
  deleted: boolean;
}

export interface FoldedHistory {
  /** Oldest first. */
  entries: HistoryEntry[];
  /** The record after each event, by version. */
  versions: FoldedVersion[];
  deleted: boolean;
}

/** What one event did, by the description; an event it does not know (or cannot parse) by its type. */
function describeOne(
  description: AnyRecordDescription,
  event: StoredEvent,
): EventDescription | null {
  if (!description.events.has(event.type)) return { action: humanizeType(event.type) };
  try {
    const said = description.describe(description.events.parse(event));
    return said === undefined ? { action: humanizeType(event.type) } : said;
  } catch {
    return { action: humanizeType(event.type) };
  }
}

/**
 * Folds a stream's events (oldest first) into its history through the kind's description.
 * An event of a type the description does not know still shows, named after its type.
 */
export function foldHistory(
  description: AnyRecordDescription,
  stream: readonly StoredEvent[],
): FoldedHistory {
  let fields: Record<string, HistoryValue> = {};
  let deleted = false;
  const entries: HistoryEntry[] = [];
  const versions: FoldedVersion[] = [];
  for (const event of stream) {
    const said = describeOne(description, event);
    if (said) {
      const after = { ...fields };
      for (const [name, value] of Object.entries(said.set ?? {}))
        if (value !== undefined) after[name] = value;
      for (const name of said.unset ?? []) delete after[name];
      entries.push({
        version: event.version,
        position: event.position,
        type: event.type,
        occurredAt: event.occurredAt.toISOString(),
        actor: describeActor(event.metadata?.actor),
        action: said.action,
        changes: changesBetween(description.fields, fields, after),
      });
      fields = after;
      if (said.lifecycle) deleted = said.lifecycle === 'deleted';
    }
    versions.push({ version: event.version, fields, deleted });
  }
  if (deleted) {
    // A deleted record forgets its person in every version.
    const personal = new Set(
      Object.entries(description.fields)
        .filter(([, spec]) => spec.personal)
        .map(([name]) => name),
    );
    for (const entry of entries)
      entry.changes = entry.changes.map((change) =>
        personal.has(change.field)
          ? {
              field: change.field,
              label: change.label,
              ...(change.old !== undefined ? { old: REDACTED } : {}),
              ...(change.new !== undefined ? { new: REDACTED } : {}),
            }
          : change,
      );
    for (const version of versions)
      for (const name of personal) if (name in version.fields) version.fields[name] = REDACTED;
  }
  return { entries, versions, deleted };
}
