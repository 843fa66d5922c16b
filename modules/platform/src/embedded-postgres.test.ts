import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EmbeddedPostgresError,
  installedNativeDir,
  type PostgresEvent,
  type RunningPostgres,
  startEmbeddedPostgres,
} from './embedded-postgres.ts';
import { eventually } from './testing/index.ts';

// The embedded PostgreSQL of `make run` and `make test`: supervised (a dead postmaster starts
// again, after pauses that grow), and started from a checkout only root can enter.

const made: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const isRoot = process.getuid?.() === 0;

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('supervision', () => {
  it('a killed postmaster is started again on the same port, after pauses that grow', async () => {
    const events: PostgresEvent[] = [];
    // The last pause is long enough for the test to take the port first even on a busy machine.
    const delays = [100, 300, 900, 4_000];
    const server = await startEmbeddedPostgres(path.join(tempDir('kw-pg-sup-'), 'data'), {
      persistent: false,
      restartDelaysMs: delays,
      onEvent: (event) => events.push(event),
    });
    try {
      await query(server.url, 'create table kept (n int); insert into kept values (1)');
      const pids: number[] = [];
      for (let kill = 0; kill < 3; kill++) {
        const pid = server.pid!;
        pids.push(pid);
        process.kill(pid, 'SIGKILL');
        await eventually(async () => server.pid !== undefined && server.pid !== pid, 30_000, 20);
      }
      // A restart that fails (its port taken meanwhile) waits longer again.
      const port = Number(new URL(server.url).port);
      const pid = server.pid!;
      process.kill(pid, 'SIGKILL');
      await eventually(async () => server.pid === undefined, 5_000, 5);
      const squatter = net.createServer();
      await new Promise<void>((resolve, reject) => {
        squatter.once('error', reject);
        squatter.listen(port, '127.0.0.1', resolve);
      });
      await eventually(async () => events.some((e) => e.type === 'restart-failed'), 30_000, 20);
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
      await eventually(async () => server.pid !== undefined, 30_000, 20);

      // Every pause, in order, is the next of the schedule (the last one repeats).
      const pauses = events.flatMap((e) =>
        e.type === 'exited' || e.type === 'restart-failed' ? [e.restartInMs] : [],
      );
      expect(pauses.length).toBeGreaterThanOrEqual(5);
      expect(pauses).toEqual(pauses.map((_, i) => delays[Math.min(i, delays.length - 1)]));
      expect(events.filter((e) => e.type === 'exited')).toHaveLength(4);
      expect(new Set([...pids, pid, server.pid]).size).toBe(5);
      // the data survived every crash
      expect(await query(server.url, 'select n from kept')).toEqual([{ n: 1 }]);
    } finally {
      await server.stop();
    }
    expect(server.pid).toBeUndefined();
  }, 120_000);

  it('stop() ends it for good: no restart after a stop', async () => {
    const events: PostgresEvent[] = [];
    const dir = path.join(tempDir('kw-pg-stop-'), 'data');
    const server = await startEmbeddedPostgres(dir, {
      restartDelaysMs: [50],
      onEvent: (event) => events.push(event),
    });
    await server.stop();
    expect(server.pid).toBeUndefined();
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
    expect(events.filter((e) => e.type !== 'access-granted')).toEqual([]);
  }, 60_000);

  it('a clean shutdown by someone else (a Ctrl-C in its terminal) is not undone', async () => {
    const events: PostgresEvent[] = [];
    const server = await startEmbeddedPostgres(path.join(tempDir('kw-pg-int-'), 'data'), {
      persistent: false,
      restartDelaysMs: [50],
      onEvent: (event) => events.push(event),
    });
    try {
      process.kill(server.pid!, 'SIGINT');
      await eventually(async () => events.some((e) => e.type === 'stopped'), 30_000, 10);
      expect(server.pid).toBeUndefined();
      // no restart was scheduled: that always comes with an 'exited' event
      expect(events.filter((e) => e.type !== 'access-granted')).toEqual([{ type: 'stopped' }]);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('a data folder in use by a running server: one line that says what to do', async () => {
    const dir = path.join(tempDir('kw-pg-busy-'), 'data');
    const first = await startEmbeddedPostgres(dir);
    try {
      const error = await startEmbeddedPostgres(dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmbeddedPostgresError);
      expect((error as Error).message).toBe(
        `A PostgreSQL server (process ${first.pid}) is already running on ${dir}, left by an earlier run or used by another one: stop that run, or 'kill ${first.pid}', then start again.`,
      );
    } finally {
      await first.stop();
    }
  }, 60_000);
});

/** A copy of the installed binaries, as in a checkout under a folder only root can enter. */
function rootOnlyCheckout(): string {
  const checkout = tempDir('kw-root-only-');
  chmodSync(checkout, 0o700);
  const installed = installedNativeDir();
  const nativeDir = path.join(checkout, 'node_modules', 'pg', 'native');
  mkdirSync(path.dirname(nativeDir), { recursive: true });
  cpSync(installed, nativeDir, { recursive: true, verbatimSymlinks: true });
  cpSync(path.join(installed, '..', 'package.json'), path.join(nativeDir, '..', 'package.json'));
  return nativeDir;
}

describe.runIf(isRoot)('as root, from a checkout only root can enter (/root/site)', () => {
  let server: RunningPostgres | undefined;
  afterAll(() => server?.stop());

  it('runs the server as the postgres user from a copy of the binaries; the data folder is made reachable', async () => {
    const nativeDir = rootOnlyCheckout();
    const tools = tempDir('kw-tools-');
    chmodSync(tools, 0o755); // as /var/tmp is
    const toolsDir = path.join(tools, 'tools');
    const dataParent = tempDir('kw-root-data-'); // 0700, as a folder under /root is
    const events: PostgresEvent[] = [];
    server = await startEmbeddedPostgres(path.join(dataParent, 'pg'), {
      persistent: false,
      nativeDir,
      toolsDir,
      onEvent: (event) => events.push(event),
    });
    expect(await query(server.url, 'select current_user as user')).toEqual([{ user: 'postgres' }]);
    const cmd = execFileSync('ps', ['-o', 'user=,args=', '-p', String(server.pid)]).toString();
    expect(cmd).toMatch(/^postgres\s/);
    expect(cmd).toContain(toolsDir);
    expect(events).toContainEqual({
      type: 'access-granted',
      path: dataParent,
      how: expect.stringMatching(/search \(x\) permission/),
    });
  }, 120_000);

  it('binaries it cannot reach and cannot copy: one line that says what to do', async () => {
    const nativeDir = rootOnlyCheckout();
    const toolsDir = path.join(tempDir('kw-tools-'), 'tools');
    mkdirSync(toolsDir, { mode: 0o755 });
    chownSync(toolsDir, 65534, 65534); // made by another user first
    const error = await startEmbeddedPostgres(path.join(tempDir('kw-data-'), 'pg'), {
      nativeDir,
      toolsDir,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddedPostgresError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toBe(
      `The 'postgres' user cannot reach the PostgreSQL binaries in ${nativeDir}, and they could not be copied to ${toolsDir} (${toolsDir} is not a folder only root may change): make that folder writable by root, move the checkout to a folder other users can enter, or set DATABASE_URL.`,
    );
  });

  it('a data folder whose parents cannot be opened to it: one line that says what to do', async (context) => {
    const outer = tempDir('kw-locked-');
    mkdirSync(path.join(outer, 'data'));
    try {
      execFileSync('chattr', ['+i', outer], { stdio: 'ignore' });
    } catch {
      context.skip(); // no immutable attribute on this file system
    }
    try {
      const error = await startEmbeddedPostgres(path.join(outer, 'data', 'pg')).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(EmbeddedPostgresError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^The embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${outer} \\(and its permissions could not be changed: [^)]*\\): set DATA_DIR to a folder it can reach, or set DATABASE_URL\\.$`,
        ),
      );
    } finally {
      execFileSync('chattr', ['-i', outer]);
    }
  });
});
