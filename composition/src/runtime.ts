import path from 'node:path';
import { migrateLatest, pendingMigrations } from '@kw/db';
import {
  BOSS_SCHEMA,
  type Config,
  ConfigError,
  createBoss,
  createDb,
  createLogger,
  type Db,
  EventStore,
  enqueueWith,
  ensureQueues,
  isDatabaseRefused,
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

const moduleMigrations = () => modules.flatMap((m) => (m.migrations ? [m.migrations] : []));

/**
 * Brings the schema up to date: knex migrations, pg-boss's schema and every queue. Safe to
 * repeat. Run once per deployment, as its own step (`make migrate`, docker-compose's `migrate`
 * service, `make run` before it starts its processes), never by each API or worker process.
 */
export async function prepareDatabase(url: string, logger?: Logger): Promise<void> {
  const db = createDb(url, { min: 0, max: 2 });
  try {
    const applied = await migrateLatest(db, moduleMigrations());
    if (applied.length > 0) logger?.info({ applied }, 'migrations applied');
    // No job queue here: the worker's (async) projections are applied in the append's transaction.
    const store = new EventStore(db, {
      projections: projections.map((p) => ({ ...p, mode: 'inline' as const })),
    });
    for (const module of modules) await module.upgrade?.(store);
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

/** The database is behind the code: an API or a worker refuses to start on it. */
export class DatabaseNotReadyError extends ConfigError {
  override name = 'DatabaseNotReadyError';
}

/**
 * What an API or a worker process checks before it starts, without changing anything: every
 * migration applied, pg-boss's schema and every queue there. Throws DatabaseNotReadyError,
 * naming what is missing and the command that fixes it.
 */
export async function assertDatabaseReady(url: string): Promise<void> {
  const db = createDb(url, { min: 0, max: 1 });
  const fix = "run 'make migrate' (docker compose: the migrate service) first";
  try {
    const pending = await pendingMigrations(db, moduleMigrations());
    if (pending.length > 0)
      throw new DatabaseNotReadyError(
        `The database is not migrated: ${pending.length} migration(s) pending, from ${pending[0]}; ${fix}.`,
      );
    const { rows } = await db.raw<{ rows: { exists: boolean }[] }>(
      'select to_regclass(?) is not null as exists',
      [`${BOSS_SCHEMA}.queue`],
    );
    const queues = rows[0]?.exists
      ? new Set<string>(await db.withSchema(BOSS_SCHEMA).from('queue').pluck('name'))
      : new Set<string>();
    const missing = queueNames().filter((q) => !queues.has(q));
    if (missing.length > 0)
      throw new DatabaseNotReadyError(
        `The job queues are not created: ${missing.join(', ')} missing; ${fix}.`,
      );
  } finally {
    await db.destroy();
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

/** PostgreSQL's "terminating connection due to administrator command" (57P01). */
export const isServerShutdown = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === '57P01';

/**
 * While a process stops, PostgreSQL stopping first (the same Ctrl-C reaches both) is expected: a
 * connection it ends then (pg-boss's listening one, between taking its handlers off and ending
 * it) is not a crash to report. Anything else still is.
 */
export function expectServerShutdownWhileStopping(logger: Logger): void {
  process.on('uncaughtException', (error) => {
    if (isServerShutdown(error)) {
      logger.info('the database shut down while this process stopped');
      return;
    }
    console.error(error);
    process.exit(1);
  });
}

/** Logs the first error, then at most one line per `everyMs` with the number left unsaid. */
export function throttledErrorLog(
  logger: Logger,
  message: string,
  everyMs = 30_000,
): (error: unknown) => void {
  let lastAt = 0;
  let unsaid = 0;
  let shutdownSaidAt = -Infinity;
  return (error) => {
    // The server shutting down (a restart, or `make run` stopped with Ctrl-C, PostgreSQL first):
    // expected, and said once, without a stack; pg-boss reconnects when it is back.
    if (isServerShutdown(error)) {
      if (Date.now() - shutdownSaidAt >= everyMs) {
        shutdownSaidAt = Date.now();
        logger.warn(`${message}: the database is shutting down`);
      }
      return;
    }
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
      // Refused for good (a wrong password, a database that does not exist): what to change,
      // in one line, rather than a driver's stack trace.
      if (isDatabaseRefused(error))
        throw new ConfigError(`DATABASE_URL: ${(error as Error).message}`);
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
