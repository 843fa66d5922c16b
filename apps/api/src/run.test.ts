import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@kw/platform';
import { eventually } from '@kw/platform/testing';
import { afterAll, describe, expect, it } from 'vitest';

// `make run`'s launcher on its own embedded PostgreSQL: however it is stopped, the database
// server stops with it, so the next start finds the data directory free.

const launcher = fileURLToPath(new URL('./run.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'kw-run-'));
const postmasterPid = path.join(dataDir, 'pg', 'postmaster.pid');
const HOST = '0.0.0.0';
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Launched {
  child: ChildProcess;
  url: string;
  port: number;
  /** What it wrote so far (with `capture`): stdout and stderr. */
  stdout(): string;
  stderr(): string;
}

/**
 * `make run`'s launcher on this file's DATA_DIR. `logging`: as in production, its processes
 * log (the test environment's logger is silent); `ownGroup`: in a process group of its own, as
 * from a terminal, where Ctrl-C reaches every process at once.
 */
async function launch(
  options: { port?: number; capture?: boolean; logging?: boolean; ownGroup?: boolean } = {},
): Promise<Launched> {
  const port = options.port ?? (await freePort());
  const { DATABASE_URL: _shared, ...env } = process.env; // its own embedded PostgreSQL
  const output = options.capture ? 'pipe' : 'ignore';
  const child = spawn(process.execPath, [launcher], {
    env: {
      ...env,
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'launcher-test-password',
      NODE_ENV: options.logging ? 'production' : 'test',
      LOG_LEVEL: options.logging ? 'warn' : 'silent',
    },
    stdio: ['ignore', output, output],
    detached: options.ownGroup ?? false,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    stdout: () => stdout,
    stderr: () => stderr,
  };
}

/** Its exit status, once it stops by itself. */
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

function stop(child: ChildProcess): Promise<number | null> {
  const code = exited(child);
  child.kill('SIGTERM');
  return code;
}

describe('make run', () => {
  it('stopped with Ctrl-C (the whole process group, PostgreSQL too), it exits 0 and logs no error', async () => {
    const run = await launch({ capture: true, logging: true, ownGroup: true });
    await eventually(
      async () => (await fetch(`${run.url}/api/health`).catch(() => null))?.ok === true,
      90_000,
    );
    const code = exited(run.child);
    process.kill(-run.child.pid!, 'SIGINT');
    expect(await code).toBe(0);
    expect(run.stdout() + run.stderr()).not.toMatch(/"level":(50|60)|Unhandled 'error' event/);
    expect(existsSync(postmasterPid)).toBe(false);
  }, 150_000);

  it('with its port taken by another program, it says so in one line and starts nothing (it announced the other one and restarted its API for ever)', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, HOST, resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const run = await launch({ port, capture: true });
      expect(await exited(run.child)).toBe(2);
      expect(run.stderr().trim()).toBe(
        `PORT: ${HOST}:${port} cannot be used (another program is listening on it); set PORT to another port`,
      );
      // Its embedded PostgreSQL stopped with it.
      expect(existsSync(postmasterPid)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  }, 120_000);

  it('a stop during start-up stops the embedded PostgreSQL too; the next start serves the site', async () => {
    // stopped while it migrates and seeds, as soon as PostgreSQL is up
    const first = await launch();
    await eventually(async () => existsSync(postmasterPid), 30_000);
    expect(await stop(first.child)).toBe(0);
    expect(existsSync(postmasterPid)).toBe(false);

    const second = await launch();
    await eventually(async () => {
      try {
        return (await fetch(`${second.url}/api/health`)).ok;
      } catch {
        return false;
      }
    }, 30_000);
    expect((await fetch(`${second.url}/services`)).status).toBe(200);
    expect(await stop(second.child)).toBe(0);
    expect(existsSync(postmasterPid)).toBe(false);
  }, 90_000);
});

const healthy = (url: string) =>
  eventually(async () => {
    try {
      return (await fetch(`${url}/api/health`)).ok;
    } catch {
      return false;
    }
  }, 60_000);

/** The launcher's node children (the API and the worker), by process id. */
const nodeChildren = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)])
    .toString()
    .split('\n')
    .filter((line) => line.includes('main.ts'))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .sort();

describe('make run supervises its embedded PostgreSQL', () => {
  it('a killed postmaster is restarted; the API and the worker carry on without restarting', async () => {
    const launchedAt = Date.now();
    const run = await launch();
    try {
      await healthy(run.url);
      // This launch's worker has started (its first heartbeat is written once its queues are
      // worked; the previous test's worker beat into the same database a moment ago): a
      // database lost while a process is still starting is a failed start, which the launcher
      // restarts after a pause; this test is about a running pair.
      await eventually(async () => {
        const health = (await (await fetch(`${run.url}/api/health`)).json()) as {
          worker?: { ok: boolean; heartbeatAgeSeconds: number | null };
        };
        const age = health.worker?.heartbeatAgeSeconds;
        return health.worker?.ok === true && age != null && Date.now() - age * 1000 > launchedAt;
      }, 60_000);
      const children = nodeChildren(run.child.pid!);
      expect(children).toHaveLength(2);
      const postmaster = Number(readFileSync(postmasterPid, 'utf8').split('\n')[0]);
      process.kill(postmaster, 'SIGKILL');
      await eventually(async () => {
        const pid = existsSync(postmasterPid)
          ? Number(readFileSync(postmasterPid, 'utf8').split('\n')[0])
          : 0;
        return pid > 0 && pid !== postmaster;
      }, 60_000);
      await healthy(run.url);
      const res = await fetch(`${run.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Ann',
          lastName: 'Lee',
          email: 'ann@example.ca',
          message: 'Sent after the database came back by itself.',
        }),
      });
      expect(res.status).toBe(201);
      expect(nodeChildren(run.child.pid!)).toEqual(children);

      // A second launcher on the same DATA_DIR cannot have the database: one line, no stack.
      const second = await launch({ capture: true });
      const code = await exited(second.child);
      expect(code).toBe(1);
      expect(second.stderr().trim()).toMatch(
        /^A PostgreSQL server \(process \d+\) is already running on \S+, left by an earlier run or used by another one: stop that run, or 'kill \d+', then start again\.$/,
      );
    } finally {
      expect(await stop(run.child)).toBe(0);
    }
    expect(existsSync(postmasterPid)).toBe(false);
  }, 180_000);
});
