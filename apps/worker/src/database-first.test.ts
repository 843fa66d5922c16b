import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { freePort } from '@kw/platform';
import { eventually } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// A worker process started before its database answers (docker-compose starts containers side by
// side; a database restarting) waits for it, then runs jobs: it does not exit.

let app: TestApp;
let child: ChildProcess | undefined;
let proxy: net.Server | undefined;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await app?.close();
});

/** The database's port, forwarded from `port` once `listen` is called: until then, refused. */
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
    const target = new URL(app.dbUrl);
    const url = new URL(app.dbUrl);
    url.port = String(port);
    const lines: string[] = [];
    child = spawn(process.execPath, [fileURLToPath(new URL('./main.ts', import.meta.url))], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url.toString(),
        DATA_DIR: app.config.dataDir,
        JWT_SECRET: app.config.jwtSecret,
        PUBLIC_URL: app.config.publicUrl,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
    const waiting = () =>
      lines.filter((l) => l.includes('the database does not answer yet; trying again in'));
    await eventually(async () => waiting().length >= 2, 30_000, 20);
    expect(child.exitCode).toBeNull();

    proxy = forwarder(target);
    await new Promise<void>((resolve) => proxy!.listen(port, '127.0.0.1', resolve));
    const workerId = `${hostname()}:${child.pid}`;
    await eventually(
      async () =>
        (await app.db('worker_heartbeat').where({ worker_id: workerId }).first()) ?? false,
      30_000,
      50,
    );

    // And it runs jobs: a message sent now is enriched by it (no other worker runs here).
    const res = await app.fetch('/api/contact', {
      method: 'POST',
      json: {
        firstName: 'Early',
        lastName: 'Worker',
        email: 'early@example.ca',
        message: 'Sent once the worker that started first is up.',
      },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await eventually(
      async () =>
        (await app.db('contact_submissions').where({ id }).whereNotNull('enriched_at').first()) ??
        false,
      30_000,
      50,
    );
    expect(child.exitCode).toBeNull();
  }, 90_000);
});
