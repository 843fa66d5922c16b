import { PgBoss } from 'pg-boss';
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

/**
 * The jobs of one append in a single statement, whatever their queues: the row pg-boss's own
 * `send` / `insert` would write (pg-boss 12.35, pinned: every option from the queue's settings,
 * as for a job sent without options), through the partitioned `job` table, so a queue with a
 * table of its own gets its rows too; and one NOTIFY per queue, as pg-boss sends, so listening
 * workers fetch at once. jobs/boss.test.ts compares the rows with `send`'s, and runs them.
 */
const INSERT_JOBS_SQL = `
  with inserted as (
    insert into ${BOSS_SCHEMA}.job (
      id, name, data, priority, start_after, created_on, expire_seconds, deletion_seconds,
      keep_until, retry_limit, retry_delay, retry_backoff, retry_delay_max, policy, dead_letter,
      heartbeat_seconds
    )
    select
      gen_random_uuid(), q.name, j.data, 0, ${BOSS_SCHEMA}.job_now(), ${BOSS_SCHEMA}.job_now(),
      q.expire_seconds, q.deletion_seconds,
      ${BOSS_SCHEMA}.job_now() + q.retention_seconds * interval '1s',
      q.retry_limit, q.retry_delay, coalesce(q.retry_backoff, false), q.retry_delay_max, q.policy,
      q.dead_letter, q.heartbeat_seconds
    from jsonb_to_recordset(?::jsonb) as j(name text, data jsonb)
    join ${BOSS_SCHEMA}.queue q on q.name = j.name
    on conflict do nothing
    returning name
  ), notified as (
    select pg_notify(
      'pgboss_' || left(encode(sha224('${BOSS_SCHEMA}'::bytea), 'hex'), 24),
      q.name
    )
    from ${BOSS_SCHEMA}.queue q
    where q.notify and q.name in (select name from inserted)
  )
  select name, count(*)::int as count from inserted
  where (select count(*) from notified) >= 0
  group by name`;

/**
 * Joins the caller's knex transaction, so a job exists only if the transaction commits: all of
 * an append's jobs in one statement (one round trip, not one per queue).
 */
export function enqueueWith(_boss: PgBoss): EnqueueInTransaction {
  return async (trx: Trx, jobs) => {
    if (jobs.length === 0) return;
    const { rows } = await trx.raw<{ rows: { name: string; count: number }[] }>(INSERT_JOBS_SQL, [
      JSON.stringify(jobs.map((job) => ({ name: job.queue, data: job.data }))),
    ]);
    const created = new Map(rows.map((row) => [row.name, row.count]));
    const missing = [...new Set(jobs.map((job) => job.queue))].filter((q) => !created.has(q));
    if (missing.length > 0)
      throw new Error(`No such queue: ${missing.join(', ')} (make migrate creates the queues)`);
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
