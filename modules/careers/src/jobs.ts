import {
  defineEvents,
  defineHandler,
  type EventHandler,
  type EventMetadata,
  sendOnce,
} from '@kw/platform';
import {
  type ArrivalEmail,
  arrivalEmailDue,
  handleApplication,
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

const byWorker = (event: { position: number }): EventMetadata => ({
  actor: 'worker',
  causationId: event.position,
});

/** One e-mail per rejection: the Message-ID names the rejection's version. */
export const rejectionEmailHandler: EventHandler = defineHandler({
  queue: REJECTION_EMAIL_QUEUE,
  events: rejected,
  async handle(event, ctx) {
    const { applicationId } = event.data;
    const sent = await sendOnce(
      ctx,
      handleApplication,
      applicationStream(applicationId),
      (state) => rejectionEmailDue(state, event.version, ctx.config.publicUrl),
      byWorker(event),
    );
    if (sent) ctx.logger.info({ applicationId }, 'rejection e-mail sent');
  },
});

/** The applicant's acknowledgement, or the administrator's notification (when ADMIN_EMAIL is set). */
function arrivalEmailHandler(queue: string, kind: ArrivalEmail): EventHandler {
  return defineHandler({
    queue,
    events: submitted,
    async handle(event, ctx) {
      const { applicationId } = event.data;
      const sent = await sendOnce(
        ctx,
        handleApplication,
        applicationStream(applicationId),
        (state) => arrivalEmailDue(state, kind, ctx.config),
        byWorker(event),
      );
      if (sent) ctx.logger.info({ applicationId }, `application ${kind} e-mail sent`);
    },
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
