import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function launch(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const { DATABASE_URL: _shared, ...env } = process.env; // its own embedded PostgreSQL
  const child = spawn(process.execPath, [launcher], {
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'launcher-test-password',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('make run', () => {
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
