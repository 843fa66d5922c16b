import type { LogRow, RestoreKeeper } from '@kw/platform';
import type { NewsletterEvent } from './events.ts';

// What `make restore` must not undo of the newsletter: a backup taken before a person withdrew
// their consent (CASL), or before they were erased, would otherwise mail them again.

type ConsentType = NewsletterEvent['type'];

/** Where a subscriber's consent stands, read from the types of its events alone. */
type Consent = 'none' | 'pending' | 'subscribed' | 'withdrawn';

/** The events that move a subscriber's consent (their data may be sealed: only types are read). */
const CONSENT_EVENTS = [
  'SubscriberJoined',
  'SubscriberResubscribed',
  'SubscriptionConfirmed',
  'SubscriptionRequested',
  'SubscriptionExpired',
  'SubscriberUnsubscribed',
  'SubscriberDeleted',
] as const satisfies readonly ConsentType[];

const STARTS: ReadonlySet<string> = new Set([
  'SubscriberJoined',
  'SubscriberResubscribed',
  'SubscriptionConfirmed',
]);

const TYPES: readonly ConsentType[] = [...CONSENT_EVENTS, 'SubscriberSuppressed'];

const isSuppression = (row: LogRow, reason: 'unsubscribed' | 'erased') =>
  row.type === 'SubscriberSuppressed' && (row.data as { reason?: string }).reason === reason;

/** As the subscriber's decider has it: a request waits beside what was before it. */
function consentOf(rows: readonly LogRow[]): Consent {
  let settled: 'none' | 'subscribed' | 'withdrawn' = 'none';
  let pending = false;
  for (const { type } of rows) {
    if (STARTS.has(type)) {
      settled = 'subscribed';
      pending = false;
    } else if (type === 'SubscriptionRequested') pending = settled !== 'subscribed';
    else if (type === 'SubscriptionExpired') pending = false;
    else if (type === 'SubscriberUnsubscribed') {
      settled = 'withdrawn';
      pending = false;
    } else if (type === 'SubscriberDeleted') {
      settled = 'none';
      pending = false;
    }
  }
  return pending ? 'pending' : settled;
}

function byStream(rows: readonly LogRow[]): Map<string, LogRow[]> {
  const streams = new Map<string, LogRow[]>();
  for (const row of rows) {
    const list = streams.get(row.stream_id);
    if (list) list.push(row);
    else streams.set(row.stream_id, [row]);
  }
  return streams;
}

/**
 * Of the newsletter's events before a restore, those to put back after it:
 * - every erasure's suppression (the keyed hash that says "never mail again");
 * - the withdrawal of a subscriber unsubscribed now whom the restored log has subscribed (or
 *   waiting for a confirmation): their unsubscribe and its suppression, made since the backup.
 *   A subscription the restored log does not have is not there to undo, and one the person
 *   confirmed again after unsubscribing is theirs to keep, as the backup has it.
 */
export function newsletterKeptAcrossRestore(
  before: readonly LogRow[],
  restored: readonly LogRow[],
): LogRow[] {
  const kept: LogRow[] = before.filter((row) => isSuppression(row, 'erased'));
  const restoredStreams = byStream(restored);
  for (const [stream, rows] of byStream(before)) {
    if (consentOf(rows) !== 'withdrawn') continue;
    const now = consentOf(restoredStreams.get(stream) ?? []);
    if (now !== 'subscribed' && now !== 'pending') continue;
    const lastStart = rows.findLastIndex((row) => STARTS.has(row.type));
    kept.push(
      ...rows
        .slice(lastStart + 1)
        .filter(
          (row) => row.type === 'SubscriberUnsubscribed' || isSuppression(row, 'unsubscribed'),
        ),
    );
  }
  return kept.sort((a, b) => a.position - b.position);
}

export const newsletterRestoreKeeper: RestoreKeeper = {
  types: TYPES,
  keep: newsletterKeptAcrossRestore,
};
