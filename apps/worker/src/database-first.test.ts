import net from 'node:net';
import { hostname } from 'node:os';
import { freePort } from '@kw/platform';
import { eventually } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import {
  enrichmentOf,
  sendEnquiry,
  startWorkerProcess,
  type WorkerProcess,
} from './testing/processes.ts';

// A worker process started before its database answers (docker-compose starts containers side by
// side; a database restarting) waits for it, then runs jobs: it does not exit.

let app: TestApp;
let worker: WorkerProcess | undefined;
let proxy: net.Server | undefined;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  if (worker && worker.child.exitCode === null) worker.child.kill('SIGKILL');
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await app?.close();
});

/** A TCP forwarder to the database; until it listens, its port refuses. */
function forwarder(target: URL): net.Server {
  return net.createServer((client) => {
    const server = net.connect(Number(target.port), target.hostname);
    client.pipe(server).pipe(client);
    const close = () => {
      client.destroy();
      server.destroy();
    };
    client.on('error', close);
    server.on('error', close);
  });
}

describe('a worker started before its database', () => {
  it('says it waits, waits, and starts working when the database answers', async () => {
    const port = await freePort();
    const url = new URL(app.dbUrl);
    url.port = String(port);
    // Logging on (the test environment's logger is silent): the wait is what it says.
    worker = startWorkerProcess(app, 'main.ts', {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url.toString(),
    });
    const { child, output } = worker;
    const waiting = () =>
      output.filter((l) => l.includes('the database does not answer yet; trying again in'));
    await eventually(async () => waiting().length >= 2, 30_000, 20);
    expect(child.exitCode).toBeNull();

    proxy = forwarder(new URL(app.dbUrl));
    await new Promise<void>((resolve) => proxy!.listen(port, '127.0.0.1', resolve));
    const workerId = `${hostname()}:${child.pid}`;
    await eventually(
      async () =>
        (await app.db('worker_heartbeat').where({ worker_id: workerId }).first()) ?? false,
      30_000,
      50,
    );

    // And it runs jobs: a message sent now is enriched by it (no other worker runs here).
    const id = await sendEnquiry(app, {
      firstName: 'Early',
      lastName: 'Worker',
      email: 'early@example.ca',
      message: 'Sent once the worker that started first is up.',
    });
    await enrichmentOf(app, id);
    expect(child.exitCode).toBeNull();
  }, 90_000);
});
