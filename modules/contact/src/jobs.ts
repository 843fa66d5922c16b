import {
  coalesceNotices,
  defineHandler,
  digestOwed,
  type EventHandler,
  type EventMetadata,
  NOTICE_RULES,
  type NoticeKind,
  type NoticeRules,
  type NoticeStreams,
  noticeKindOf,
  roundPreview,
  sendOnce,
  settleRound,
  type WorkerContext,
} from '@kw/platform';
import { describeVisitor } from '@kw/platform/visitor-insight';
import {
  countInWindow,
  enrichContact,
  handleContact,
  handleNotices,
  noticeMailSent,
  owedNoticeMail,
  putOffRound,
  queueNotice,
  recordDigest,
  recordToldSeparately,
} from './commands.ts';
import {
  type ContactReceived,
  type contactEventSchemas,
  contactEvents,
  contactStream,
  noticesStream,
  type StoredContactEvent,
} from './events.ts';
import { ENRICH_CONTACT_QUEUE, NOTIFY_ADMIN_QUEUE, NOTIFY_DIGEST_QUEUE } from './index.ts';
import { adminNotificationMail, digestMail, heldNotificationMail } from './mails.ts';
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

/**
 * The enrichment of a batch of new submissions, in a few round trips: their streams read in one
 * query, each decided as `enrichSubmission` does, all written in one statement at the versions
 * read. A stream written meanwhile (the owner's notice queued on it) is left out of the
 * statement and decided again on a fresh read, with the others that were; the rest is kept.
 */
export async function enrichSubmissions(
  events: StoredContactEvent[],
  ctx: WorkerContext,
): Promise<void> {
  const received = events.flatMap((e) => (e.type === 'ContactReceived' ? [e] : []));
  if (received.length === 0) return;
  const insights = await Promise.all(
    received.map((e) => describeVisitor(e.data.userAgent, e.data.ipAddress)),
  );
  let pending = received.map((event, i) => ({ event, insight: insights[i]! }));
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > 5)
      throw new Error(`${pending.length} submission(s) written meanwhile five times over`);
    const round = pending;
    pending = await ctx.db.transaction(async (trx) => {
      const streams = await ctx.store.readStreams(
        round.map(({ event }) => contactStream(event.data.submissionId)),
        trx,
      );
      const { stale } = await ctx.store.appendToCurrentStreams(
        trx,
        round.flatMap(({ event, insight }) => {
          const { submissionId } = event.data;
          const history = streams.get(contactStream(submissionId)) ?? [];
          const decided = enrichContact(handleContact.fold(history), { submissionId, ...insight });
          return decided.length > 0
            ? [
                {
                  streamId: contactStream(submissionId),
                  events: decided,
                  metadata: byWorker(event),
                  expectedVersion: history.length,
                },
              ]
            : [];
        }),
      );
      const again = new Set(stale);
      return round.filter(({ event }) => again.has(contactStream(event.data.submissionId)));
    });
  }
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
  /** The clock of the notices (a test's, or the time the job runs). */
  now?: () => Date;
  rules?: NoticeRules;
}

/** The contact module's notices: its lock and its windows' streams. */
const noticeStreams = (rules: NoticeRules): NoticeStreams<typeof contactEventSchemas> => ({
  lock: 'contact-notices',
  windows: handleNotices,
  windowStream: noticesStream,
  rules,
});

/**
 * The submission's e-mail of its own, sent once (a round told it one by one as
 * `toldSeparately`, or an older window queued it to go alone).
 */
