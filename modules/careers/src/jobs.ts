import {
  coalesceNotice,
  defineEvents,
  defineHandler,
  digestOwed,
  type EventHandler,
  NOTICE_RULES,
  type NoticeRules,
  sendOnce,
  type WorkerContext,
} from '@kw/platform';
import {
  type ApplicationState,
  adminNotificationDue,
  arrivalEmailDue,
  countApplicationNotice,
  handleApplication,
  handleApplicationNotices,
  type OwedApplicationMail,
  queueApplicationNotice,
  recordApplicationDigest,
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
  /** The clock of the notices windows (a test's, or the time the job runs). */
  now?: () => Date;
  rules?: NoticeRules;
}

/**
 * ADMIN_EMAIL's notice of an application (on arrival: `held` for one held for review, else the
 * usual one; on its release: the usual one), coalesced: queued once on the application's stream
 * and counted in the window's (platform's coalesceNotice); an e-mail of its own, sent once, only
 * while the window is quiet. The rest wait for the window's digest.
 */
export function adminNotification(options: NoticeOptions = {}): EventHandler {
  const now = options.now ?? (() => new Date());
  return defineHandler({
    queue: APPLICATION_NOTIFICATION_QUEUE,
    events: arrived,
    async handle(event, ctx) {
      const to = ctx.config.adminEmail;
      if (!to) return;
      const { applicationId } = event.data;
      await coalesceNotice(
        ctx,
        {
          at: now(),
          ...(options.rules ? { rules: options.rules } : {}),
          windows: handleApplicationNotices,
          windowStream: applicationNoticesStream,
          items: handleApplication,
          itemStream: applicationStream(applicationId),
          queue: (state, window, counted) =>
            queueApplicationNotice(state, to, window, counted.mode),
          count: ([queued], _window, counted) =>
            queued?.type === 'ApplicationNoticeQueued'
              ? countApplicationNotice(queued, counted)
              : [],
        },
        { actor: 'worker', causationId: event.position },
      );
      // The usual notice mentions the applications waiting for review (read before the lock).
      const held = await countHeldApplications(ctx.db);
      await sendApplicationEmail(
        ctx,
        event,
        (state) => adminNotificationDue(state, { ...ctx.config, held }),
        'application admin-notification',
      );
    },
  });
}

const digestScheduledEvents = defineEvents({
  ApplicationDigestScheduled: applicationNoticeEventSchemas.ApplicationDigestScheduled,
});

/** A window's digest of applications, when its job starts (at the digest's due time): once. */
export function applicationDigest(options: NoticeOptions = {}): EventHandler {
  const rules = options.rules ?? NOTICE_RULES;
  return defineHandler({
    queue: APPLICATION_DIGEST_QUEUE,
    events: digestScheduledEvents,
    async handle(event, ctx) {
      const to = ctx.config.adminEmail;
      if (!to) return;
      const { window } = event.data;
      const stream = applicationNoticesStream(window);
      // The few it names, read before the lock (sendOnce's decision is synchronous).
      const preview = digestOwed(handleApplicationNotices.fold(await ctx.store.readStream(stream)));
      if (!preview) return;
      const named = await findJobApplications(ctx.db, preview.sample);
      const sent = await sendOnce(
        ctx,
        handleApplicationNotices,
        stream,
        (state) => {
          const owed = digestOwed(state);
          if (!owed) return null;
          const mail = applicationDigestEmail(
            {
              window,
              count: owed.count,
              reportedBefore: state.reported,
              minutes: Math.round(rules.windowMs / 60_000),
              held: owed.tags.held ?? 0,
            },
            named,
            { to, publicUrl: ctx.config.publicUrl },
          );
          return { mail, recorded: recordApplicationDigest(window, to, owed) };
        },
        { actor: 'worker', causationId: event.position },
      );
      if (sent) ctx.logger.info({ window }, 'application digest e-mail sent');
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
