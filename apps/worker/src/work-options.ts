// How the worker takes its jobs: apart from worker.ts so that `make bench` reads the options
// without loading the modules' jobs.
import type { WorkOptions } from '@kw/platform';

/**
 * How each queue is worked. A burst drains in batches: one fetch claims up to `batchSize` jobs,
 * whose events are read in one query and handled side by side (JOBS_AT_ONCE at a time), and
 * while fetches come back full the next one follows at once (`burstWhenBatchFull`). Two such
 * loops per queue, so one slow job (an SMTP server taking its time) does not hold the rest of
 * the queue back. An idle
 * worker is woken by LISTEN/NOTIFY when a job is created (queues have `notify: true`) and, if a
 * notification arrives while a batch is in hand, fetches again as soon as it ends. Polling is
 * the backstop: for a lost notification connection, and for jobs coming back to be retried
 * (pg-boss sends no notification for those, such as the jobs of a worker that died).
 */
export const WORK_OPTIONS = {
  batchSize: 500,
  localConcurrency: 2,
  burstWhenBatchFull: true,
  pollingIntervalSeconds: 2,
  notifyPollingIntervalSeconds: 5,
  perJobResults: true,
} as const satisfies WorkOptions;

/** Jobs of one batch handled side by side: as many as the worker has database connections. */
export const JOBS_AT_ONCE = 10;
