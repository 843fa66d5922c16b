import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '@kw/platform';
import {
  createTestDatabase,
  eventually,
  type SmtpCatcher,
  startSmtpCatcher,
  type TestDatabase,
} from '@kw/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// The deployment of docker-compose.yml, as real processes on one PostgreSQL: the migrate step
// once, then two API processes and two workers started from their own commands (make api,
// make worker). Whatever a visitor or the administrator does through one API holds on the other.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const ADMIN = { username: 'admin', password: 'two processes, one site' };
const OWNER = 'owner@example.ca';

let tdb: TestDatabase;
let smtp: SmtpCatcher;
let dataDir: string;
const children: ChildProcess[] = [];
let apiA: string;
let apiB: string;

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DATABASE_URL: tdb.url,
    DATA_DIR: dataDir,
    JWT_SECRET: 'two-processes-share-this-secret-0123456789',
    PUBLIC_URL: 'https://www.example.ca',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_EMAIL: OWNER,
    SMTP_URL: smtp.url,
    ...extra,
  };
}

function start(entry: string, extra: Record<string, string> = {}): void {
  const child = spawn(process.execPath, [path.join(root, entry)], {
    env: env(extra),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
}

async function startApi(): Promise<string> {
  const port = await freePort();
  start('apps/api/src/main.ts', { PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok, 60_000);
  return url;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  smtp = await startSmtpCatcher();
  dataDir = mkdtempSync(path.join(tmpdir(), 'kw-processes-'));
  // The migrate step, once: the schema, the queues, the administrator.
  await promisify(execFile)(process.execPath, [path.join(root, 'apps/api/src/cli.ts'), 'migrate'], {
    env: env(),
  });
  [apiA, apiB] = await Promise.all([startApi(), startApi()]);
  start('apps/worker/src/main.ts');
  start('apps/worker/src/main.ts');
  await eventually(
    async () => Number((await tdb.db('worker_heartbeat').count('* as n'))[0]!.n) === 2,
    60_000,
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await smtp?.close();
  await tdb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A request from a loopback address of its own (127.x.y.z), as a distinct visitor. */
function request(
  base: string,
  pathname: string,
  init: { method?: string; json?: unknown; token?: string; from?: string } = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(pathname, base);
  const payload = init.json === undefined ? undefined : JSON.stringify(init.json);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: init.method ?? 'GET',
        agent: false,
        ...(init.from ? { localAddress: init.from } : {}),
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function login(base: string, from?: string): Promise<string> {
  const res = await request(base, '/api/auth/login', {
    method: 'POST',
    json: ADMIN,
    ...(from ? { from } : {}),
  });
  expect(res.status).toBe(200);
  return JSON.parse(res.body).token;
}

const count = async (type: string) =>
  Number((await tdb.db('events').where({ type }).count('* as n'))[0]!.n);

describe('two API processes and two workers on one database', () => {
  it('handle a burst through both APIs once: one enrichment and one notice per message, told in one digest', async () => {
    const messages = 24;
    const answers = await Promise.all(
      Array.from({ length: messages }, (_, i) =>
        request(i % 2 === 0 ? apiA : apiB, '/api/contact', {
          method: 'POST',
          from: `127.0.2.${i + 1}`,
          json: {
            firstName: 'Burst',
            lastName: `Sender ${i}`,
            email: `burst${i}@example.ca`,
            message: `Message number ${i} about a data project for our plant.`,
            startedAt: Date.now() - 60_000,
          },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(messages).fill(201));
    const ids = answers.map((a) => JSON.parse(a.body).id as string);
    const toOwner = () => smtp.mails.filter((m) => m.to.includes(OWNER));
    // A burst is coalesced: its notices wait for their round, which tells them in one digest
    // once they stop (a few one by one at most, should a pause split the burst; the rest wait
    // for a round due later, not counted as pending here).
    await eventually(async () => toOwner().length >= 1, 60_000, 50);
    // Every job of the burst done, then nothing more may arrive.
    await eventually(
      async () =>
        Number(
          (
            await tdb.db
              .withSchema('pgboss')
              .from('job')
              .whereIn('state', ['created', 'retry', 'active'])
              .where('start_after', '<=', tdb.db.raw("now() + interval '1 second'"))
              .count('* as n')
          )[0]!.n,
        ) === 0,
      60_000,
      50,
    );
    const digests = toOwner().filter((m) =>
      /new contact submissions?$/.test(m.headers.subject ?? ''),
    );
    const alone = toOwner().filter((m) =>
      /^New contact submission from/.test(m.headers.subject ?? ''),
    );
    expect(digests.length + alone.length).toBe(toOwner().length);
    expect(digests.length).toBeLessThanOrEqual(1);
    expect(alone.length).toBeLessThanOrEqual(3);
    expect(new Set(toOwner().map((m) => m.headers['message-id'])).size).toBe(toOwner().length);
    expect(await count('AdminNotifiedOfContact')).toBe(alone.length);
    const digested = (await tdb.db('events').where({ type: 'ContactDigestSent' })).reduce(
      (sum, e) => sum + e.data.count,
      0,
    );
    expect(digested + alone.length).toBeLessThanOrEqual(messages);
    expect(await count('ContactNoticeQueued')).toBe(messages);
    expect(await count('ContactSubmissionEnriched')).toBe(messages);
    const enriched = await tdb
      .db('contact_submissions')
      .whereIn('id', ids)
      .whereNotNull('enriched_at')
      .count('* as n');
    expect(Number(enriched[0]!.n)).toBe(messages);
  }, 120_000);

  it("show an edit made through one API in the other's pages as soon as the commit's notification arrives", async () => {
    const token = await login(apiA);
    const created = await request(apiA, '/api/blog', {
      method: 'POST',
      token,
      json: {
        title: 'Before the edit',
        slug: 'two-processes',
        content: 'The first version.',
        published: true,
      },
    });
    expect(created.status).toBe(201);
    const { id } = JSON.parse(created.body);
    // Both APIs render the page, and keep it.
    for (const api of [apiB, apiA, apiB]) {
      const page = await request(api, '/blog/two-processes');
      expect(page.status).toBe(200);
      expect(page.body).toContain('Before the edit');
    }
    const edited = await request(apiA, `/api/blog/${id}`, {
      method: 'PUT',
      token,
      json: {
        title: 'After the edit',
        slug: 'two-processes',
        content: 'The second version.',
        published: true,
      },
    });
    expect(edited.status).toBe(200);
    // As soon as the other process hears the commit's NOTIFY (PostgreSQL delivers it after the
    // commit, so a request racing it by a few milliseconds may still get the kept page; on a
    // quiet machine the very next request shows the edit). A second is far above that.
    const page = await eventually(
      async () => {
        const answer = await request(apiB, '/blog/two-processes');
        return answer.body.includes('After the edit') && answer;
      },
      1_000,
      5,
    );
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('Before the edit');
  });

  it('count sign-in failures through one API on the other', async () => {
    const from = '127.0.3.1';
    const wrong = (api: string) =>
      request(api, '/api/auth/login', {
        method: 'POST',
        from,
        json: { username: ADMIN.username, password: 'not the password' },
      });
    // Five failures, split between the two processes.
    for (const api of [apiA, apiB, apiA, apiB, apiA]) expect((await wrong(api)).status).toBe(401);
    // Refused on both, even with the right password: the count is the database's, not a process's.
    for (const api of [apiB, apiA]) {
      const res = await request(api, '/api/auth/login', { method: 'POST', from, json: ADMIN });
      expect(res.status).toBe(429);
    }
  });
});

describe('an API or a worker on a database nobody migrated', () => {
  it('refuses to start, and names the migrate step', async () => {
    const name = `kw_unmigrated_${process.pid}`;
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(inject('pgAdminUrl'));
      url.pathname = `/${name}`;
      for (const entry of ['apps/api/src/main.ts', 'apps/worker/src/main.ts']) {
        const child = spawn(process.execPath, [path.join(root, entry)], {
          env: env({ DATABASE_URL: url.toString(), PORT: String(await freePort()) }),
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr!.on('data', (c: Buffer) => {
          stderr += c.toString();
        });
        const code = await new Promise((resolve) => child.once('exit', resolve));
        expect(code).toBe(2);
        expect(stderr).toMatch(/not migrated.*make migrate/);
      }
      // It changed nothing: not even knex's table of migrations.
      const probe = new pg.Client({ connectionString: url.toString() });
      await probe.connect();
      const { rows } = await probe.query(
        "select count(*)::int as n from pg_tables where schemaname = 'public'",
      );
      await probe.end();
      expect(rows[0].n).toBe(0);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
