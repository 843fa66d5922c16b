import { type Job, type JobResult, PgBoss, type WorkOptions } from 'pg-boss';
import type { Db, Trx } from '../db.ts';
import type { JobOutbox } from '../event-store/types.ts';

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

/** pg-boss's LISTEN/NOTIFY channel for its schema (as pg-boss 12.35 names it). */
const NOTIFY_CHANNEL = `'pgboss_' || left(encode(sha224('${BOSS_SCHEMA}'::bytea), 'hex'), 24)`;

/**
 * The jobs of one append in a single statement, whatever their queues: the row pg-boss's own
 * `send` / `insert` would write (pg-boss 12.35, pinned: every option from the queue's settings,
 * as for a job sent with at most a `startAfter`), through the partitioned `job` table, so a queue with a
 * table of its own gets its rows too. A job for a queue that does not exist makes no row (the
 * count tells). jobs/boss.test.ts compares the rows with `send`'s, and runs them.
 */
const INSERT_JOBS_SQL = `
  insert into ${BOSS_SCHEMA}.job (
    id, name, data, priority, start_after, created_on, expire_seconds, deletion_seconds,
    keep_until, retry_limit, retry_delay, retry_backoff, retry_delay_max, policy, dead_letter,
    heartbeat_seconds
  )
  select
    gen_random_uuid(), q.name, j.data, 0, j.start_after, ${BOSS_SCHEMA}.job_now(),
    q.expire_seconds, q.deletion_seconds, j.start_after + q.retention_seconds * interval '1s',
    q.retry_limit, q.retry_delay, coalesce(q.retry_backoff, false), q.retry_delay_max, q.policy,
    q.dead_letter, q.heartbeat_seconds
  from (
    select name, data, coalesce("startAfter", ${BOSS_SCHEMA}.job_now()) as start_after
    from jsonb_to_recordset(?::jsonb) as x(name text, data jsonb, "startAfter" timestamptz)
  ) j
  join ${BOSS_SCHEMA}.queue q on q.name = j.name
  on conflict do nothing`;

/**
 * The same rows as INSERT_JOBS_SQL for the events of `appended` (the CTE of an append's single
 * statement), each job's data built from its event's row, due at once or `delay` ms later.
 */
const INSERT_APPENDED_JOBS_SQL = `
  insert into ${BOSS_SCHEMA}.job (
    id, name, data, priority, start_after, created_on, expire_seconds, deletion_seconds,
    keep_until, retry_limit, retry_delay, retry_backoff, retry_delay_max, policy, dead_letter,
    heartbeat_seconds
  )
  select
    gen_random_uuid(), q.name,
    jsonb_build_object('position', a.position, 'streamId', a.stream_id, 'type', a.type), 0,
    ${BOSS_SCHEMA}.job_now() + j.delay * interval '1 millisecond', ${BOSS_SCHEMA}.job_now(),
    q.expire_seconds, q.deletion_seconds,
    ${BOSS_SCHEMA}.job_now() + j.delay * interval '1 millisecond'
      + q.retention_seconds * interval '1s',
    q.retry_limit, q.retry_delay, coalesce(q.retry_backoff, false), q.retry_delay_max, q.policy,
    q.dead_letter, q.heartbeat_seconds
  from jsonb_to_recordset(?::jsonb) as j(name text, version int, delay int)
  join appended a on a.version = j.version
  join ${BOSS_SCHEMA}.queue q on q.name = j.name
  on conflict do nothing`;

/**
 * Wakes the listening workers of queues that got jobs (every queue here is created with
 * `notify`), after the transaction committed: one statement for every queue touched meanwhile,
 * one at a time and at most one per WAKE_UP_GAP_MS under load. Inside the transaction, as
 * pg-boss's `send` does it, a NOTIFY makes PostgreSQL serialise every such commit (a global lock
 * from before the commit until its WAL is flushed), which halved the rate of 20 writers'
 * commits on this 2-core machine; out here, each commit is an ordinary one. Should the process
 * die between the commit and this, the workers find the jobs at their next poll.
 */
const WAKE_UP_GAP_MS = 20;
/** Jobs due within this long are woken at their time by a timer of the process that made them. */
const WAKE_LATER_MS = 60_000;
/** How long after its due time a job is woken (its `start_after` has passed by then). */
const WAKE_LATE_BY_MS = 5;

class WorkerWakeUps {
  private readonly pending = new Set<string>();
  private sending = false;
  private lastSent = 0;
  private readonly boss: PgBoss;

