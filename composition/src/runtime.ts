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
  type Logger,
  type PgBoss,
  type RunningPostgres,
  startEmbeddedPostgres,
} from '@kw/platform';
import { modules, projections, queueNames, subscriptions } from './modules.ts';

/** The database URL to use: DATABASE_URL, or an embedded PostgreSQL kept in DATA_DIR/pg. */
export async function resolveDatabase(
  config: Config,
): Promise<{ url: string; embedded?: RunningPostgres }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
  return { url: embedded.url, embedded };
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
  boss.on('error', (error) => logger.error(error, 'pg-boss error'));
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

export function processLogger(config: Config, name: string): Logger {
  return createLogger(config.env === 'test' ? 'silent' : config.logLevel, name);
}
