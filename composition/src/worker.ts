// The worker's side of the composition: a separate entry point, so that the API never loads
// the modules' jobs (and what they load, such as geoip-lite).
import {
  type EventHandler,
  projectionQueue,
  type ScheduledHandler,
  type StoredEvent,
  type Trx,
  type WorkerContext,
  withStreamsRead,
} from '@kw/platform';
import { asyncProjections, modules } from './modules.ts';

const moduleHandlers: EventHandler[] = (
  await Promise.all(modules.map(async (m) => (m.jobs ? await m.jobs() : [])))
).flat();

/** Every job the worker runs: each module's handlers, then one per async projection. */
export function workerHandlers(): EventHandler[] {
  return [
    ...moduleHandlers,
    ...asyncProjections.map(
      (projection): EventHandler => ({
        queue: projectionQueue(projection),
        handle: (event, { db }) =>
          db.transaction(async (trx) => {
            await lockStreams(trx, projection.name, [event]);
            await projection.apply(trx, event);
          }),
        // A batch of jobs in one transaction, in log order: two round trips less per event, and
        // the events' streams (which a projection may look at: the activity feed's names) read
        // once for the batch, under its locks.
        handleBatch: (events, { db, store }) =>
          db.transaction(async (trx) => {
            await lockStreams(trx, projection.name, events);
            const streams = await store.readStreams(
              events.map((e) => e.streamId),
              trx,
            );
            await withStreamsRead(trx, streams, async () => {
              if (projection.applyBatch) await projection.applyBatch(trx, events);
              else for (const event of events) await projection.apply(trx, event);
            });
          }),
      }),
    ),
  ];
}

/**
 * One job at a time per stream and projection: two jobs of one stream run at once (a message
 * and its erasure, 150 ms apart) would each read the stream before the other's commit, and the
 * feed line of the first could outlive the second's removal. Locks in a fixed order: no deadlock.
 */
async function lockStreams(trx: Trx, projection: string, events: readonly StoredEvent[]) {
  const keys = [...new Set(events.map((e) => `${projection}:${e.streamId}`))].sort();
  await trx.raw(
    'select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(?::text[]) as k order by k',
    [keys],
  );
}

/** The modules' work at the worker's start (see ServerModule.atWorkerStart), run one after another. */
export async function atWorkerStart(ctx: WorkerContext): Promise<void> {
  for (const m of modules) {
    try {
      await m.atWorkerStart?.(ctx);
    } catch (error) {
      ctx.logger.warn({ err: error, module: m.name }, 'start-up work failed');
    }
  }
}

const moduleScheduled: ScheduledHandler[] = (
  await Promise.all(modules.map(async (m) => (m.scheduledJobs ? await m.scheduledJobs() : [])))
).flat();

/** The handlers of the schedules' jobs (pg-boss schedule), each with its cron. */
export function scheduledHandlers(): (ScheduledHandler & { cron: string })[] {
  return moduleScheduled.map((h) => {
    const schedule = modules.flatMap((m) => m.schedules ?? []).find((s) => s.queue === h.queue);
    if (!schedule) throw new Error(`No schedule declares queue ${h.queue}`);
    return { ...h, cron: schedule.cron };
  });
}
