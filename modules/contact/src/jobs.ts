import {
  type Config,
  coalesceNotice,
  composeEmail,
  defineHandler,
  digestOwed,
  type EventHandler,
  type MailMessage,
  messageIdHost,
  NOTICE_RULES,
  type NoticeRules,
  type OwedDigest,
  sendOnce,
  type WorkerContext,
} from '@kw/platform';
import { describeVisitor } from '@kw/platform/visitor-insight';
import { BUSINESS_TIME_ZONE } from '@kw/site';
import {
  countInWindow,
  enrichContact,
  handleContact,
  handleNotices,
  noticeMailSent,
  owedNoticeMail,
  queueNotice,
  recordDigest,
} from './commands.ts';
import { type ContactSubmission, HELD_FOR_REVIEW_PATH, serviceLabel } from './contract.ts';
import {
  type ContactReceived,
  contactEvents,
  contactStream,
  noticesStream,
  type StoredContactEvent,
} from './events.ts';
import { ENRICH_CONTACT_QUEUE, NOTIFY_ADMIN_QUEUE, NOTIFY_DIGEST_QUEUE } from './index.ts';
import { contactSubmissionsByIds, countHeldSubmissions } from './queries.ts';

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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The line every notice adds while submissions wait for the administrator's review. */
function heldLine(held: number, config: Pick<Config, 'publicUrl'>): string[] {
  if (held <= 0) return [];
  return [
    `${plural(held, 'message is', 'messages are')} held for your review: ${config.publicUrl}${HELD_FOR_REVIEW_PATH}`,
  ];
}

const detailsOf = (received: ContactReceived['data']) =>
  [
    `Company: ${received.company || '-'}`,
    `Phone: ${received.phone || '-'}`,
    `Service: ${serviceLabel(received.service)}`,
  ].join('\n');

/** The e-mail that tells the administrator about a new enquiry (and of those held, if any). */
export function adminNotificationMail(
  received: ContactReceived['data'],
  to: string,
  config: Pick<Config, 'publicUrl'>,
  held = 0,
): MailMessage {
  const name = `${received.firstName} ${received.lastName}`;
  return composeEmail({
    to,
    subject: `New contact submission from ${name}`,
    messageId: `<contact-${received.submissionId}@${messageIdHost(config.publicUrl)}>`,
    paragraphs: [
      `${name} <${received.email}> wrote through the website.`,
      detailsOf(received),
      received.message,
      ...heldLine(held, config),
      `Open the back office: ${config.publicUrl}/admin/contact`,
    ],
  });
}

/** The e-mail that tells the administrator a message waits for review (sent too fast to be sure). */
export function heldNotificationMail(
  received: ContactReceived['data'],
  reason: string,
  to: string,
  config: Pick<Config, 'publicUrl'>,
): MailMessage {
  const name = `${received.firstName} ${received.lastName}`;
  return composeEmail({
    to,
    subject: `Contact message held for review: ${name}`,
    messageId: `<contact-${received.submissionId}-held@${messageIdHost(config.publicUrl)}>`,
    paragraphs: [
      `${name} <${received.email}> wrote through the website. The message is held for your review rather than filed as spam: ${reason.toLowerCase()}, as a bot does, and as a browser that fills the form in by itself may.`,
      detailsOf(received),
      received.message,
      `If it is a real enquiry, release it (Not Spam): ${config.publicUrl}${HELD_FOR_REVIEW_PATH}`,
    ],
  });
}

const clock = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);

/** The one e-mail that counts the notices of a busy window, names a few and links to them all. */
export function digestMail(
  digest: { window: string; owed: OwedDigest; reportedBefore: number },
  named: readonly ContactSubmission[],
  to: string,
  config: Pick<Config, 'publicUrl'>,
  rules: NoticeRules = NOTICE_RULES,
): MailMessage {
  const { owed } = digest;
  const held = owed.tags.held ?? 0;
  const more = `${owed.count} more contact ${owed.count === 1 ? 'submission' : 'submissions'}`;
  const minutes = Math.round(rules.windowMs / 60_000);
  const host = messageIdHost(config.publicUrl);
  const stamp = digest.window.replace(/[^0-9]/g, '');
  return composeEmail({
    to,
    subject: `${more}${held > 0 ? ` (${held} held for review)` : ''}`,
    messageId: `<contact-digest-${stamp}-${digest.reportedBefore}@${host}>`,
    paragraphs: [
      `${more} came through the contact form since ${clock(new Date(digest.window))} (${BUSINESS_TIME_ZONE}), more than a few in ${minutes} minutes, so they are counted here rather than sent one by one. You get at most one such summary every ${minutes} minutes.`,
      ...(held > 0
        ? [
            `${plural(held, 'of them is', 'of them are')} held for your review (sent faster than a person could type): release the real ones at ${config.publicUrl}${HELD_FOR_REVIEW_PATH}`,
          ]
        : []),
      ...(named.length > 0
        ? [
            [
              `Among them:`,
              ...named.map(
                (s) =>
                  `- ${s.firstName} ${s.lastName} <${s.email}>${s.company ? `, ${s.company}` : ''}${s.held ? ' (held)' : ''}`,
              ),
            ].join('\n'),
          ]
        : []),
      `Open the back office: ${config.publicUrl}/admin/contact`,
    ],
  });
}

