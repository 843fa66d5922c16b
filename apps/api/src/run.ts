// `make run` and `make dev`: the embedded PostgreSQL (unless DATABASE_URL is set), migrations,
// demo content, then the API and the worker together. Ctrl-C stops all of them.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { prepareDatabase, processLogger, projections, resolveDatabase } from '@kw/composition';
import { seedDemoContent } from '@kw/db';
import {
  ConfigError,
  createDb,
  EmbeddedPostgresError,
  EventStore,
  loadConfig,
  portError,
} from '@kw/platform';
import { announceDatabase } from './database-lock.ts';
import { API_ENV, API_NODE_OPTIONS } from './node-options.ts';

const dev = process.argv.includes('--dev');
if (dev) process.env.NODE_ENV = 'development';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
const logger = processLogger(config, 'run');
const started = Date.now();
const children = new Map<string, ChildProcess>();
let stopping = false;
let forget = () => {};

// Signals are handled from the first moment, and a failed start-up stops what it started: a
// Ctrl-C during start-up, or a failed migration, must not leave the embedded PostgreSQL running
// on its own, or the next start finds the data directory in use.
const database = resolveDatabase(config, logger);

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    [...children.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  forget();
  const running = await database.catch(() => undefined);
  await running?.embedded?.stop();
  process.exit(code);
}
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));

/** Pauses before restarting a child that stopped; one that ran a minute starts from the first. */
const CHILD_RESTART_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

function startChild(name: string, entry: string, env: NodeJS.ProcessEnv, failures = 0): void {
  if (stopping) return;
  const args = [
    ...(dev ? ['--watch', '--watch-preserve-output'] : []),
    fileURLToPath(new URL(entry, import.meta.url)),
  ];
  const startedAt = Date.now();
  const child = spawn(process.execPath, args, { env, stdio: 'inherit' });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    // Status 2: a mistake to correct (the child said which, in one line); a restart would
    // only say it again.
    if (code === 2) {
      void shutdown(2);
      return;
    }
    const count = Date.now() - startedAt > 60_000 ? 0 : failures;
    const wait = CHILD_RESTART_DELAYS_MS[Math.min(count, CHILD_RESTART_DELAYS_MS.length - 1)]!;
    logger.error({ code, signal }, `${name} stopped unexpectedly; restarting in ${wait / 1000} s`);
    setTimeout(() => startChild(name, entry, env, count + 1), wait);
  });
}

/** The site's port, free before anything starts (another program on it: one line, exit 2). */
async function assertPortFree(host: string, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => reject(portError(host, port, error)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

async function start(): Promise<void> {
  await assertPortFree(config.host, config.port);
  const { url, embedded } = await database;
  if (embedded) forget = announceDatabase(config, url);
  await prepareDatabase(url, logger);

  const db = createDb(url, { min: 0, max: 2 });
  try {
    const { seeded } = await seedDemoContent(
      // No job queue here: the worker's (async) projections are applied in the append's transaction.
      new EventStore(db, {
        projections: projections.map((p) => ({
          ...p,
          mode: 'inline' as const,
        })),
      }),
    );
    if (seeded) logger.info('demo content added');
  } finally {
    await db.destroy();
  }
  if (stopping) return;

  const env = {
    ...process.env,
    DATABASE_URL: url,
    NODE_ENV: dev ? 'development' : (process.env.NODE_ENV ?? 'production'),
  };
  startChild('worker', '../../worker/src/main.ts', env);
  startChild('api', './main.ts', {
    ...env,
    ...API_ENV,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, API_NODE_OPTIONS].filter(Boolean).join(' '),
  });

  // Print the address once the API answers.
  for (let i = 0; i < 300 && !stopping; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${config.port}/api/health`);
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  if (stopping) return;
  console.log(
    `\n  Site:        ${config.publicUrl}\n  Back office: ${config.publicUrl}/admin\n  Database:    ${embedded ? 'embedded PostgreSQL in DATA_DIR/pg' : 'DATABASE_URL'}\n  Started in ${((Date.now() - started) / 1000).toFixed(1)} s${dev ? ' (development: hot reload on)' : ''}\n`,
  );
}

await start().catch((error: unknown) => {
  if (stopping) return; // stopped by a signal mid-way: the database went away under it
  // What a person must do, in one line, without a stack trace.
  if (error instanceof ConfigError) {
    console.error(error.message);
    return shutdown(2);
  }
  if (error instanceof EmbeddedPostgresError) console.error(error.message);
  else logger.error(error, 'start-up failed');
  return shutdown(1);
});
