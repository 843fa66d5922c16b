import { eventually } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import {
  enrichmentOf,
  sendEnquiry,
  startWorkerProcess,
  type WorkerProcess,
} from './testing/processes.ts';

// A worker process dies (SIGKILL: no shutdown, no chance to hand anything back) while it holds
// a job; another worker process runs that job seconds later, not after the 300 s expiry.

let app: TestApp;
const workers: WorkerProcess[] = [];
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  for (const { child } of workers) if (child.exitCode === null) child.kill('SIGKILL');
  await app?.close();
});

function startProcess(entry: string): WorkerProcess {
  const worker = startWorkerProcess(app, entry);
  workers.push(worker);
  return worker;
}

describe('a worker killed in the middle of a job', () => {
  it('leaves the job to another worker, which runs it within seconds', async () => {
    const stalling = startProcess('testing/stalling-worker.ts');
    await eventually(async () => stalling.output.includes('ready'), 30_000, 20);

    const id = await sendEnquiry(app, {
      firstName: 'Kill',
      lastName: 'Test',
      email: 'kill@example.ca',
      message: 'Enrich me even though the first worker dies.',
    });
    await eventually(async () => stalling.output.some((l) => l.startsWith('holding ')), 10_000, 20);

    stalling.child.kill('SIGKILL');
    const killedAt = Date.now();
    await new Promise((resolve) => stalling.child.once('exit', resolve));
    startProcess('main.ts');

    // pg-boss's heartbeat (10 s) stops with the process; the next supervisor pass (every 3 s)
    // hands the job back, and the second worker runs it after the retry delay.
    await enrichmentOf(app, id, 60_000);
    const seconds = (Date.now() - killedAt) / 1000;
    console.log(`job of the killed worker done by another after ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(60); // the 300 s expiry is not what brought it back
    const enriched = await app
      .db('events')
      .where({ stream_id: `contact:${id}`, type: 'ContactSubmissionEnriched' });
    expect(enriched).toHaveLength(1);
  }, 120_000);
});
