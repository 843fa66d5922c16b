import path from 'node:path';
import { migrateLatest } from '@kw/db';
import {
  type Config,
  createBoss,
  createDb,
  createLogger,
  type Db,
  EventStore,
  enqueueWith,
  ensureQueues,
  isDatabaseUnavailable,
  type Logger,
  type PgBoss,
  type PostgresEvent,
  type RunningPostgres,
  startEmbeddedPostgres,
} from '@kw/platform';
import { modules, projections, queueNames, subscriptions } from './modules.ts';

/**
 * The database URL to use: DATABASE_URL, or an embedded PostgreSQL kept in DATA_DIR/pg,
 * restarted by itself if it dies (the supervisor's doings go to `logger`).
 */
export async function resolveDatabase(
  config: Config,
  logger?: Logger,
): Promise<{ url: string; embedded?: RunningPostgres }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), {
    onEvent: (event) => logPostgresEvent(logger, event),
  });
  return { url: embedded.url, embedded };
}

function logPostgresEvent(logger: Logger | undefined, event: PostgresEvent): void {
  if (!logger) return;
  switch (event.type) {
    case 'exited':
      logger.error(
        { code: event.code, signal: event.signal },
        `the embedded PostgreSQL stopped unexpectedly; restarting it in ${event.restartInMs} ms`,
      );
      break;
    case 'restart-failed':
      logger.warn(
        { reason: event.reason },
        `the embedded PostgreSQL did not start again; next try in ${event.restartInMs} ms`,
      );
      break;
    case 'restarted':
      logger.info({ pid: event.pid }, 'the embedded PostgreSQL is running again');
      break;
    case 'stopped':
      logger.warn('the embedded PostgreSQL was stopped (a clean shutdown): not restarting it');
      break;
    case 'access-granted':
      logger.info(
        `${event.path}: gave ${event.how}, so that the 'postgres' user reaches the database files`,
      );
      break;
  }
}

/** Brings the schema up to date: knex migrations, pg-boss's schema and every queue. Safe to repeat. */
export async function prepareDatabase(url: string, logger?: Logger): Promise<void> {
  const db = createDb(url, { min: 0, max: 2 });
  try {
    const applied = await migrateLatest(
      db,
      modules.flatMap((m) => (m.migrations ? [m.migrations] : [])),
    );
    if (applied.length > 0) logger?.info({ applied }, 'migrations applied');
  } finally {
    await db.destroy();
  }
  const boss = createBoss(url, 'admin');
  boss.on('error', (error) => logger?.error(error, 'pg-boss error'));
  await boss.start();
  try {
    await ensureQueues(boss, queueNames());
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

export interface Runtime {
  db: Db;
  boss: PgBoss;
  store: EventStore;
  close(): Promise<void>;
}

/** Database pool, pg-boss (to create jobs) and the event store with every module's projections. */
export async function openRuntime(
  url: string,
  role: 'api' | 'worker',
  logger: Logger,
): Promise<Runtime> {
  const db = createDb(url);
  const boss = createBoss(url, role);
  // While the database is away every poll fails: the log gets the first failure and then one
  // line now and then, and pg-boss keeps trying until the database is back.
  boss.on('error', throttledErrorLog(logger, 'pg-boss error'));
  await boss.start();
  const store = new EventStore(db, { projections, subscriptions, enqueue: enqueueWith(boss) });
  return {
    db,
    boss,
    store,
    async close() {
      await boss.stop({ graceful: true, close: true, timeout: 10_000 });
      await db.destroy();
    },
  };
}

/** Logs the first error, then at most one line per `everyMs` with the number left unsaid. */
export function throttledErrorLog(
  logger: Logger,
  message: string,
  everyMs = 30_000,
): (error: unknown) => void {
  let lastAt = 0;
  let unsaid = 0;
  return (error) => {
    const now = Date.now();
    if (now - lastAt < everyMs) {
      unsaid++;
      return;
    }
    lastAt = now;
    const suffix = unsaid > 0 ? ` (and ${unsaid} more since the last one)` : '';
    unsaid = 0;
    logger.error(error, `${message}${suffix}`);
  };
}

/**
 * Waits until PostgreSQL answers, for a process that starts while it is away (restarting):
 * tries again after a growing pause, logging each wait; other errors are thrown at once.
 */
export async function waitForDatabase(
  url: string,
  logger: Logger,
  delaysMs: readonly number[] = [500, 1_000, 2_000, 5_000, 10_000],
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const db = createDb(url, { min: 0, max: 1 });
    try {
      await db.raw('select 1');
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const wait = delaysMs[Math.min(attempt, delaysMs.length - 1)] ?? 1_000;
      logger.warn(`the database does not answer yet; trying again in ${wait} ms`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    } finally {
      await db.destroy();
    }
  }
}

export function processLogger(config: Config, name: string): Logger {
  return createLogger(config.env === 'test' ? 'silent' : config.logLevel, name);
}
