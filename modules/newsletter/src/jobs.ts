import { contactEvents, contactStream } from '@kw/contact';
import type { StoredContactEvent } from '@kw/contact/events';
import { defineHandler, type EventHandler, sendOnce, type WorkerContext } from '@kw/platform';
import { describeVisitor } from '@kw/platform/visitor-insight';
import {
  enrichSubscriber,
  expireRequest,
  handleSubscriber,
  recordConfirmationSent,
  requestSubscription,
  subscriberIdFor,
  suppressionHash,
  welcome,
} from './commands.ts';
import { CONFIRMATION_WINDOW_MS } from './contract.ts';
import {
  newsletterEvents,
  type StoredNewsletterEvent,
  type SubscriberJoined,
  subscriberStream,
} from './events.ts';
import {
  CONFIRM_SUBSCRIPTION_QUEUE,
  CONTACT_SIGNUP_QUEUE,
  ENRICH_SUBSCRIBER_QUEUE,
  EXPIRE_REQUEST_QUEUE,
  WELCOME_SUBSCRIBER_QUEUE,
} from './index.ts';
import { confirmationMail, welcomeMail } from './mails.ts';
import { consentWordingFor } from './presentation.ts';
import { isSuppressed } from './queries.ts';

// Worker side of the newsletter module: enrichment like contact's, the double opt-in's
// confirmation e-mail and expiry, the welcome once confirmed, and the contact form's tick.

const byWorker = (event: { position: number }) => ({
  actor: 'worker',
  causationId: event.position,
});

/** A sign-up (a request, or from before double opt-in) as the jobs read it. */
const signupOf = (event: StoredNewsletterEvent): SubscriberJoined['data'] | undefined =>
  event.type === 'SubscriberJoined' ||
  event.type === 'SubscriberResubscribed' ||
  event.type === 'SubscriptionRequested'
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
 * One confirmation e-mail per request, however often the job runs; none for a flagged sign-up.
 * A sign-up the administrator clears of spam gets its e-mail then, while its link still works.
 */
export async function sendConfirmation(
  event: StoredNewsletterEvent,
  ctx: WorkerContext,
  now: Date = new Date(),
): Promise<void> {
  if (event.type !== 'SubscriptionRequested' && event.type !== 'SubscriberUnmarkedSpam') return;
  const id = event.data.subscriberId;
  await sendOnce(
    ctx,
    handleSubscriber,
    subscriberStream(id),
    (state) => {
      const requestedAt =
        event.type === 'SubscriptionRequested'
          ? event.data.requestedAt
          : state.pending?.requestedAt;
      if (!requestedAt || !state.email) return null;
      if (now.getTime() >= Date.parse(requestedAt) + CONFIRMATION_WINDOW_MS) return null;
      const recorded = recordConfirmationSent(id, state, requestedAt);
      return recorded.length > 0
        ? {
            mail: confirmationMail(
              { subscriberId: id, email: state.email, requestedAt },
              ctx.config,
            ),
            recorded,
          }
        : null;
    },
    byWorker(event),
  );
}

/**
 * One welcome per confirmed subscription, however often (or concurrently) the job runs; none
 * for spam, and none to an address on the suppression list.
 */
export async function welcomeSubscriber(
  event: StoredNewsletterEvent,
  ctx: WorkerContext,
): Promise<void> {
  const id =
    event.type === 'SubscriptionConfirmed'
      ? event.data.subscriberId
      : signupOf(event)?.subscriberId;
  if (!id || event.type === 'SubscriptionRequested') return;
  // The suppression list first: an address on it is never welcomed (its stream says so too,
  // under the lock below; the list also holds the erasures' entries).
  const now = handleSubscriber.fold(await ctx.store.readStream(subscriberStream(id)));
  if (now.email && (await isSuppressed(ctx.db, suppressionHash(ctx.config.dataKey, now.email))))
    return;
  await sendOnce(
    ctx,
    handleSubscriber,
    subscriberStream(id),
    (state) => {
      const recorded = welcome(id, state);
      return recorded.length > 0 && state.email
        ? {
            mail: welcomeMail({ subscriberId: id, email: state.email }, event.position, ctx.config),
            recorded,
          }
        : null;
    },
    byWorker(event),
  );
}

/** A request still waiting 7 days later lapses. `now` is the clock (injected by specs). */
export async function expirePendingRequest(
  event: StoredNewsletterEvent,
  { store }: WorkerContext,
  now: Date = new Date(),
): Promise<void> {
  if (event.type !== 'SubscriptionRequested') return;
  const { subscriberId, requestedAt } = event.data;
  await handleSubscriber(
    store,
    subscriberStream(subscriberId),
    (state) => expireRequest(subscriberId, state, requestedAt, now),
    { metadata: byWorker(event), retryOnConflict: true },
  );
}

export const CONTACT_FORM_SOURCE = 'contact-form';

/**
 * A contact message with "subscribe to the newsletter" ticked (contact records
 * `ContactNewsletterRequested`, never for spam) asks for the same double opt-in: a pending
 * subscription whose consent record is the contact form's (its page, its tick's wording, the
 * sender's address, the message's time). One marked spam since asks for nothing.
 */
export async function subscribeFromContact(
  event: StoredContactEvent,
  { store }: WorkerContext,
): Promise<void> {
  if (event.type !== 'ContactNewsletterRequested') return;
  const history = (await store.readStream(contactStream(event.data.submissionId))).map((e) =>
    contactEvents.parse(e),
  );
  const received = history.find((e) => e.type === 'ContactReceived');
  if (received?.type !== 'ContactReceived') return;
  const verdicts = history.filter(
    (e) => e.type === 'ContactMarkedSpam' || e.type === 'ContactUnmarkedSpam',
  );
  if (verdicts.at(-1)?.type === 'ContactMarkedSpam') return;
  const d = received.data;
  const visitor = { ip: d.ipAddress, userAgent: d.userAgent, referer: d.referer };
  const signup = {
    email: d.email,
    source: CONTACT_FORM_SOURCE,
    page: '/contact',
    wording: consentWordingFor(CONTACT_FORM_SOURCE),
  };
  await handleSubscriber(
    store,
    subscriberStream(subscriberIdFor(d.email)),
    (state) => requestSubscription(state, signup, visitor, received.occurredAt),
    { metadata: byWorker(event), retryOnConflict: true },
  );
}

export const newsletterHandlers: EventHandler[] = [
  defineHandler({ queue: ENRICH_SUBSCRIBER_QUEUE, events: newsletterEvents, handle: enrichSignup }),
  defineHandler({
    queue: CONFIRM_SUBSCRIPTION_QUEUE,
    events: newsletterEvents,
    handle: (event, ctx) => sendConfirmation(event, ctx),
  }),
  defineHandler({
    queue: WELCOME_SUBSCRIBER_QUEUE,
    events: newsletterEvents,
    handle: welcomeSubscriber,
  }),
  defineHandler({
    queue: EXPIRE_REQUEST_QUEUE,
    events: newsletterEvents,
    handle: (event, ctx) => expirePendingRequest(event, ctx),
  }),
  defineHandler({
    queue: CONTACT_SIGNUP_QUEUE,
    events: contactEvents,
    handle: subscribeFromContact,
  }),
];