  constructor(boss: PgBoss) {
    this.boss = boss;
  }

  /** Wakes `queue`'s workers once a job due in `ms` is due (a little after, so it has passed). */
  wakeIn(queue: string, ms: number): void {
    const timer = setTimeout(() => this.wake([queue]), Math.max(0, ms + WAKE_LATE_BY_MS));
    timer.unref();
  }

  wake(queues: Iterable<string>): void {
    for (const queue of queues) this.pending.add(queue);
    if (!this.sending) void this.send();
  }

  private async send(): Promise<void> {
    this.sending = true;
    try {
      while (this.pending.size > 0) {
        const wait = this.lastSent + WAKE_UP_GAP_MS - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        this.lastSent = Date.now();
        const queues = [...this.pending];
        this.pending.clear();
        await this.boss
          .getDb()
          .executeSql(`select pg_notify(${NOTIFY_CHANNEL}, name) from unnest($1::text[]) as name`, [
            queues,
          ])
          .catch(() => {}); // polling still finds the jobs
      }
    } finally {
      this.sending = false;
    }
  }
}

/**
 * Joins the caller's knex transaction, so a job exists only if the transaction commits: all of
 * an append's jobs in one statement (one round trip, not one per queue), and their workers
 * woken once it has committed.
 */
export function enqueueWith(boss: PgBoss): JobOutbox {
  const wakeUps = new WorkerWakeUps(boss);
  return {
    statement(jobs) {
      const queues = [...new Set(jobs.map((job) => job.queue))];
      return {
        ready: {
          sql: `(select count(*) from ${BOSS_SCHEMA}.queue where name = any(?::text[])) = ?`,
          bindings: [queues, queues.length],
        },
        insert: {
          sql: INSERT_APPENDED_JOBS_SQL,
          bindings: [
            JSON.stringify(
              jobs.map((job) => ({ name: job.queue, version: job.version, delay: job.delayMs })),
            ),
          ],
        },
        committed: () => {
          wakeUps.wake(jobs.filter((j) => j.delayMs <= 0).map((j) => j.queue));
          for (const job of jobs.filter((j) => j.delayMs > 0))
            wakeUps.wakeIn(job.queue, job.delayMs);
        },
      };
    },
    async enqueueAll(trx: Trx, jobs) {
      if (jobs.length === 0) return;
      const queues = [...new Set(jobs.map((job) => job.queue))];
      const { rowCount } = await trx.raw<{ rowCount: number }>(INSERT_JOBS_SQL, [
        JSON.stringify(
          jobs.map((job) => ({ name: job.queue, data: job.data, startAfter: job.startAfter })),
        ),
      ]);
      if (rowCount < jobs.length) {
        // Fewer rows than jobs: a queue that does not exist (or a policy's conflict: no error).
        const known: string[] = await trx
          .withSchema(BOSS_SCHEMA)
          .from('queue')
          .whereIn('name', queues)
          .pluck('name');
        const missing = queues.filter((q) => !known.includes(q));
        if (missing.length > 0)
          throw new Error(`No such queue: ${missing.join(', ')} (make migrate creates the queues)`);
      }
      const now = Date.now();
      const due = new Set(
        jobs.filter((j) => !j.startAfter || j.startAfter.getTime() <= now).map((j) => j.queue),
      );
      // A job due soon (a round of notices, 2 s on) wakes the workers at its time, from this
      // process: the workers' polling (every 5 s while notifications work) would find it late.
      const soon = jobs.filter(
        (j) =>
          j.startAfter &&
          j.startAfter.getTime() > now &&
          j.startAfter.getTime() - now <= WAKE_LATER_MS,
      );
      trx.executionPromise.then(
        () => {
          wakeUps.wake(due);
          for (const job of soon) wakeUps.wakeIn(job.queue, job.startAfter!.getTime() - Date.now());
        },
        () => {}, // rolled back: no job, nothing to wake
      );
    },
  };
}

/**
 * Jobs waiting to run (created or retrying) across all queues, read directly from pg-boss's
 * table: those due, and those held back a moment (due within a second, such as an async
 * projection's, which waits 150 ms for its event's own jobs).
 */
export async function queueBacklog(db: Db): Promise<number> {
  const row = await db
    .withSchema(BOSS_SCHEMA)
    .from('job')
    .whereIn('state', ['created', 'retry'])
    .where('start_after', '<=', db.raw("now() + interval '1 second'"))
    .count<{ count: number }[]>('* as count')
    .first();
  return Number(row?.count ?? 0);
}
