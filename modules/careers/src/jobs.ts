import type { EventHandler, StoredEvent, Trx, WorkerContext } from '@kw/platform';
import {
  type ArrivalEmail,
  arrivalEmailOwed,
  recordArrivalEmail,
  recordRejectionEmail,
  rejectionEmailOwed,
} from './commands.ts';
import type { ApplicationRejected, ApplicationSubmitted } from './events.ts';
import { applicationStream } from './events.ts';
import {
  APPLICATION_NOTIFICATION_QUEUE,
  APPLICATION_RECEIVED_QUEUE,
  REJECTION_EMAIL_QUEUE,
} from './index.ts';
import {
  acknowledgementEmail,
  adminNotificationEmail,
  rejectionEmail,
  rejectionMessageId,
} from './mails.ts';
import { type ApplicationState, applicationState } from './state.ts';

/**
 * Runs `send` under a lock on the application's stream, with its history read in the same
 * transaction: an e-mail is checked for in the stream before it is sent and recorded after,
 * so a job that runs twice (or twice at once) sends it once. Should the commit itself fail
 * after sending, the retry's message carries the same Message-ID.
 */
async function onceForApplication(
  ctx: WorkerContext,
  applicationId: string,
  send: (state: ApplicationState, trx: Trx) => Promise<void>,
): Promise<void> {
  const stream = applicationStream(applicationId);
  await ctx.db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [stream]);
    await send(applicationState(await ctx.store.readStream(stream, trx)), trx);
  });
}

/** One e-mail per rejection, however often the job runs. */
export async function sendRejectionEmail(event: StoredEvent, ctx: WorkerContext): Promise<void> {
  const { applicationId } = event.data as ApplicationRejected['data'];
  await onceForApplication(ctx, applicationId, async (state, trx) => {
    const owed = rejectionEmailOwed(state, event.version);
    if (!owed) return;
    const messageId = rejectionMessageId(applicationId, event.version, ctx.config.publicUrl);
    await ctx.mailer.send(rejectionEmail(owed, { messageId, publicUrl: ctx.config.publicUrl }));
    await ctx.store.append(
      applicationStream(applicationId),
      'any',
      recordRejectionEmail(applicationId, event.version, messageId, owed.email),
      { metadata: { actor: 'worker', causationId: event.position }, trx },
    );
    ctx.logger.info({ applicationId }, 'rejection e-mail sent');
  });
}

/** The applicant's acknowledgement, or the administrator's notification: each sent once. */
export async function sendArrivalEmail(
  kind: ArrivalEmail,
  event: StoredEvent,
  ctx: WorkerContext,
): Promise<void> {
  const { applicationId } = event.data as ApplicationSubmitted['data'];
  const adminEmail = ctx.config.adminEmail;
  if (kind === 'admin-notification' && !adminEmail) return;
  await onceForApplication(ctx, applicationId, async (state, trx) => {
    const application = arrivalEmailOwed(state, kind);
    if (!application) return;
    const options = { publicUrl: ctx.config.publicUrl };
    const mail =
      kind === 'acknowledgement'
        ? acknowledgementEmail(application, options)
        : adminNotificationEmail(application, { ...options, to: adminEmail! });
    await ctx.mailer.send(mail);
    await ctx.store.append(
      applicationStream(applicationId),
      'any',
      recordArrivalEmail(applicationId, kind, mail.messageId ?? '', mail.to),
      { metadata: { actor: 'worker', causationId: event.position }, trx },
    );
    ctx.logger.info({ applicationId }, `application ${kind} e-mail sent`);
  });
}

/** Worker side of the careers module. */
export const careersHandlers: EventHandler[] = [
  { queue: REJECTION_EMAIL_QUEUE, handle: sendRejectionEmail },
  {
    queue: APPLICATION_RECEIVED_QUEUE,
    handle: (event, ctx) => sendArrivalEmail('acknowledgement', event, ctx),
  },
  {
    queue: APPLICATION_NOTIFICATION_QUEUE,
    handle: (event, ctx) => sendArrivalEmail('admin-notification', event, ctx),
  },
];
