import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { projections } from '@kw/composition';
import { queueBacklog } from '@kw/platform';
import { eventually } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnvOf, startTestApp, TEST_ADMIN, type TestApp } from '../../../tests/harness.ts';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
  for (const [i, agent] of [
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile/15E148',
    'curl/8',
  ].entries()) {
    await app.fetch('/api/contact', {
      method: 'POST',
      headers: { 'user-agent': agent },
      json: {
        firstName: `Cli${i}`,
        lastName: 'Test',
        email: `cli${i}@example.ca`,
        message: 'A message for the CLI tests.',
      },
    });
  }
  await app.fetch('/api/auth/login', {
    method: 'POST',
    json: { username: 'admin', password: 'wrong' },
  });
  await app.login();
  // Let the worker finish, so the async read models are complete too, the owner's notices
  // included: their round's job is due a few seconds on, and it writes to the log.
  await eventually(
    async () =>
      (await queueBacklog(app.db)) === 0 &&
      (await app
        .db('pgboss.job')
        .whereIn('state', ['created', 'retry', 'active'])
        .where('start_after', '<=', app.db.raw("now() + interval '1 minute'"))
        .first()) === undefined,
    20_000,
  );
});
afterAll(() => app.close());

const cliEnv = (extra: Record<string, string> = {}) => cliEnvOf(app, extra);

/** Every read model's rows, in a stable order. */
async function snapshot(): Promise<Record<string, string[]>> {
  const tables = projections.flatMap((p) => p.tables);
  const out: Record<string, string[]> = {};
  for (const table of tables)
    out[table] = (await app.db(table).select('*')).map((row) => JSON.stringify(row)).sort();
  return out;
}

describe('make rebuild-projections', () => {
  it('given live read models, when every projection is rebuilt from the log, then every table is the same', async () => {
    const live = await snapshot();
    expect(live.contact_submissions?.length).toBeGreaterThan(1);
    const { stdout } = await run(process.execPath, [cli, 'rebuild-projections'], { env: cliEnv() });
    expect(stdout).toMatch(/Replayed \d+ events through \d+ projections/);
    expect(await snapshot()).toEqual(live);
  });
});

