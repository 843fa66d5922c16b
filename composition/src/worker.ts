// The worker's side of the composition: a separate entry point, so that the API never loads
// the modules' jobs (and what they load, such as geoip-lite).
import { type EventHandler, projectionQueue, type WorkerContext } from '@kw/platform';
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
        handle: (event, { db }) => db.transaction((trx) => projection.apply(trx, event)),
        // A batch of jobs in one transaction, in log order: two round trips less per event.
        handleBatch: (events, { db }) =>
          db.transaction(async (trx) => {
            for (const event of events) await projection.apply(trx, event);
          }),
      }),
    ),
  ];
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