/** The submission's message, from its stream (a release's notice needs it too). */
async function receivedOf(
  ctx: WorkerContext,
  submissionId: string,
): Promise<ContactReceived['data'] | undefined> {
  for (const event of await ctx.store.readStream(contactStream(submissionId))) {
    const parsed = contactEvents.parse(event);
    if (parsed.type === 'ContactReceived') return parsed.data;
  }
  return undefined;
}

export interface NoticeOptions {
  /** The clock of the notices windows (a test's, or the time the job runs). */
  now?: () => Date;
  rules?: NoticeRules;
}

/**
 * The owner's notice of a submission (on arrival, or on its release), safe to run twice or at
 * once: under the window's lock the notice is queued on the submission's stream and counted in
 * the window's, in one transaction (a second run finds it queued); then, if it is told on its
 * own, the e-mail goes out once through sendOnce. The rest wait for the window's digest.
 */
export function notifyOwner(options: NoticeOptions = {}) {
  const now = options.now ?? (() => new Date());
  const rules = options.rules ?? NOTICE_RULES;
  return async (event: StoredContactEvent, ctx: WorkerContext): Promise<void> => {
    if (event.type !== 'ContactReceived' && event.type !== 'ContactReleased') return;
    const { submissionId } = event.data;
    const to = ctx.config.adminEmail;
    if (!to) return;
    const metadata = byWorker(event);
    await coalesceNotice(
      ctx,
      {
        at: now(),
        rules,
        windows: handleNotices,
        windowStream: noticesStream,
        items: handleContact,
        itemStream: contactStream(submissionId),
        queue: (state, window, counted) =>
          queueNotice(submissionId, state, to, window, counted.mode),
        count: ([queued], _window, counted) =>
          queued?.type === 'ContactNoticeQueued' ? countInWindow(queued, counted) : [],
      },
      metadata,
    );

    const received = await receivedOf(ctx, submissionId);
    if (!received) return;
    const held = await countHeldSubmissions(ctx.db);
    const sent = await sendOnce(
      ctx,
      handleContact,
      contactStream(submissionId),
      (state) => {
        const kind = owedNoticeMail(state, to);
        if (!kind) return null;
        const mail =
          kind === 'held'
            ? heldNotificationMail(received, state.heldReason ?? '', to, ctx.config)
            : adminNotificationMail(received, to, ctx.config, held);
        return { mail, recorded: noticeMailSent(submissionId, kind, to) };
      },
      metadata,
    );
    if (sent) ctx.logger.info({ submissionId }, 'administrator notified of contact');
  };
}

/** A window's digest, when its job starts (at the digest's due time): sent once. */
export function sendDigest(options: NoticeOptions = {}) {
  const rules = options.rules ?? NOTICE_RULES;
  return async (event: StoredContactEvent, ctx: WorkerContext): Promise<void> => {
    if (event.type !== 'ContactDigestScheduled') return;
    const { window } = event.data;
    const to = ctx.config.adminEmail;
    if (!to) return;
    const stream = noticesStream(window);
    // The few it names, read before the lock (sendOnce's decision is synchronous).
    const preview = digestOwed(handleNotices.fold(await ctx.store.readStream(stream)));
    if (!preview) return;
    const named = await contactSubmissionsByIds(ctx.db, preview.sample);
    const sent = await sendOnce(
      ctx,
      handleNotices,
      stream,
      (state) => {
        const owed = digestOwed(state);
        if (!owed) return null;
        const mail = digestMail(
          { window, owed, reportedBefore: state.reported },
          named,
          to,
          ctx.config,
          rules,
        );
        return { mail, recorded: recordDigest(window, to, owed) };
      },
      byWorker(event),
    );
    if (sent) ctx.logger.info({ window }, 'administrator sent the contact digest');
  };
}

/** The default clock's handler, as the worker runs it. */
export const notifyAdminOfSubmission = notifyOwner();

/** The contact jobs; a test builds them on its own clock. */
export function contactJobHandlers(options: NoticeOptions = {}): EventHandler[] {
  return [
    defineHandler({ queue: ENRICH_CONTACT_QUEUE, events: contactEvents, handle: enrichSubmission }),
    defineHandler({
      queue: NOTIFY_ADMIN_QUEUE,
      events: contactEvents,
      handle: notifyOwner(options),
    }),
    defineHandler({
      queue: NOTIFY_DIGEST_QUEUE,
      events: contactEvents,
      handle: sendDigest(options),
    }),
  ];
}

export const contactHandlers: EventHandler[] = contactJobHandlers();
