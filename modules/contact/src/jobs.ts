import {
  type Config,
  composeEmail,
  defineHandler,
  type EventHandler,
  type MailMessage,
  messageIdHost,
  sendOnce,
  type WorkerContext,
} from '@kw/platform';
import { describeVisitor } from '@kw/platform/visitor-insight';
import { enrichContact, handleContact, notifyAdmin } from './commands.ts';
import { serviceLabel } from './contract.ts';
import {
  type ContactReceived,
  contactEvents,
  contactStream,
  type StoredContactEvent,
} from './events.ts';
import { ENRICH_CONTACT_QUEUE, NOTIFY_ADMIN_QUEUE } from './index.ts';

// Worker side of the contact module. Imported by the worker only: it loads geoip-lite.

const byWorker = (event: StoredContactEvent) => ({
  actor: 'worker',
  causationId: event.position,
});

/** Device, browser, OS and place of a new submission, recorded once. */
export async function enrichSubmission(
  event: StoredContactEvent,
  { store }: WorkerContext,
): Promise<void> {
  if (event.type !== 'ContactReceived') return;
  const { submissionId, userAgent, ipAddress } = event.data;
  const insight = await describeVisitor(userAgent, ipAddress);
  await handleContact(
    store,
    contactStream(submissionId),
    (state) => enrichContact(state, { submissionId, ...insight }),
    { metadata: byWorker(event), retryOnConflict: true },
  );
}

/** The e-mail that tells the administrator about a new enquiry. */
export function adminNotificationMail(
  received: ContactReceived['data'],
  to: string,
  config: Pick<Config, 'publicUrl'>,
): MailMessage {
  const name = `${received.firstName} ${received.lastName}`;
  return composeEmail({
    to,
    subject: `New contact submission from ${name}`,
    messageId: `<contact-${received.submissionId}@${messageIdHost(config.publicUrl)}>`,
    paragraphs: [
      `${name} <${received.email}> wrote through the website.`,
      [
        `Company: ${received.company || '-'}`,
        `Phone: ${received.phone || '-'}`,
        `Service: ${serviceLabel(received.service)}`,
      ].join('\n'),
      received.message,
      `Open the back office: ${config.publicUrl}/admin/contact`,
    ],
  });
}

/** ADMIN_EMAIL hears of each real enquiry once, however often (or concurrently) the job runs. */
export async function notifyAdminOfSubmission(
  event: StoredContactEvent,
  ctx: WorkerContext,
): Promise<void> {
  if (event.type !== 'ContactReceived') return;
  const received = event.data;
  const sent = await sendOnce(
    ctx,
    handleContact,
    contactStream(received.submissionId),
    (state) => {
      const recorded = notifyAdmin(received.submissionId, state, ctx.config.adminEmail);
      const to = recorded[0]?.data.to;
      return to ? { mail: adminNotificationMail(received, to, ctx.config), recorded } : null;
    },
    byWorker(event),
  );
  if (sent)
    ctx.logger.info({ submissionId: received.submissionId }, 'administrator notified of contact');
}

export const contactHandlers: EventHandler[] = [
  defineHandler({ queue: ENRICH_CONTACT_QUEUE, events: contactEvents, handle: enrichSubmission }),
  defineHandler({
    queue: NOTIFY_ADMIN_QUEUE,
    events: contactEvents,
    handle: notifyAdminOfSubmission,
  }),
];
