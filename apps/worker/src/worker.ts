import { hostname } from 'node:os';
import { openRuntime, personalDataSources } from '@kw/composition';
import { scheduledHandlers, workerHandlers } from '@kw/composition/worker';
import {
  type Config,
  createMailer,
  type EventHandler,
  type EventJob,
  type Job,
  type JobResult,
  type Logger,
  type StoredEvent,
  type WorkerContext,
  withBatchEvents,
  withoutAddresses,
} from '@kw/platform';
import { mailFrom } from '@kw/site';
import { JOBS_AT_ONCE, WORK_OPTIONS } from './work-options.ts';

export const HEARTBEAT_INTERVAL_MS = 5_000;

export { JOBS_AT_ONCE, WORK_OPTIONS };

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
  options: { schedules?: boolean } = {},
): Promise<RunningWorker> {
  const runtime = await openRuntime(databaseUrl, 'worker', logger);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom ?? mailFrom,
    mailDir: config.mailDir,
  });
  const context: WorkerContext = {
    config,
    db: runtime.db,
    store: runtime.store,
    logger,
    mailer,
    personalData: personalDataSources,
  };
  for (const handler of handlers) {
    await runtime.boss.work<EventJob, unknown, typeof WORK_OPTIONS>(
      handler.queue,
      WORK_OPTIONS,
      async (jobs) => runBatch(handler, jobs, context),
    );
  }
  // Jobs on a clock (the daily retention run): pg-boss creates one per tick, once across
  // every worker; a failed run is retried like any job.
  if (options.schedules ?? true) {
    for (const scheduled of scheduledHandlers()) {
      await runtime.boss.schedule(scheduled.queue, scheduled.cron, {}, { tz: 'UTC' });
      await runtime.boss.work(scheduled.queue, { batchSize: 1 }, async () => {
        await scheduled.run(context, new Date());
      });
    }
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
      // Graceful: the batches in hand finish before the connections close.
      await runtime.close();
    },
  };
}

/**
 * One batch of a queue's jobs: their events read (and opened) in one query, then the handler's
 * batch form (all or nothing) when it has one, else each job on its own, side by side; what a
 * handler reads again of these events (their streams) is not opened again. Each job settles
 * on its own: one that fails is retried (then dead-lettered) alone.
 */
async function runBatch(
  handler: EventHandler,
  jobs: Job<EventJob>[],
  context: WorkerContext,
): Promise<JobResult[]> {
  const { store, logger } = context;
  const events = new Map<number, StoredEvent>(
    (await store.readEvents(jobs.map((job) => job.data.position))).map((e) => [e.position, e]),
  );
  const missing = (job: Job<EventJob>) =>
    new Error(`Event ${job.data.position} not found for job ${job.id}`);
  const failed = (job: Job<EventJob>, error: unknown): JobResult => {
    logger.warn(
      { err: error, queue: handler.queue, position: job.data.position, job: job.id },
      'job failed; pg-boss retries it',
    );
    // Kept in the job's row until pg-boss deletes it, where an erasure does not reach: no
    // address an SMTP server's refusal quoted.
    const message = withoutAddresses(error instanceof Error ? error.message : String(error));
    return { id: job.id, status: 'failed', output: { message } };
  };

  if (handler.handleBatch && jobs.length > 1) {
    const found = jobs.filter((job) => events.has(job.data.position));
    const positions = [...new Set(found.map((job) => job.data.position))].sort((a, b) => a - b);
    try {
      const started = Date.now();
      const given = positions.map((p) => events.get(p)!);
      await withBatchEvents(given, () => handler.handleBatch!(given, context));
      logger.debug(
        { queue: handler.queue, jobs: found.length, ms: Date.now() - started },
        'batch done',
      );
      return jobs.map((job) =>
        events.has(job.data.position)
          ? { id: job.id, status: 'completed' }
          : failed(job, missing(job)),
      );
    } catch (error) {
      logger.debug(
        { err: error, queue: handler.queue },
        'batch failed; running its jobs one by one',
      );
    }
  }

  const run = async (job: Job<EventJob>): Promise<JobResult> => {
    const event = events.get(job.data.position);
    try {
      if (!event) throw missing(job);
      const started = Date.now();
      await withBatchEvents([event], () => handler.handle(event, context));
      logger.debug(
        { queue: handler.queue, position: event.position, ms: Date.now() - started },
        'job done',
      );
      return { id: job.id, status: 'completed' };
    } catch (error) {
      return failed(job, error);
    }
  };
  // A few side by side: enough to keep the database busy, not so many that they queue for
  // its connections or retry each other's appends to a shared stream.
  const results: JobResult[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(JOBS_AT_ONCE, jobs.length) }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await run(jobs[i]!);
      }
    }),
  );
  return results;
}
