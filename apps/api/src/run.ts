// `make run` and `make dev`: the embedded PostgreSQL (unless DATABASE_URL is set), migrations,
// demo content, then the API and the worker together. Ctrl-C stops all of them.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { seedDemoContent } from '@kw/db';
import { ConfigError, createDb, EventStore, loadConfig } from '@kw/platform';
import { announceDatabase } from './database-lock.ts';
import { prepareDatabase, processLogger, resolveDatabase } from './runtime.ts';

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
const database = await resolveDatabase(config);
const forget = database.embedded ? announceDatabase(config, database.url) : () => {};
await prepareDatabase(database.url, logger);

const db = createDb(database.url, { min: 0, max: 2 });
const { seeded } = await seedDemoContent(
  // No job queue here: the worker's (async) projections are applied in the append's transaction.
  new EventStore(db, {
    projections: (await import('./modules.ts')).projections.map((p) => ({
      ...p,
      mode: 'inline' as const,
    })),
  }),
);
await db.destroy();
if (seeded) logger.info('demo content added');

const childEnv = {
  ...process.env,
  DATABASE_URL: database.url,
  NODE_ENV: dev ? 'development' : (process.env.NODE_ENV ?? 'production'),
};
const children = new Map<string, ChildProcess>();
let stopping = false;

function startChild(name: string, entry: string): void {
  const args = [
    ...(dev ? ['--watch', '--watch-preserve-output'] : []),
    fileURLToPath(new URL(entry, import.meta.url)),
  ];
  const child = spawn(process.execPath, args, { env: childEnv, stdio: 'inherit' });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    logger.error({ code, signal }, `${name} stopped unexpectedly; restarting in 1 s`);
    setTimeout(() => startChild(name, entry), 1000);
  });
}

startChild('worker', '../../worker/src/main.ts');
startChild('api', './main.ts');

// Print the address once the API answers.
for (let i = 0; i < 300; i++) {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/api/health`);
    if (res.ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 100));
}
console.log(
  `\n  Site:        ${config.publicUrl}\n  Back office: ${config.publicUrl}/admin\n  Database:    ${database.embedded ? 'embedded PostgreSQL in DATA_DIR/pg' : 'DATABASE_URL'}\n  Started in ${((Date.now() - started) / 1000).toFixed(1)} s${dev ? ' (development: hot reload on)' : ''}\n`,
);

async function shutdown(): Promise<void> {
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
  await database.embedded?.stop();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
