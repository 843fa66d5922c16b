import type { Projection, StoredEvent, Trx } from '@kw/platform';
import type { NewsletterEvent } from './events.ts';

export const NEWSLETTER_SUBSCRIBERS = 'newsletter_subscribers';

export const newsletterSubscribersProjection: Projection = {
  name: 'newsletter-subscribers',
  mode: 'inline',
  tables: [NEWSLETTER_SUBSCRIBERS],
  handles: [
    'SubscriberJoined',
    'SubscriberResubscribed',
    'SubscriberEnriched',
    'SubscriberMarkedSpam',
    'SubscriberUnmarkedSpam',
    'SubscriberUnsubscribed',
    'SubscriberDeleted',
  ],
  async apply(trx: Trx, stored: StoredEvent) {
    const event = { type: stored.type, data: stored.data } as NewsletterEvent;
    switch (event.type) {
      case 'SubscriberJoined': {
        const d = event.data;
        await trx(NEWSLETTER_SUBSCRIBERS)
          .insert({
            id: d.subscriberId,
            email: d.email,
            first_name: d.firstName,
            last_name: d.lastName,
            subscribed: true,
            source: d.source,
            ip_address: d.ipAddress,
            user_agent: d.userAgent,
            referer: d.referer || null,
            utm_source: d.utmSource,
            utm_medium: d.utmMedium,
            utm_campaign: d.utmCampaign,
            created_at: stored.occurredAt,
            updated_at: stored.occurredAt,
            version: stored.version,
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'SubscriberResubscribed': {
        const d = event.data;
        await touch(trx, d.subscriberId, stored, {
          subscribed: true,
          unsubscribed_at: null,
          source: d.source,
          ip_address: d.ipAddress,
          user_agent: d.userAgent,
          referer: d.referer || null,
          utm_source: d.utmSource,
          utm_medium: d.utmMedium,
          utm_campaign: d.utmCampaign,
        });
        return;
      }
      case 'SubscriberEnriched': {
        const d = event.data;
        await touch(trx, d.subscriberId, stored, {
          device_type: d.deviceType,
          browser_name: d.browserName,
          browser_version: d.browserVersion,
          os: d.os,
          country: d.country,
          city: d.city,
          enriched_at: stored.occurredAt,
        });
        return;
      }
      case 'SubscriberMarkedSpam':
        await touch(trx, event.data.subscriberId, stored, {
          is_spam: true,
          spam_reason: event.data.reason,
        });
        return;
      case 'SubscriberUnmarkedSpam':
        await touch(trx, event.data.subscriberId, stored, { is_spam: false, spam_reason: null });
        return;
      case 'SubscriberUnsubscribed':
        await touch(trx, event.data.subscriberId, stored, {
          subscribed: false,
          unsubscribed_at: stored.occurredAt,
        });
        return;
      case 'SubscriberDeleted':
        await trx(NEWSLETTER_SUBSCRIBERS).where({ id: event.data.subscriberId }).delete();
        return;
      default:
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
  return trx(NEWSLETTER_SUBSCRIBERS)
    .where({ id })
    .update({ ...row, updated_at: stored.occurredAt, version: stored.version });
}
