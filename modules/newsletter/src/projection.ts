import { defineProjection, stampOf, updateRow } from '@kw/platform';
import type { ConsentRecordView } from './contract.ts';
import { newsletterEvents, type SubscriberJoined } from './events.ts';

export const NEWSLETTER_SUBSCRIBERS = 'newsletter_subscribers';
/** The addresses never to mail again, as keyed hashes only (the newsletter module's own). */
export const NEWSLETTER_SUPPRESSIONS = 'newsletter_suppressions';

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

/** The consent on record for a sign-up from before double opt-in: the sign-up alone. */
const singleOptIn = (d: SubscriberJoined['data'], at: Date): ConsentRecordView => ({
  method: 'single-opt-in',
  source: d.source,
  requestedAt: at.toISOString(),
  requestIp: d.ipAddress,
  page: d.referer || null,
  wording: null,
  confirmedAt: null,
  confirmIp: null,
  confirmUserAgent: null,
});

/**
 * The subscriptions the back office lists (status pending, active or unsubscribed, with the
 * consent on record), and the suppression list; the e-mails sent change no row.
 */
export const newsletterSubscribersProjection = defineProjection({
  name: 'newsletter-subscribers',
  mode: 'inline',
  tables: [NEWSLETTER_SUBSCRIBERS, NEWSLETTER_SUPPRESSIONS],
  events: newsletterEvents,
  async apply(trx, event) {
    const id = event.data.subscriberId;
    const update = (columns: Record<string, unknown>) =>
      updateRow(trx, NEWSLETTER_SUBSCRIBERS, id, event, columns);
    switch (event.type) {
      case 'SubscriberJoined': {
        const d = event.data;
        await trx(NEWSLETTER_SUBSCRIBERS)
          .insert({
            id,
            email: d.email,
            first_name: d.firstName,
            last_name: d.lastName,
            status: 'active',
            subscribed: true,
            requested_at: null,
            confirmed_at: null,
            consent: singleOptIn(d, event.occurredAt),
            ...signupColumns(d),
            created_at: event.occurredAt,
            ...stampOf(event),
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'SubscriberResubscribed':
        await update({
          status: 'active',
          subscribed: true,
          unsubscribed_at: null,
          consent: singleOptIn(event.data, event.occurredAt),
          ...signupColumns(event.data),
        });
        return;
      case 'SubscriptionRequested': {
        const d = event.data;
        const pending = {
          status: 'pending',
          subscribed: false,
          requested_at: new Date(d.requestedAt),
          ...signupColumns(d),
        };
        await trx(NEWSLETTER_SUBSCRIBERS)
          .insert({
            id,
            email: d.email,
            first_name: d.firstName,
            last_name: d.lastName,
            ...pending,
            confirmed_at: null,
            consent: null,
            created_at: event.occurredAt,
            ...stampOf(event),
          })
          .onConflict('id')
          .merge({ ...pending, ...stampOf(event) });
        return;
      }
      case 'SubscriptionConfirmed': {
        const consent: ConsentRecordView = event.data.consent;
        await update({
          status: 'active',
          subscribed: true,
          unsubscribed_at: null,
          requested_at: null,
          confirmed_at: new Date(consent.confirmedAt!),
          consent,
        });
        return;
      }
      case 'SubscriptionExpired':
        // Never active: the address is forgotten. Active before: back to unsubscribed.
        await trx(NEWSLETTER_SUBSCRIBERS)
          .where({ id, status: 'pending' })
          .whereNull('consent')
          .delete();
        await trx(NEWSLETTER_SUBSCRIBERS)
          .where({ id, status: 'pending' })
          .update({ status: 'unsubscribed', requested_at: null, ...stampOf(event) });
        return;
      case 'SubscriberSuppressed':
        await trx(NEWSLETTER_SUPPRESSIONS)
          .insert({
            email_hash: event.data.emailHash,
            reason: event.data.reason,
            suppressed_at: event.occurredAt,
          })
          .onConflict('email_hash')
          .ignore();
        return;
      case 'SuppressionLifted':
        await trx(NEWSLETTER_SUPPRESSIONS).where({ email_hash: event.data.emailHash }).delete();
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
        await update({
          status: 'unsubscribed',
          subscribed: false,
          requested_at: null,
          unsubscribed_at: event.occurredAt,
        });
        return;
      case 'SubscriberDeleted':
        // The address leaves the read model; the log keeps only that it was deleted. A
        // suppression entry stays: it holds no address.
        await trx(NEWSLETTER_SUBSCRIBERS).where({ id }).delete();
        return;
    }
  },
});
