import { defineProjection, stampOf, updateRow } from '@kw/platform';
import { newsletterEvents, type SubscriberJoined } from './events.ts';

export const NEWSLETTER_SUBSCRIBERS = 'newsletter_subscribers';

/** Where a sign-up came from: set on joining, and again on signing up anew. */
const signupColumns = (d: SubscriberJoined['data']) => ({
  source: d.source,
  ip_address: d.ipAddress,
  user_agent: d.userAgent,
  referer: d.referer || null,
  utm_source: d.utmSource,
  utm_medium: d.utmMedium,
  utm_campaign: d.utmCampaign,
});

/** The subscriptions the back office lists; the welcome e-mail changes no row. */
export const newsletterSubscribersProjection = defineProjection({
  name: 'newsletter-subscribers',
  mode: 'inline',
  tables: [NEWSLETTER_SUBSCRIBERS],
  events: newsletterEvents,
  async apply(trx, event) {
    const update = (columns: Record<string, unknown>) =>
      updateRow(trx, NEWSLETTER_SUBSCRIBERS, event.data.subscriberId, event, columns);
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
            ...signupColumns(d),
            created_at: event.occurredAt,
            ...stampOf(event),
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'SubscriberResubscribed':
        await update({ subscribed: true, unsubscribed_at: null, ...signupColumns(event.data) });
        return;
      case 'SubscriberEnriched': {
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
      case 'SubscriberMarkedSpam':
        await update({ is_spam: true, spam_reason: event.data.reason });
        return;
      case 'SubscriberUnmarkedSpam':
        await update({ is_spam: false, spam_reason: null });
        return;
      case 'SubscriberUnsubscribed':
        await update({ subscribed: false, unsubscribed_at: event.occurredAt });
        return;
      case 'SubscriberDeleted':
        // The address leaves the read model; the log keeps only that it was deleted.
        await trx(NEWSLETTER_SUBSCRIBERS).where({ id: event.data.subscriberId }).delete();
        return;
    }
  },
});
