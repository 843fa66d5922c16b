import { fromKnex, type Job, type JobResult, PgBoss, type WorkOptions } from 'pg-boss';
import type { Db, Trx } from '../db.ts';
import type { EnqueueInTransaction } from '../event-store/types.ts';

export type { Job, JobResult, WorkOptions };
export { PgBoss };

export const BOSS_SCHEMA = 'pgboss';

export type BossRole = 'api' | 'worker' | 'admin';

/**
 * pg-boss in the application's own database. Only the worker runs maintenance and
 * schedules; the API only creates jobs, inside the transactions of its appends.
 */
export function createBoss(connectionString: string, role: BossRole): PgBoss {
  const boss = new PgBoss({
    connectionString,
    schema: BOSS_SCHEMA,
    max: role === 'worker' ? 6 : 3,
    supervise: role === 'worker',
    schedule: role === 'worker',
    // pg-boss's own schema is migrated by prepareDatabase (the migrate step), never by a process.
    migrate: role === 'admin',
    useListenNotify: role === 'worker',
    // The supervisor's pass is what hands back the jobs of a worker that died (their heartbeat
    // stopped): every few seconds rather than pg-boss's default minute. Several workers share
    // the pass (pg-boss claims it in the queue table), so more replicas do not run it more often.
    ...(role === 'worker'
      ? { superviseIntervalSeconds: SUPERVISE_SECONDS, monitorIntervalSeconds: SUPERVISE_SECONDS }
      : {}),
  });
  return boss;
}

/** How often a worker's supervisor looks for jobs whose heartbeat stopped. */
export const SUPERVISE_SECONDS = 3;

/**
 * Retries with backoff, then the job lands in `<queue>.dead` for a person to look at. A running
 * job's heartbeat is refreshed every 5 s by the worker that holds it; 10 s without one (the
 * worker was killed, its machine went away) and the job is retried by another, within
 * `heartbeatSeconds + SUPERVISE_SECONDS + retryDelay`, about 15 s. `expireInSeconds` still
 * bounds a handler that hangs while its worker lives.
 */
export const QUEUE_DEFAULTS = {
  retryLimit: 5,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 300,
  heartbeatSeconds: 10,
  notify: true,
} as const;

export function deadLetterQueue(queue: string): string {
  return `${queue}.dead`;
}

/** Creates (or brings up to date) each queue and its dead-letter queue. Safe to run twice. */
export async function ensureQueues(boss: PgBoss, queues: Iterable<string>): Promise<void> {
  for (const queue of new Set(queues)) {
    const dead = deadLetterQueue(queue);
    if (!(await boss.getQueue(dead)))
      await boss.createQueue(dead, { retentionSeconds: 30 * 86400 });
    const options = { ...QUEUE_DEFAULTS, deadLetter: dead };
    if (await boss.getQueue(queue)) await boss.updateQueue(queue, options);
    else await boss.createQueue(queue, options);
  }
}

/** Joins the caller's knex transaction, so a job exists only if the transaction commits. */
export function enqueueWith(boss: PgBoss): EnqueueInTransaction {
  return async (trx: Trx, queue, data, options) => {
    const startAfter = options?.startAfter;
    await boss.send(queue, data, { db: fromKnex(trx), ...(startAfter ? { startAfter } : {}) });
  };
}

/** Jobs waiting to run (created or retrying) across all queues, read directly from pg-boss's table. */
export async function queueBacklog(db: Db): Promise<number> {
  const row = await db
    .withSchema(BOSS_SCHEMA)
    .from('job')
    .whereIn('state', ['created', 'retry'])
    .where('start_after', '<=', db.fn.now())
    .count<{ count: number }[]>('* as count')
    .first();
  return Number(row?.count ?? 0);
}
