import { describeRecords, type HistoryValue } from '@kw/platform';
import { contactEvents, contactExportEvents } from './events.ts';

// How a contact submission's events read in its History drawer.

const PERSONAL = ['firstName', 'lastName', 'email', 'phone', 'company', 'message'] as const;

export const contactHistory = describeRecords({
  kind: 'contact',
  label: 'Contact submission',
  events: contactEvents,
  fields: {
    status: { label: 'Status' },
    priority: { label: 'Priority' },
    processed: { label: 'Processed' },
    respondedAt: { label: 'Responded' },
    responseNotes: { label: 'Response notes', long: true },
    spam: { label: 'Spam' },
    held: { label: 'Held for review' },
    firstName: { label: 'First name', personal: true },
    lastName: { label: 'Last name', personal: true },
    email: { label: 'E-mail', personal: true },
    phone: { label: 'Phone', personal: true },
    company: { label: 'Company', personal: true },
    service: { label: 'Service' },
    message: { label: 'Message', long: true, personal: true },
    device: { label: 'Device', personal: true },
    location: { label: 'Location', personal: true },
  },
  describe(event) {
    switch (event.type) {
      case 'ContactReceived': {
        const d = event.data;
        return {
          action: 'Received',
          set: {
            status: 'new',
            priority: 'medium',
            processed: false,
            firstName: d.firstName,
            lastName: d.lastName,
            email: d.email,
            phone: d.phone,
            company: d.company,
            service: d.service,
            message: d.message,
          },
          lifecycle: 'live',
        };
      }
      case 'ContactSubmissionEnriched': {
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
      case 'ContactSubmissionUpdated': {
        const set: Record<string, HistoryValue | undefined> = { ...event.data.changes };
        return { action: 'Edited', set };
      }
      case 'ContactMarkedProcessed':
        return {
          action: 'Marked as processed',
          set: { processed: true, status: 'responded', respondedAt: event.data.respondedAt },
        };
      case 'ContactMarkedSpam':
        return {
          action: event.data.automatic
            ? `Flagged as spam on intake: ${event.data.reason}`
            : 'Marked as spam',
          set: { spam: true, held: false },
        };
      case 'ContactUnmarkedSpam':
        return { action: 'Marked as not spam', set: { spam: false } };
      case 'ContactHeld':
        return { action: `Held for review: ${event.data.reason}`, set: { held: true } };
      case 'ContactReleased':
        return { action: 'Released from review', set: { held: false, spam: false } };
      case 'ContactSubmissionDeleted':
        return { action: 'Deleted', unset: PERSONAL, lifecycle: 'deleted' };
      case 'ContactNoticeQueued':
        return {
          action:
            event.data.mode === 'digest'
              ? 'Notice to the administrator queued for the digest'
              : event.data.mode === 'gathered'
                ? 'Notice to the administrator queued (one by one, or in a digest if many come at once)'
                : 'Notice to the administrator queued',
        };
      case 'AdminNotifiedOfContact':
        return { action: `Administrator notified (${event.data.to})` };
      default:
        // Others (the notices window's belong to another stream): shown by their type.
        return undefined;
    }
  },
});

/** An export of submissions, as the audit log reads it. */
export const contactExportHistory = describeRecords({
  kind: 'contact-export',
  label: 'Export',
  events: contactExportEvents,
  fields: { count: { label: 'Submissions' } },
  describe: (event) => ({
    action: `${event.data.count} contact submission${event.data.count === 1 ? '' : 's'} exported to CSV`,
    set: { count: event.data.count },
  }),
});
