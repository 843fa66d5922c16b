import { hostname } from 'node:os';
import { openRuntime } from '@kw/composition';
import { workerHandlers } from '@kw/composition/worker';
import {
  type Config,
  createMailer,
  type EventHandler,
  type EventJob,
  type Logger,
  type WorkerContext,
} from '@kw/platform';
import { mailFrom } from '@kw/site';

export const HEARTBEAT_INTERVAL_MS = 5_000;

/** Every job the worker runs: the modules' handlers and the async projections. */
export function allHandlers(): EventHandler[] {
  return workerHandlers();
}

export interface RunningWorker {
  context: WorkerContext;
  stop(): Promise<void>;
}

export async function startWorker(
  config: Config,
  databaseUrl: string,
  logger: Logger,
  handlers: EventHandler[] = allHandlers(),
): Promise<RunningWorker> {
  const runtime = await openRuntime(databaseUrl, 'worker', logger);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom ?? mailFrom,
    mailDir: config.mailDir,
  });
  const context: WorkerContext = { config, db: runtime.db, store: runtime.store, logger, mailer };

  for (const handler of handlers) {
    await runtime.boss.work<EventJob>(
      handler.queue,
      { pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2, batchSize: 1 },
      async ([job]) => {
        if (!job) return;
        const event = await runtime.store.readEvent(job.data.position);
        if (!event) throw new Error(`Event ${job.data.position} not found for job ${job.id}`);
        const started = Date.now();
        await handler.handle(event, context);
        logger.debug(
          { queue: handler.queue, position: event.position, ms: Date.now() - started },
          'job done',
        );
      },
    );
  }

  const workerId = `${hostname()}:${process.pid}`;
  const startedAt = new Date();
  const beat = async () => {
    try {
      await runtime
        .db('worker_heartbeat')
        .insert({ worker_id: workerId, beat_at: new Date(), started_at: startedAt })
        .onConflict('worker_id')
        .merge(['beat_at']);
    } catch (error) {
      logger.warn({ err: error }, 'heartbeat failed');
    }
  };
  await beat();
  const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);

  return {
    context,
    async stop() {
      clearInterval(timer);
      // Graceful: the job in hand finishes before the connections close.
      await runtime.close();
    },
  };
}