describe('make backup / make restore', () => {
  it('round-trips the event log and credentials, and rebuilds the read models', async () => {
    const before = await snapshot();
    const events = await app.db('events').count<{ count: number }[]>('* as count');
    const file = path.join(app.config.dataDir, 'backups', 'test-backup.tar.gz');
    await run(process.execPath, [cli, 'backup', file], { env: cliEnv() });
    expect(existsSync(file)).toBe(true);
    // Every person's data and the password's hash: readable by this user alone.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    await app.db.raw('truncate table events, admin_credentials, contact_submissions');
    const { stdout } = await run(process.execPath, [cli, 'restore', file], { env: cliEnv() });
    expect(stdout).toMatch(/Restored \d+ events/);
    expect(await app.db('events').count<{ count: number }[]>('* as count')).toEqual(events);
    expect(await snapshot()).toEqual(before);
    expect((await app.fetch('/api/auth/login', { method: 'POST', json: TEST_ADMIN })).status).toBe(
      200,
    );
    // New events continue after the restored positions.
    expect(
      (
        await app.fetch('/api/contact', {
          method: 'POST',
          json: {
            firstName: 'After',
            lastName: 'Restore',
            email: 'a@r.ca',
            message: 'Still working after restore.',
          },
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a missing, a misspelt, a corrupt or a foreign backup file with a clear message', async () => {
    const refused = async (file: string[], message: string) => {
      const error = await run(process.execPath, [cli, 'restore', ...file], {
        env: cliEnv(),
      }).then(
        () => undefined,
        (e: { stderr: string; code: number }) => e,
      );
      expect(error?.code).toBe(1);
      expect(error?.stderr.trim()).toBe(message);
    };
    await refused([], 'Name the backup: make restore FILE=path/to/backup.tar.gz');
    await refused(['/nonexistent.tar.gz'], 'No such file: /nonexistent.tar.gz');
    const dir = mkdtempSync(path.join(tmpdir(), 'kw-not-a-backup-'));
    try {
      const corrupt = path.join(dir, 'corrupt.tar.gz');
      writeFileSync(corrupt, 'garbage');
      await refused([corrupt], `${corrupt} is not a backup: it is not a .tar.gz archive`);
      writeFileSync(path.join(dir, 'notes.txt'), 'not a backup');
      const foreign = path.join(dir, 'foreign.tar.gz');
      execFileSync('tar', ['-czf', foreign, '-C', dir, 'notes.txt']);
      await refused(
        [foreign],
        `${foreign} is not a backup of this site: it holds no events.ndjson`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(readdirSync(path.join(app.config.dataDir, 'backups')).length).toBeGreaterThan(0);
  });
});

describe("an operator's slips", () => {
  const failure = (args: string[], extra: Record<string, string> = {}) =>
    run(process.execPath, [cli, ...args], { env: cliEnv(extra) }).then(
      () => ({ code: 0, lines: [] as string[] }),
      (e: { code: number; stderr: string }) => ({
        code: e.code,
        lines: e.stderr.trim().split('\n'),
      }),
    );

  it('a backup or an export is never written over a file that is there, nor as a folder; a missing folder is made', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kw-targets-'));
    try {
      const existing = path.join(dir, 'kept.tar.gz');
      writeFileSync(existing, 'an earlier backup');
      expect(await failure(['backup', existing])).toEqual({
        code: 1,
        lines: [`${existing} is there already: name another file, or move that one away first`],
      });
      expect(readFileSync(existing, 'utf8')).toBe('an earlier backup');
      expect(await failure(['backup', dir])).toEqual({
        code: 1,
        lines: [
          `${dir} is a folder: name a file in it (make backup FILE=${path.join(dir, 'name')})`,
        ],
      });
      const nested = path.join(dir, 'new', 'folder', 'b.tar.gz');
      await run(process.execPath, [cli, 'backup', nested], { env: cliEnv() });
      expect(statSync(nested).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a database that cannot be reached is said in one line naming DATABASE_URL, with status 2', async () => {
    expect(
      await failure(['migrate'], { DATABASE_URL: 'postgres://someone:secret@127.0.0.1:1/site' }),
    ).toEqual({
      code: 2,
      lines: [
        expect.stringMatching(
          /^DATABASE_URL: cannot use the database at 127\.0\.0\.1:1\/site \(.*\)$/,
        ),
      ],
    });
  });
});

describe('make admin-password', () => {
  it('sets a new password from the terminal and signs out every open session', async () => {
    const token = await app.login();
    const { stdout } = await run(process.execPath, [cli, 'admin-password'], {
      env: cliEnv({ NEW_ADMIN_PASSWORD: 'set-from-terminal' }),
    });
    expect(stdout).toContain('Password of "admin" changed');
    expect((await app.fetch('/api/auth/verify', { token })).status).toBe(401);
    expect(
      (
        await app.fetch('/api/auth/login', {
          method: 'POST',
          json: { username: 'admin', password: 'set-from-terminal' },
        })
      ).status,
    ).toBe(200);
    const event = await app
      .db('events')
      .where({ type: 'AdminPasswordChanged' })
      .orderBy('position', 'desc')
      .first();
    expect(event.data).toEqual({ username: 'admin', via: 'terminal' });
    expect(event.metadata.actor).toBe('cli');
  });

  it('with RESET_2FA=1, also turns two-factor sign-in off (a lost authenticator), as an event', async () => {
    await app
      .db('admin_credentials')
      .where({ username: 'admin' })
      .update({ totp_secret: 'v1.sealed.secret.here', recovery_code_hashes: ['a', 'b'] });
    const login = () =>
      app.fetch('/api/auth/login', {
        method: 'POST',
        json: { username: 'admin', password: 'reset-from-terminal' },
      });
    const { stdout } = await run(process.execPath, [cli, 'admin-password'], {
      env: cliEnv({ NEW_ADMIN_PASSWORD: 'reset-from-terminal', RESET_2FA: '1' }),
    });
    expect(stdout).toContain('Password of "admin" changed');
    expect(stdout).toContain('Two-factor sign-in of "admin" turned off');
    const row = await app.db('admin_credentials').where({ username: 'admin' }).first();
    expect(row).toMatchObject({ totp_secret: null, recovery_code_hashes: [] });
    const event = await app
      .db('events')
      .where({ type: 'AdminTwoFactorDisabled' })
      .orderBy('position', 'desc')
      .first();
    expect(event.data).toEqual({ username: 'admin', via: 'terminal', with: 'terminal' });
    expect(event.metadata.actor).toBe('cli');
    // The password alone signs in again.
    expect(await (await login()).json()).toEqual({ token: expect.any(String) });
  });

  it('refuses a password longer than sign-in takes (200 characters): it would lock the owner out', async () => {
    await expect(
      run(process.execPath, [cli, 'admin-password'], {
        env: cliEnv({ NEW_ADMIN_PASSWORD: 'x'.repeat(201) }),
      }),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('New password must be at most 200 characters'),
    });
  });

  it('refuses a password anyone would guess first (it set `123456` or six spaces)', async () => {
    for (const [password, message] of [
      ['123456', 'New password is one of the most common passwords'],
      ['      ', 'New password must not be only spaces'],
    ] as const)
      await expect(
        run(process.execPath, [cli, 'admin-password'], {
          env: cliEnv({ NEW_ADMIN_PASSWORD: password }),
        }),
      ).rejects.toMatchObject({ stderr: expect.stringContaining(message) });
  });

  it('refuses a password shorter than 6 characters', async () => {
    await expect(
      run(process.execPath, [cli, 'admin-password'], {
        env: cliEnv({ NEW_ADMIN_PASSWORD: '12345' }),
      }),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('New password must be at least 6 characters'),
    });
  });
});
