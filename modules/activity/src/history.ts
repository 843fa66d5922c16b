import { adminAccountHistory } from '@kw/auth/history';
import { postHistory } from '@kw/blog/history';
import {
  applicationExportHistory,
  applicationHistory,
  jobCategoryHistory,
  jobHistory,
} from '@kw/careers/history';
import { caseStudyHistory } from '@kw/case-studies/history';
import { contactExportHistory, contactHistory } from '@kw/contact/history';
import { mediaHistory } from '@kw/media/history';
import { newsletterExportHistory, subscriberHistory } from '@kw/newsletter/history';
import {
  type AnyRecordDescription,
  type AuditEntry,
  describeActor,
  type EventStore,
  foldHistory,
  humanizeType,
  type RecordHistoryResponse,
  type StoredEvent,
} from '@kw/platform';
import { siteSettingsHistory } from '@kw/site/history';

// Each module describes its own records' events (its history.ts); this gathers them for the
// History drawer and the audit log. An event nobody describes still shows, named after its
// type: a module's new events appear in the audit without a change here.

export const RECORD_DESCRIPTIONS: readonly AnyRecordDescription[] = [
  postHistory,
  caseStudyHistory,
  jobHistory,
  jobCategoryHistory,
  applicationHistory,
  contactHistory,
  subscriberHistory,
  mediaHistory,
  adminAccountHistory,
  contactExportHistory,
  newsletterExportHistory,
  applicationExportHistory,
  siteSettingsHistory,
];

const byKind = new Map(RECORD_DESCRIPTIONS.map((d) => [d.kind, d]));

/** The kinds the History drawer serves (the admin's records). */
export const HISTORY_KINDS = [
  'post',
  'case-study',
  'job',
  'job-category',
  'job-application',
  'contact',
  'subscriber',
] as const;

export const descriptionOf = (kind: string): AnyRecordDescription | undefined => byKind.get(kind);

/** A record's history, newest first, from its stream's events (oldest first). */
export function recordHistory(
  description: AnyRecordDescription,
  id: string,
  stream: readonly StoredEvent[],
): RecordHistoryResponse {
  const folded = foldHistory(description, stream);
  return {
    kind: description.kind,
    id,
    label: description.label,
    restorable: Boolean(description.restorable),
    deleted: folded.deleted,
    entries: folded.entries.toReversed(),
  };
}

/** How the audit's filter names a kind of record: its description's label, else the kind. */
export function kindLabel(kind: string): string {
  const label = byKind.get(kind)?.label;
  if (!label) return kind;
  // The exports share a label: say what each exported.
  return label === 'Export' ? `Export (${kind.replace(/-export$/, '')})` : label;
}

/** Stream kinds the audit leaves out unless asked: page views are not changes of a record. */
export const AUDIT_HIDDEN_KINDS = ['analytics'];

/**
 * What names each line's record as of that line (the latest value its stream had then of its
 * kind's `nameField`), read in one query per field that reads that field alone.
 */
export async function auditNames(
  store: Pick<EventStore, 'fieldOfStreams'>,
  events: readonly StoredEvent[],
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const byField = new Map<string, StoredEvent[]>();
  for (const line of events) {
    const field = byKind.get(line.streamType)?.nameField;
    if (field) byField.set(field, [...(byField.get(field) ?? []), line]);
  }
  for (const [field, lines] of byField) {
    const upTo = Math.max(...lines.map((l) => l.position));
    const values = await store.fieldOfStreams(
      lines.map((l) => l.streamId),
      field,
      upTo,
    );
    for (const line of lines) {
      let name: string | undefined;
      for (const v of values) {
        if (v.position > line.position) break;
        if (v.streamId === line.streamId && v.value.trim()) name = v.value;
      }
      if (name) names.set(line.position, name);
    }
  }
  return names;
}

/** One line of the audit log: the kind's own words for the event, else its type's. */
export function auditEntry(event: StoredEvent, recordName?: string): AuditEntry {
  const colon = event.streamId.indexOf(':');
  const description = byKind.get(event.streamType);
  let summary = humanizeType(event.type);
  if (description?.events.has(event.type)) {
    try {
      const said = description.describe(description.events.parse(event));
      if (said !== null)
        summary = `${description.label}: ${said ? said.action : humanizeType(event.type)}`;
    } catch {
      // An event whose data no longer fits its schema still shows, by its type.
    }
  }
  return {
    position: event.position,
    occurredAt: event.occurredAt.toISOString(),
    recordKind: event.streamType,
    recordId: colon === -1 ? '' : event.streamId.slice(colon + 1),
    ...(recordName ? { recordName } : {}),
    type: event.type,
    actor: describeActor(event.metadata?.actor),
    summary,
  };
}
