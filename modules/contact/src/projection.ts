import type { Projection, StoredEvent, Trx } from '@kw/platform';
import type { ContactEvent } from './events.ts';

export const CONTACT_SUBMISSIONS = 'contact_submissions';

export const contactSubmissionsProjection: Projection = {
  name: 'contact-submissions',
  mode: 'inline',
  tables: [CONTACT_SUBMISSIONS],
  handles: [
    'ContactReceived',
    'ContactSubmissionEnriched',
    'ContactSubmissionUpdated',
    'ContactMarkedProcessed',
    'ContactMarkedSpam',
    'ContactUnmarkedSpam',
    'ContactSubmissionDeleted',
  ],
  async apply(trx: Trx, stored: StoredEvent) {
    const event = { type: stored.type, data: stored.data } as ContactEvent;
    switch (event.type) {
      case 'ContactReceived': {
        const d = event.data;
        await trx(CONTACT_SUBMISSIONS)
          .insert({
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
            created_at: stored.occurredAt,
            updated_at: stored.occurredAt,
            version: stored.version,
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'ContactSubmissionEnriched': {
        const d = event.data;
        await trx(CONTACT_SUBMISSIONS).where({ id: d.submissionId }).update({
          device_type: d.deviceType,
          browser_name: d.browserName,
          browser_version: d.browserVersion,
          os: d.os,
          country: d.country,
          city: d.city,
          enriched_at: stored.occurredAt,
          updated_at: stored.occurredAt,
          version: stored.version,
        });
        return;
      }
      case 'ContactSubmissionUpdated': {
        const c = event.data.changes;
        const row: Record<string, unknown> = {};
        if (c.status !== undefined) row.status = c.status;
        if (c.priority !== undefined) row.priority = c.priority;
        if (c.processed !== undefined) row.processed = c.processed;
        if (c.responseNotes !== undefined) row.response_notes = c.responseNotes;
        if (c.respondedAt !== undefined) row.responded_at = c.respondedAt;
        await touch(trx, event.data.submissionId, stored, row);
        return;
      }
      case 'ContactMarkedProcessed':
        await touch(trx, event.data.submissionId, stored, {
          processed: true,
          status: 'responded',
          responded_at: event.data.respondedAt,
        });
        return;
      case 'ContactMarkedSpam':
        await touch(trx, event.data.submissionId, stored, {
          is_spam: true,
          spam_reason: event.data.reason,
        });
        return;
      case 'ContactUnmarkedSpam':
        await touch(trx, event.data.submissionId, stored, { is_spam: false, spam_reason: null });
        return;
      case 'ContactSubmissionDeleted':
        // The person's data leaves the read model; the log keeps only that it was deleted.
        await trx(CONTACT_SUBMISSIONS).where({ id: event.data.submissionId }).delete();
        return;
    }
  },
};

function touch(
  trx: Trx,
  id: string,
  stored: StoredEvent,
  row: Record<string, unknown>,
): Promise<number> {
  return trx(CONTACT_SUBMISSIONS)
    .where({ id })
    .update({ ...row, updated_at: stored.occurredAt, version: stored.version });
}
