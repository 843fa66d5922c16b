import {
  coalesceNotices,
  defineEvents,
  defineHandler,
  digestOwed,
  type EventHandler,
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
import {
  type ApplicationState,
  adminNotificationDue,
  arrivalEmailDue,
  countApplicationNotices,
  handleApplication,
  handleApplicationNotices,
  type OwedApplicationMail,
  putOffApplicationRound,
  queueApplicationNotice,
  recordApplicationDigest,
  recordApplicationsToldSeparately,
  rejectionEmailDue,
} from './commands.ts';
import {
  applicationEventSchemas,
  applicationNoticeEventSchemas,
  applicationNoticesStream,
  applicationStream,
} from './events.ts';
import {
  APPLICATION_DIGEST_QUEUE,
  APPLICATION_NOTIFICATION_QUEUE,
  APPLICATION_RECEIVED_QUEUE,
  REJECTION_EMAIL_QUEUE,
} from './index.ts';
import { applicationDigestEmail } from './mails.ts';
import { countHeldApplications, findJobApplications } from './queries.ts';

// Worker side of the careers module: three e-mails, each sent once per fact through sendOnce
// (under the application stream's lock, checked, sent, recorded), however often or however
// concurrently its job runs.

/** The one event each queue carries: anything else on it fails loudly. */
const rejected = defineEvents({ ApplicationRejected: applicationEventSchemas.ApplicationRejected });
/** An application's arrival, or its release from review: each owes the arrival e-mails. */
const arrived = defineEvents({
  ApplicationSubmitted: applicationEventSchemas.ApplicationSubmitted,
  ApplicationReleased: applicationEventSchemas.ApplicationReleased,
});

/**
 * Sends the e-mail `due` finds still owed on the application's stream, once, recording it
 * there as caused by the worker's event.
 */
async function sendApplicationEmail(
  ctx: WorkerContext,
  event: { position: number; data: { applicationId: string } },
  due: (state: ApplicationState) => OwedApplicationMail | null,
  what: string,
): Promise<void> {
  const { applicationId } = event.data;
  const metadata = { actor: 'worker', causationId: event.position };
  const sent = await sendOnce(
    ctx,
    handleApplication,
    applicationStream(applicationId),
    due,
    metadata,
  );
  if (sent) ctx.logger.info({ applicationId }, `${what} e-mail sent`);
}

/** One e-mail per rejection: the Message-ID names the rejection's version. */
export const rejectionEmailHandler: EventHandler = defineHandler({
  queue: REJECTION_EMAIL_QUEUE,
  events: rejected,
  handle: (event, ctx) =>
    sendApplicationEmail(
      ctx,
      event,
      (state) => rejectionEmailDue(state, event.version, ctx.config.publicUrl),
      'rejection',
    ),
});

/**
 * The applicant's acknowledgement: one for each application that is not spam, once it is not
 * held for review (on its arrival, or on its release).
 */
export const acknowledgementHandler: EventHandler = defineHandler({
  queue: APPLICATION_RECEIVED_QUEUE,
  events: arrived,
  handle: (event, ctx) =>
    sendApplicationEmail(
      ctx,
      event,
      (state) => arrivalEmailDue(state, 'acknowledgement', ctx.config),
      'application acknowledgement',
    ),
});

export interface NoticeOptions {
  /** The clock of the notices (a test's, or the time the job runs). */
  now?: () => Date;
  rules?: NoticeRules;
}

/** The careers module's notices: its lock and its windows' streams. */
const noticeStreams = (
  rules: NoticeRules,
): NoticeStreams<typeof applicationNoticeEventSchemas> => ({
  lock: 'careers-notices',
  windows: handleApplicationNotices,
  windowStream: applicationNoticesStream,
  rules,
});

/**
 * ADMIN_EMAIL's e-mail of its own about an application, sent once: the round told it one by
 * one (`toldSeparately`), or an older window queued it to go alone.
 */
async function tellAdmin(
  ctx: WorkerContext,
  event: { position: number; data: { applicationId: string } },
  toldSeparately?: NoticeKind,
): Promise<void> {
  // The usual notice mentions the applications waiting for review (read before the lock).
  const held = await countHeldApplications(ctx.db);
  await sendApplicationEmail(
    ctx,
    event,
    (state) => adminNotificationDue(state, { ...ctx.config, held, toldSeparately }),
    'application admin-notification',
  );
}

/**
 * ADMIN_EMAIL's notices of applications (on arrival: `held` for one held for review, else the
 * usual one; on its release: the usual one), a batch of jobs at once, coalesced: queued once on
 * each application's stream and counted in a round (platform's coalesceNotices). The round's
 * job tells them when it is due: a few one by one, more in one digest.
 */
export function adminNotification(options: NoticeOptions = {}): EventHandler {
  const now = options.now ?? (() => new Date());
  const rules = options.rules ?? NOTICE_RULES;
  const all = async (
    events: { position: number; data: { applicationId: string } }[],
    ctx: WorkerContext,
  ) => {
    const to = ctx.config.adminEmail;
    if (!to || events.length === 0) return;
    const states = await coalesceNotices(ctx, noticeStreams(rules), {
      at: now(),
      items: handleApplication,
      of: events.map((event) => ({
        stream: applicationStream(event.data.applicationId),
        metadata: { actor: 'worker', causationId: event.position },
      })),
      queue: (state, window) => queueApplicationNotice(state, to, window),
      count: (queued, _window, dueAt) =>
        countApplicationNotices(
          queued.filter((e) => e.type === 'ApplicationNoticeQueued'),
          now(),
          dueAt,
        ),
    });
    // An older window's notice queued to go alone, and not yet sent (a job from before rounds).
    for (const [i, state] of states.entries())
      if (adminNotificationDue(state, ctx.config)) await tellAdmin(ctx, events[i]!);
  };
  const handler = defineHandler({
    queue: APPLICATION_NOTIFICATION_QUEUE,
    events: arrived,
    handle: (event, ctx) => all([event], ctx),
  });
  return {
    ...handler,
    // A burst's notices counted a batch at a time: one lock, one read of the rounds.
    handleBatch: (events, ctx) =>
      all(
        events.filter((e) => !e.erased).map((e) => arrived.parse(e)),
        ctx,
      ),
  };
}

const digestScheduledEvents = defineEvents({
  ApplicationDigestScheduled: applicationNoticeEventSchemas.ApplicationDigestScheduled,
});

/**
 * A round of application notices, when its job starts (at its due time): put off while
 * notices still come, else a few told one by one, or one digest, once (platform's settleRound).
 */
export function applicationDigest(options: NoticeOptions = {}): EventHandler {
  const now = options.now ?? (() => new Date());
  const rules = options.rules ?? NOTICE_RULES;
  return defineHandler({
    queue: APPLICATION_DIGEST_QUEUE,
    events: digestScheduledEvents,
    async handle(event, ctx) {
      const to = ctx.config.adminEmail;
      if (!to) return;
      const { window } = event.data;
      const streams = noticeStreams(rules);
      // The few it would name, read before the lock (a run after the round settled goes on:
      // it sends what the round told one by one and is still owed).
      const preview = await roundPreview(ctx.store, streams, window);
      const named = await findJobApplications(ctx.db, digestOwed(preview)?.sample ?? []);
      const metadata = { actor: 'worker', causationId: event.position };
      const at = now();
      const settled = await settleRound(ctx, streams, {
        window,
        dueAt: event.data.dueAt,
        at,
        metadata,
        later: (dueAt) => putOffApplicationRound(window, dueAt, at),
        separately: (items) => recordApplicationsToldSeparately(window, items, at),
        digest: (owed, settledBefore) => {
          const mail = applicationDigestEmail(
            {
              window,
              count: owed.count,
              settledBefore,
              minutes: Math.round(rules.windowMs / 60_000),
              held: owed.tags.held ?? 0,
            },
            named.filter((a) => owed.sample.includes(a.id)),
            { to, publicUrl: ctx.config.publicUrl },
          );
          return { mail, recorded: recordApplicationDigest(window, to, owed, at) };
        },
        tellSeparately: (item) =>
          tellAdmin(
            ctx,
            { position: event.position, data: { applicationId: item.id } },
            noticeKindOf(item),
          ),
      });
      if (settled?.kind === 'digest') ctx.logger.info({ window }, 'application digest e-mail sent');
    },
  });
}

export const adminNotificationHandler = adminNotification();

/** Worker side of the careers module; a test builds it on its own clock. */
export function careersJobHandlers(options: NoticeOptions = {}): EventHandler[] {
  return [
    rejectionEmailHandler,
    acknowledgementHandler,
    adminNotification(options),
    applicationDigest(options),
  ];
}

export const careersHandlers: EventHandler[] = careersJobHandlers();
