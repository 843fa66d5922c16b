import type { Projection, StoredEvent, Trx } from '@kw/platform';
import type { ContactEvent } from './events.ts';

export const CONTACT_SUBMISSIONS = 'contact_submissions';

export const contactSubmissionsProjection: Projection = {
  name: 'contact-submissions',
  mode: 'inline',
  tables: [CONTACT_SUBMISSIONS],
  handles: ['ContactReceived', 'ContactSubmissionEnriched'],
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
    }
  },
};
