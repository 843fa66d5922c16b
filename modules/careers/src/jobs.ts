import type { EventHandler, StoredEvent, WorkerContext } from '@kw/platform';
import { recordRejectionEmail, rejectionEmailOwed } from './commands.ts';
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
import { applicationState } from './state.ts';

/**
 * One e-mail per rejection, however often the job runs: under a lock on the application's
 * stream, the stream is checked for a RejectionEmailSent before sending and gets one after,
 * in the same transaction. Should the commit itself fail after sending, the retry's message
 * carries the same Message-ID.
 */
export async function sendRejectionEmail(event: StoredEvent, ctx: WorkerContext): Promise<void> {
  const { applicationId } = event.data as ApplicationRejected['data'];
  const stream = applicationStream(applicationId);
  await ctx.db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [stream]);
    const history = await ctx.store.readStream(stream, trx);
    const owed = rejectionEmailOwed(applicationState(history), event.version);
    if (!owed) return;
    const messageId = rejectionMessageId(applicationId, event.version, ctx.config.publicUrl);
    await ctx.mailer.send(rejectionEmail(owed, { messageId, publicUrl: ctx.config.publicUrl }));
    await ctx.store.append(
      stream,
      'any',
      recordRejectionEmail(applicationId, event.version, messageId, owed.email),
      { metadata: { actor: 'worker', causationId: event.position }, trx },
    );
    ctx.logger.info({ applicationId }, 'rejection e-mail sent');
  });
}

/**
 * The application as it stands now; nothing is sent for one deleted meanwhile, nor for one
 * flagged as spam (a spammer gets no e-mail, the administrator no noise).
 */
async function currentApplication(event: StoredEvent, ctx: WorkerContext) {
  const { applicationId } = event.data as ApplicationSubmitted['data'];
  const state = applicationState(await ctx.store.readStream(applicationStream(applicationId)));
  return state.exists && !state.isSpam ? state.submitted : undefined;
}

/** Worker side of the careers module. */
export const careersHandlers: EventHandler[] = [
  { queue: REJECTION_EMAIL_QUEUE, handle: sendRejectionEmail },
  {
    queue: APPLICATION_RECEIVED_QUEUE,
    async handle(event, ctx) {
      const application = await currentApplication(event, ctx);
      if (application)
        await ctx.mailer.send(
          acknowledgementEmail(application, { publicUrl: ctx.config.publicUrl }),
        );
    },
  },
  {
    queue: APPLICATION_NOTIFICATION_QUEUE,
    async handle(event, ctx) {
      const to = ctx.config.adminEmail;
      if (!to) return;
      const application = await currentApplication(event, ctx);
      if (application)
        await ctx.mailer.send(
          adminNotificationEmail(application, { to, publicUrl: ctx.config.publicUrl }),
        );
    },
  },
];
