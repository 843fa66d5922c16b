import {
  defineEvents,
  defineHandler,
  type EventHandler,
  sendOnce,
  type WorkerContext,
} from '@kw/platform';
import {
  type ApplicationState,
  type ArrivalEmail,
  arrivalEmailDue,
  handleApplication,
  type OwedApplicationMail,
  rejectionEmailDue,
} from './commands.ts';
import { applicationEventSchemas, applicationStream } from './events.ts';
import {
  APPLICATION_NOTIFICATION_QUEUE,
  APPLICATION_RECEIVED_QUEUE,
  REJECTION_EMAIL_QUEUE,
} from './index.ts';

// Worker side of the careers module: three e-mails, each sent once per fact through sendOnce
// (under the application stream's lock, checked, sent, recorded), however often or however
// concurrently its job runs.

/** The one event each queue carries: anything else on it fails loudly. */
const rejected = defineEvents({ ApplicationRejected: applicationEventSchemas.ApplicationRejected });
const submitted = defineEvents({
  ApplicationSubmitted: applicationEventSchemas.ApplicationSubmitted,
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

/** The applicant's acknowledgement, or the administrator's notification (when ADMIN_EMAIL is set). */
function arrivalEmailHandler(queue: string, kind: ArrivalEmail): EventHandler {
  return defineHandler({
    queue,
    events: submitted,
    handle: (event, ctx) =>
      sendApplicationEmail(
        ctx,
        event,
        (state) => arrivalEmailDue(state, kind, ctx.config),
        `application ${kind}`,
      ),
  });
}

export const acknowledgementHandler = arrivalEmailHandler(
  APPLICATION_RECEIVED_QUEUE,
  'acknowledgement',
);
export const adminNotificationHandler = arrivalEmailHandler(
  APPLICATION_NOTIFICATION_QUEUE,
  'admin-notification',
);

/** Worker side of the careers module. */
export const careersHandlers: EventHandler[] = [
  rejectionEmailHandler,
  acknowledgementHandler,
  adminNotificationHandler,
];
