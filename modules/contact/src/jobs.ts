import type { EventHandler } from '@kw/platform';
import { contactState, enrichContact, shouldNotifyAdmin } from './commands.ts';
import { SERVICE_OPTIONS } from './contract.ts';
import type { ContactReceived } from './events.ts';
import { contactStream } from './events.ts';
import { ENRICH_CONTACT_QUEUE, NOTIFY_ADMIN_QUEUE } from './index.ts';
import { describeVisitor } from './visitor-insight.ts';

/** Worker side of the contact module. Imported by the worker only: it loads geoip-lite. */
export const contactHandlers: EventHandler[] = [
  {
    queue: ENRICH_CONTACT_QUEUE,
    async handle(event, { store }) {
      const received = event.data as ContactReceived['data'];
      const stream = contactStream(received.submissionId);
      const history = await store.readStream(stream);
      const insight = await describeVisitor(received.userAgent, received.ipAddress);
      const events = enrichContact(history, { submissionId: received.submissionId, ...insight });
      // The expected version turns a concurrent second run into a conflict that is retried, then skipped.
      await store.append(stream, history.length, events, {
        metadata: { actor: 'worker', causationId: event.position },
      });
    },
  },
  {
    queue: NOTIFY_ADMIN_QUEUE,
    async handle(event, { store, mailer, config, logger }) {
      const received = event.data as ContactReceived['data'];
      const stream = contactStream(received.submissionId);
      const history = await store.readStream(stream);
      if (!shouldNotifyAdmin(contactState(history), config.adminEmail)) return;
      const to = config.adminEmail as string;
      const service = SERVICE_OPTIONS.find((o) => o.value === received.service)?.label ?? 'General';
      await mailer.send({
        to,
        subject: `New contact submission from ${received.firstName} ${received.lastName}`,
        messageId: `<contact-${received.submissionId}@notifications>`,
        text: [
          `${received.firstName} ${received.lastName} <${received.email}> wrote through the website.`,
          '',
          `Company: ${received.company || '-'}`,
          `Phone: ${received.phone || '-'}`,
          `Service: ${service}`,
          '',
          received.message,
          '',
          `Open the back office: ${config.publicUrl}/admin/contact`,
        ].join('\n'),
      });
      // Sent; now recorded, so a retry of this job does not send it again.
      await store.append(
        stream,
        'any',
        [{ type: 'AdminNotifiedOfContact', data: { submissionId: received.submissionId, to } }],
        { metadata: { actor: 'worker', causationId: event.position } },
      );
      logger.info({ submissionId: received.submissionId }, 'administrator notified of contact');
    },
  },
];