async function tellOwner(
  ctx: WorkerContext,
  submissionId: string,
  metadata: EventMetadata,
  toldSeparately?: NoticeKind,
): Promise<void> {
  const to = ctx.config.adminEmail;
  if (!to) return;
  const received = await receivedOf(ctx, submissionId);
  if (!received) return;
  const held = await countHeldSubmissions(ctx.db);
  const sent = await sendOnce(
    ctx,
    handleContact,
    contactStream(submissionId),
    (state) => {
      const kind = owedNoticeMail(state, to, toldSeparately);
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
}

/**
 * The owner's notices of submissions (on arrival, or on release), a batch of jobs at once, safe
 * to run twice or at once: under the notices' lock each notice is queued on the submission's
 * stream and counted in a round (platform's coalesceNotices), in one transaction (a second run
 * finds it queued). The round's job tells them when it is due.
 */
export function notifyOwnerOfAll(options: NoticeOptions = {}) {
  const now = options.now ?? (() => new Date());
  const rules = options.rules ?? NOTICE_RULES;
  return async (events: StoredContactEvent[], ctx: WorkerContext): Promise<void> => {
    const to = ctx.config.adminEmail;
    if (!to) return;
    const items = events.flatMap((event) =>
      event.type === 'ContactReceived' || event.type === 'ContactReleased'
        ? [{ submissionId: event.data.submissionId, metadata: byWorker(event) }]
        : [],
    );
    if (items.length === 0) return;
    const states = await coalesceNotices(ctx, noticeStreams(rules), {
      at: now(),
      items: handleContact,
      of: items.map((item) => ({
        stream: contactStream(item.submissionId),
        metadata: item.metadata,
      })),
      queue: (state, window, i) => queueNotice(items[i]!.submissionId, state, to, window),
      count: (queued, _window, dueAt) =>
        countInWindow(
          queued.filter((e) => e.type === 'ContactNoticeQueued'),
          now(),
          dueAt,
        ),
    });
    // An older window's notice queued to go alone, and not yet sent (a job from before rounds).
    for (const [i, state] of states.entries())
      if (owedNoticeMail(state, to))
        await tellOwner(ctx, items[i]!.submissionId, items[i]!.metadata);
  };
}

/** The owner's notice of one submission (the batch form, for one job). */
export function notifyOwner(options: NoticeOptions = {}) {
  const all = notifyOwnerOfAll(options);
  return (event: StoredContactEvent, ctx: WorkerContext) => all([event], ctx);
}

/**
 * A round of notices, when its job starts (at its due time): put off while notices still come,
 * else a few told one by one, or one digest, once (platform's settleRound).
 */
export function sendDigest(options: NoticeOptions = {}) {
  const now = options.now ?? (() => new Date());
  const rules = options.rules ?? NOTICE_RULES;
  return async (event: StoredContactEvent, ctx: WorkerContext): Promise<void> => {
    if (event.type !== 'ContactDigestScheduled') return;
    const { window } = event.data;
    const to = ctx.config.adminEmail;
    if (!to) return;
    const streams = noticeStreams(rules);
    // The few it would name, read before the lock (a run after the round settled goes on: it
    // sends what the round told one by one and is still owed).
    const preview = await roundPreview(ctx.store, streams, window);
    const named = await contactSubmissionsByIds(ctx.db, digestOwed(preview)?.sample ?? []);
    const since = preview.pendingSince;
    const metadata = byWorker(event);
    const at = now();
    const settled = await settleRound(ctx, streams, {
      window,
      dueAt: event.data.dueAt,
      at,
      metadata,
      later: (dueAt) => putOffRound(window, dueAt, at),
      separately: (items) => recordToldSeparately(window, items, at),
      digest: (owed, settledBefore) => ({
        mail: digestMail(
          { window, since, owed, settledBefore },
          named.filter((s) => owed.sample.includes(s.id)),
          to,
          ctx.config,
          rules,
        ),
        recorded: recordDigest(window, to, owed, at),
      }),
      tellSeparately: (item) => tellOwner(ctx, item.id, metadata, noticeKindOf(item)),
    });
    if (settled?.kind === 'digest')
      ctx.logger.info(
        { window, count: settled.owed.count },
        'administrator sent the contact digest',
      );
  };
}

/** The default clock's handler, as the worker runs it. */
export const notifyAdminOfSubmission = notifyOwner();

/** The contact jobs; a test builds them on its own clock. */
export function contactJobHandlers(options: NoticeOptions = {}): EventHandler[] {
  return [
    {
      ...defineHandler({
        queue: ENRICH_CONTACT_QUEUE,
        events: contactEvents,
        handle: enrichSubmission,
      }),
      // A burst's enrichments a batch at a time (one read, one write).
      handleBatch: (events, ctx) =>
        enrichSubmissions(
          events.filter((e) => !e.erased).map((e) => contactEvents.parse(e)),
          ctx,
        ),
    },
    {
      ...defineHandler({
        queue: NOTIFY_ADMIN_QUEUE,
        events: contactEvents,
        handle: notifyOwner(options),
      }),
      // A burst's notices counted a batch at a time: one lock, one read of the rounds.
      handleBatch: (() => {
        const all = notifyOwnerOfAll(options);
        return (events, ctx) =>
          all(
            events.filter((e) => !e.erased).map((e) => contactEvents.parse(e)),
            ctx,
          );
      })(),
    },
    defineHandler({
      queue: NOTIFY_DIGEST_QUEUE,
      events: contactEvents,
      handle: sendDigest(options),
    }),
  ];
}

export const contactHandlers: EventHandler[] = contactJobHandlers();
