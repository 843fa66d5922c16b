import { fromKnex, PgBoss } from 'pg-boss';
import type { Db, Trx } from '../db.ts';
import type { EnqueueInTransaction } from '../event-store/types.ts';

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
    migrate: role !== 'api',
    useListenNotify: role === 'worker',
  });
  return boss;
}

/** Retries with backoff, then the job lands in `<queue>.dead` for a person to look at. */
export const QUEUE_DEFAULTS = {
  retryLimit: 5,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 300,
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
