import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eventually } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// A worker process dies (SIGKILL: no shutdown, no chance to hand anything back) while it holds
// a job; another worker process runs that job seconds later, not after the 300 s expiry.

let app: TestApp;
const children: ChildProcess[] = [];
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await app?.close();
});

function startProcess(entry: string): { child: ChildProcess; output: string[] } {
  const output: string[] = [];
  const child = spawn(process.execPath, [fileURLToPath(new URL(entry, import.meta.url))], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: app.dbUrl,
      DATA_DIR: app.config.dataDir,
      JWT_SECRET: app.config.jwtSecret,
      PUBLIC_URL: app.config.publicUrl,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n')));
  children.push(child);
  return { child, output };
}

describe('a worker killed in the middle of a job', () => {
  it('leaves the job to another worker, which runs it within seconds', async () => {
    const stalling = startProcess('./testing/stalling-worker.ts');
    await eventually(async () => stalling.output.includes('ready'), 30_000, 20);

    const res = await app.fetch('/api/contact', {
      method: 'POST',
      json: {
        firstName: 'Kill',
        lastName: 'Test',
        email: 'kill@example.ca',
        message: 'Enrich me even though the first worker dies.',
      },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    await eventually(async () => stalling.output.some((l) => l.startsWith('holding ')), 10_000, 20);

    stalling.child.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((resolve) => stalling.child.once('exit', resolve));
    startProcess('./main.ts');

    // pg-boss's heartbeat (10 s) stops with the process; the next supervisor pass (every 3 s)
    // hands the job back, and the second worker runs it after the retry delay.
    await eventually(
      async () =>
        (await app.db('contact_submissions').where({ id }).whereNotNull('enriched_at').first()) ??
        false,
      60_000,
      100,
    );
    const seconds = (Date.now() - killedAt) / 1000;
    console.log(`job of the killed worker done by another after ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(60); // the 300 s expiry is not what brought it back
    const enriched = await app
      .db('events')
      .where({ stream_id: `contact:${id}`, type: 'ContactSubmissionEnriched' });
    expect(enriched).toHaveLength(1);
  }, 120_000);
});
