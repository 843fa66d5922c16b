import { defineHandler, type ScheduledHandler, type WorkerContext } from '@kw/platform';
import { finishErasure, type PrivacyDeps, runRetention } from './erasure.ts';
import { privacyEvents } from './events.ts';
import { FINISH_ERASURE_QUEUE, RETENTION_QUEUE } from './index.ts';

function deps(ctx: WorkerContext): PrivacyDeps {
  if (!ctx.personalData) throw new Error('The composition gave no personal-data sources');
  return { config: ctx.config, db: ctx.db, store: ctx.store, sources: ctx.personalData };
}

/** An erasure's files: deleted, then `PersonErased`; a file that stays fails the job (retried). */
export const privacyHandlers = [
  defineHandler({
    queue: FINISH_ERASURE_QUEUE,
    events: privacyEvents,
    async handle(event, ctx) {
      if (event.type !== 'ErasureStarted') return;
      await finishErasure(deps(ctx), event.data.erasureId, { actor: 'worker' });
    },
  }),
];

/** Daily: what is past its retention period is erased (and pending erasures finished). */
export const privacyScheduledHandlers: ScheduledHandler[] = [
  {
    queue: RETENTION_QUEUE,
    async run(ctx, now) {
      const erased = await runRetention(deps(ctx), now, (error, message) =>
        ctx.logger.warn({ err: error }, message),
      );
      ctx.logger.info({ erased }, 'retention run');
    },
  },
];
