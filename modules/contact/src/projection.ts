import { defineProjection, insertRowStatement, stampOf, updateRow } from '@kw/platform';
import { type ContactReceived, contactEvents } from './events.ts';

export const CONTACT_SUBMISSIONS = 'contact_submissions';

const WINDOW_EVENTS = new Set([
  'ContactNoticesCounted',
  'ContactNoticeCounted',
  'ContactDigestScheduled',
  'ContactDigestSent',
]);

/** The row a submission starts as (its stamp and times aside). */
function receivedRow(d: ContactReceived['data']) {
  return {
    id: d.submissionId,
    first_name: d.firstName,
    last_name: d.lastName,
    email: d.email,
    phone: d.phone,
    company: d.company,
    service: d.service,
    message: d.message,
    subscribe_newsletter: d.subscribeNewsletter,
    ip_address: d.ipAddress,
    user_agent: d.userAgent,
    referer: d.referer,
  };
}

/** The columns a verdict on arrival changes (held for review, or spam). */
const HELD = (reason: string) => ({ held: true, held_reason: reason });
const SPAM = (reason: string) => ({
  is_spam: true,
  spam_reason: reason,
  held: false,
  held_reason: null,
});

/**
 * The submissions the back office lists; the owner's notices (queued, sent, the windows'
 * digests) change no row.
 */
export const contactSubmissionsProjection = defineProjection({
  name: 'contact-submissions',
  mode: 'inline',
  tables: [CONTACT_SUBMISSIONS],
  events: contactEvents,
  // The notices windows' own events are on streams of their own.
  handles: contactEvents.types.filter((type) => !WINDOW_EVENTS.has(type)),
  async apply(trx, event) {
    if (!('submissionId' in event.data)) return;
    const { submissionId } = event.data;
    const update = (columns: Record<string, unknown>) =>
      updateRow(trx, CONTACT_SUBMISSIONS, submissionId, event, columns);
    switch (event.type) {
      case 'ContactReceived': {
        await trx(CONTACT_SUBMISSIONS)
          .insert({ ...receivedRow(event.data), created_at: event.occurredAt, ...stampOf(event) })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'ContactSubmissionEnriched': {
        const d = event.data;
        await update({
          device_type: d.deviceType,
          browser_name: d.browserName,
          browser_version: d.browserVersion,
          os: d.os,
          country: d.country,
          city: d.city,
          enriched_at: event.occurredAt,
        });
        return;
      }
      case 'ContactSubmissionUpdated': {
        const c = event.data.changes;
        await update({
          status: c.status,
          priority: c.priority,
          processed: c.processed,
          response_notes: c.responseNotes,
          responded_at: c.respondedAt,
        });
        return;
      }
      case 'ContactMarkedProcessed':
        await update({
          processed: true,
          status: 'responded',
          responded_at: event.data.respondedAt,
        });
        return;
      case 'ContactMarkedSpam':
        await update(SPAM(event.data.reason));
        return;
      case 'ContactHeld':
        await update(HELD(event.data.reason));
        return;
      case 'ContactReleased':
        await update({ held: false, held_reason: null });
        return;
      case 'ContactUnmarkedSpam':
        await update({ is_spam: false, spam_reason: null });
        return;
      case 'ContactSubmissionDeleted':
        // The person's data leaves the read model; the log keeps only that it was deleted.
        await trx(CONTACT_SUBMISSIONS).where({ id: event.data.submissionId }).delete();
        return;
    }
  },
  // A worker's batch of enrichments in one statement; anything else event by event.
  async applyBatch(trx, events) {
    const enriched = events.flatMap((e) => (e.type === 'ContactSubmissionEnriched' ? [e] : []));
    const ids = new Set(enriched.map((e) => e.data.submissionId));
    if (enriched.length < events.length || ids.size < enriched.length) {
      for (const event of events) await contactSubmissionsProjection.apply(trx, event);
      return;
    }
    const rows = enriched.map((event) => ({
      id: event.data.submissionId,
      device_type: event.data.deviceType,
      browser_name: event.data.browserName,
      browser_version: event.data.browserVersion,
      os: event.data.os,
      country: event.data.country,
      city: event.data.city,
      enriched_at: event.occurredAt,
      ...stampOf(event),
    }));
    await trx.raw(
      `update ${CONTACT_SUBMISSIONS} c set device_type = x.device_type,
         browser_name = x.browser_name, browser_version = x.browser_version, os = x.os,
         country = x.country, city = x.city, enriched_at = x.enriched_at,
         updated_at = x.updated_at, version = x.version
       from jsonb_to_recordset(?::jsonb) as x(id uuid, device_type text, browser_name text,
         browser_version text, os text, country text, city text, enriched_at timestamptz,
         updated_at timestamptz, version int)
       where c.id = x.id`,
      [JSON.stringify(rows)],
    );
  },
  // A message as it arrives (with its verdict and newsletter request): the one row `apply`
  // would leave, in the append's single statement.
  statement(events) {
    const [first, ...rest] = events;
    if (first?.type !== 'ContactReceived') return undefined;
    let row: Record<string, unknown> = receivedRow(first.data);
    let version = first.version;
    for (const event of rest) {
      if (event.type === 'ContactNewsletterRequested') continue;
      if (event.type === 'ContactHeld') row = { ...row, ...HELD(event.data.reason) };
      else if (event.type === 'ContactMarkedSpam') row = { ...row, ...SPAM(event.data.reason) };
      else return undefined;
      version = event.version;
    }
    return insertRowStatement(CONTACT_SUBMISSIONS, row, {
      version,
      occurredAtColumns: ['created_at'],
      conflict: 'id',
    });
  },
});
