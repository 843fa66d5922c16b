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
import { enrichSubscriber, handleSubscriber, welcome } from './commands.ts';
import {
  newsletterEvents,
  type StoredNewsletterEvent,
  type SubscriberJoined,
  subscriberStream,
} from './events.ts';
import { ENRICH_SUBSCRIBER_QUEUE, WELCOME_SUBSCRIBER_QUEUE } from './index.ts';
import { unsubscribeUrl } from './unsubscribe-link.ts';

// Worker side of the newsletter module: enrichment like contact's, and the welcome e-mail.

const byWorker = (event: StoredNewsletterEvent) => ({
  actor: 'worker',
  causationId: event.position,
});

/** A sign-up (new or renewed) as the jobs read it; nothing for any other event. */
const signupOf = (event: StoredNewsletterEvent): SubscriberJoined['data'] | undefined =>
  event.type === 'SubscriberJoined' || event.type === 'SubscriberResubscribed'
    ? event.data
    : undefined;

/** Device, browser, OS and place of a sign-up, recorded once per sign-up. */
export async function enrichSignup(
  event: StoredNewsletterEvent,
  { store }: WorkerContext,
): Promise<void> {
  const signup = signupOf(event);
  if (!signup) return;
  const insight = await describeVisitor(signup.userAgent, signup.ipAddress);
  await handleSubscriber(
    store,
    subscriberStream(signup.subscriberId),
    (state) => enrichSubscriber(signup.subscriberId, state, insight),
    { metadata: byWorker(event), retryOnConflict: true },
  );
}

/**
 * The welcome, with a signed one-click unsubscribe link (CASL, RFC 8058). Its Message-ID names
 * the sign-up, so a resend after a failed commit is recognisably the same message.
 */
export function welcomeMail(
  signup: SubscriberJoined['data'],
  signupPosition: number,
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
): MailMessage {
  const link = unsubscribeUrl(config.publicUrl, config.jwtSecret, signup.subscriberId);
  return composeEmail({
    to: signup.email,
    subject: 'Welcome to the Grand River Digital newsletter',
    messageId: `<newsletter-welcome-${signup.subscriberId}-${signupPosition}@${messageIdHost(config.publicUrl)}>`,
    unsubscribeUrl: link,
    paragraphs: [
      'Thank you for subscribing to the Grand River Digital newsletter.',
      'We write now and then about practical AI and software for businesses in Waterloo Region.',
      'You can unsubscribe at any time with the link at the bottom of every newsletter e-mail.',
    ],
  });
}

/** One welcome per sign-up, however often (or concurrently) the job runs; none for spam. */
export async function welcomeSubscriber(
  event: StoredNewsletterEvent,
  ctx: WorkerContext,
): Promise<void> {
  const signup = signupOf(event);
  if (!signup) return;
  await sendOnce(
    ctx,
    handleSubscriber,
    subscriberStream(signup.subscriberId),
    (state) => {
      const recorded = welcome(signup.subscriberId, state);
      return recorded.length > 0
        ? { mail: welcomeMail(signup, event.position, ctx.config), recorded }
        : null;
    },
    byWorker(event),
  );
}

export const newsletterHandlers: EventHandler[] = [
  defineHandler({ queue: ENRICH_SUBSCRIBER_QUEUE, events: newsletterEvents, handle: enrichSignup }),
  defineHandler({
    queue: WELCOME_SUBSCRIBER_QUEUE,
    events: newsletterEvents,
    handle: welcomeSubscriber,
  }),
];
