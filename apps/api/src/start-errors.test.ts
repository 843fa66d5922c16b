import { execFile } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// An operator's mistake at start-up (a wrong DATABASE_URL, a port another program has) stops
// the API or the worker with one line naming what to change, and exit status 2, as a bad
// environment value does: no driver's stack trace.

const run = promisify(execFile);
const mainOf = (name: 'api' | 'worker') =>
  fileURLToPath(new URL(`../../${name}/src/main.ts`, import.meta.url));

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const env = (extra: Record<string, string>) => ({
  ...process.env,
  DATA_DIR: app.config.dataDir,
  JWT_SECRET: app.config.jwtSecret,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  ...extra,
});

/** The process's exit status and what it wrote to stderr (it must stop by itself). */
async function stopped(name: 'api' | 'worker', extra: Record<string, string>) {
  const failure = await run(process.execPath, [mainOf(name)], {
    env: env(extra),
    timeout: 60_000,
  }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => error,
  );
  return { code: failure.code, lines: failure.stderr.trim().split('\n') };
}

describe('starting with a mistake', () => {
  it('a DATABASE_URL with a wrong password, or naming a database that does not exist, stops the API and the worker in one line', async () => {
    const wrongPassword = new URL(app.dbUrl);
    wrongPassword.password = 'not-the-password';
    const noDatabase = new URL(app.dbUrl);
    noDatabase.pathname = '/no_such_database';
    for (const name of ['api', 'worker'] as const) {
      expect(await stopped(name, { DATABASE_URL: wrongPassword.toString(), PORT: '0' })).toEqual({
        code: 2,
        lines: [expect.stringMatching(/^DATABASE_URL: password authentication failed for user/)],
      });
      expect(await stopped(name, { DATABASE_URL: noDatabase.toString(), PORT: '0' })).toEqual({
        code: 2,
        lines: ['DATABASE_URL: database "no_such_database" does not exist'],
      });
    }
  });

  it('a PORT another program listens on stops the API in one line naming it', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      expect(await stopped('api', { DATABASE_URL: app.dbUrl, PORT: String(port) })).toEqual({
        code: 2,
        lines: [
          `PORT: 127.0.0.1:${port} cannot be used (another program is listening on it); set PORT to another port`,
        ],
      });
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
