import { describeRecords } from '@kw/platform';
import { newsletterEvents, newsletterExportEvents } from './events.ts';

// How a subscriber's events read in their History drawer.

export const subscriberHistory = describeRecords({
  kind: 'subscriber',
  label: 'Subscriber',
  events: newsletterEvents,
  fields: {
    email: { label: 'E-mail', personal: true },
    firstName: { label: 'First name', personal: true },
    lastName: { label: 'Last name', personal: true },
    subscribed: { label: 'Subscribed' },
    spam: { label: 'Spam' },
    source: { label: 'Source' },
    campaign: { label: 'Campaign' },
    device: { label: 'Device', personal: true },
    location: { label: 'Location', personal: true },
  },
  describe(event) {
    switch (event.type) {
      case 'SubscriberJoined':
      case 'SubscriberResubscribed': {
        const d = event.data;
        const campaign = [d.utmSource, d.utmMedium, d.utmCampaign].filter(Boolean).join(' / ');
        return {
          action: event.type === 'SubscriberJoined' ? 'Subscribed' : 'Subscribed again',
          set: {
            email: d.email,
            firstName: d.firstName,
            lastName: d.lastName,
            subscribed: true,
            source: d.source,
            campaign: campaign || null,
          },
          lifecycle: 'live',
        };
      }
      case 'SubscriberEnriched': {
        const d = event.data;
        const browser = [d.browserName, d.browserVersion].filter(Boolean).join(' ');
        return {
          action: 'Visitor details added',
          set: {
            device: [d.deviceType, browser, d.os].filter(Boolean).join(', '),
            location: [d.city, d.country].filter(Boolean).join(', ') || null,
          },
        };
      }
      case 'SubscriberMarkedSpam':
        return {
          action: event.data.automatic
            ? `Flagged as spam on sign-up: ${event.data.reason}`
            : `Marked as spam: ${event.data.reason}`,
          set: { spam: true },
        };
      case 'SubscriberUnmarkedSpam':
        return { action: 'Marked as not spam', set: { spam: false } };
      case 'SubscriberUnsubscribed':
        return {
          action:
            event.data.via === 'one-click'
              ? 'Unsubscribed (one-click, from the mail program)'
              : 'Unsubscribed (link in an e-mail)',
          set: { subscribed: false },
        };
      case 'SubscriberDeleted':
        return {
          action: 'Deleted',
          unset: ['email', 'firstName', 'lastName'],
          lifecycle: 'deleted',
        };
      case 'SubscriberWelcomed':
        return { action: 'Welcome e-mail sent' };
    }
  },
});

/** An export of the subscribers, as the audit log reads it. */
export const newsletterExportHistory = describeRecords({
  kind: 'newsletter-export',
  label: 'Export',
  events: newsletterExportEvents,
  fields: { count: { label: 'Subscribers' } },
  describe: (event) => ({
    action: `${event.data.count} newsletter subscriber${event.data.count === 1 ? '' : 's'} exported to CSV`,
    set: { count: event.data.count },
  }),
});
