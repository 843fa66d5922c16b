import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareDatabase, throttledErrorLog, waitForDatabase } from '@kw/composition';
import {
  createLogger,
  type PostgresEvent,
  type RunningPostgres,
  startEmbeddedPostgres,
} from '@kw/platform';
import { eventually, requestFrom } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from './app.ts';

// The database going away: the test run's own embedded PostgreSQL, supervised as `make run`
// supervises it, with the API, the worker and the server-rendered pages on it. Its postmaster
// is killed (SIGKILL, the real process) while visitors keep sending contact messages.

const dir = mkdtempSync(path.join(tmpdir(), 'kw-outage-'));
const events: PostgresEvent[] = [];
/** The pause before each restart; the first one is long enough to look at the outage. */
const restartDelaysMs = [2_500, 200, 400, 800];
let postgres: RunningPostgres;
let app: TestApp;
let token: string;

beforeAll(async () => {
  postgres = await startEmbeddedPostgres(path.join(dir, 'data'), {
    persistent: false,
    restartDelaysMs,
    onEvent: (event) => events.push(event),
  });
  await prepareDatabase(postgres.url);
  app = await startTestApp({
    web: true,
    worker: true,
    databaseUrl: postgres.url,
    env: { TRUST_PROXY: 'none' },
  });
  token = await app.login();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

let address = 0;
/** Each message from an address of its own, so that the per-address limit stays out of it. */
const nextAddress = () => `127.0.${20 + Math.floor(address / 250)}.${(address++ % 250) + 1}`;

function sendContact(n: number) {
  return requestFrom(nextAddress(), `${app.url}/api/contact`, {
    method: 'POST',
    json: {
      firstName: 'Stream',
      lastName: `Visitor ${n}`,
      email: `visitor${n}@example.ca`,
      message: `Message number ${n} of the stream, sent while the database may be away.`,
    },
  });
}

async function killPostmaster(): Promise<void> {
  const pid = postgres.pid;
  expect(pid).toBeGreaterThan(0);
  process.kill(pid!, 'SIGKILL');
  await eventually(async () => postgres.pid === undefined, 5_000, 5);
}

const recovered = () =>
  eventually(
    async () => (await fetch(`${app.url}/api/health`).catch(() => undefined))?.status === 200,
    30_000,
    50,
  );

describe('while PostgreSQL is down', () => {
  it('requests that need it get 503 with Retry-After; pages that need no data, or kept in memory, still render', async () => {
    // Pages the API keeps in memory before the outage: nothing can change them while the
    // database is away (every write needs it), so they are still the truth and are served.
    const kept = new Map<string, string>();
    for (const page of ['/blog', '/case-studies', '/careers']) {
      const res = await app.fetch(page);
      expect(res.status, page).toBe(200);
      kept.set(page, await res.text());
    }
    await killPostmaster();
    const contact = await sendContact(0);
    expect(contact.status).toBe(503);
    expect(contact.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(contact.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });

    const list = await app.fetch('/api/contact', { token });
    expect(list.status).toBe(503);
    expect(list.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));

    const login = await app.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'admin', password: 'wrong' },
    });
    expect(login.status).toBe(503);

    const health = await app.fetch('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect((await health.json()).database.ok).toBe(false);

    for (const page of ['/', '/services', '/about', '/contact', '/artificial-intelligence']) {
      const res = await app.fetch(page);
      expect(res.status, page).toBe(200);
      expect(await res.text()).toContain('<h1');
    }
    for (const [page, html] of kept) {
      const res = await app.fetch(page);
      expect(res.status, page).toBe(200);
      expect(await res.text(), page).toBe(html);
    }
    // A page that needs data it does not hold says so, as a page, with Retry-After.
    const post = await app.fetch('/blog/some-post');
    expect(post.status).toBe(503);
    expect(post.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(await post.text()).toContain('<h1>Back in a moment</h1>');

    // all of it while the server was still down
    expect(postgres.pid).toBeUndefined();
  });

  it('the server is restarted by itself; the API and the worker carry on without a restart', async () => {
    await recovered();
    expect(events.filter((e) => e.type === 'exited')).toEqual([
      { type: 'exited', code: null, signal: 'SIGKILL', restartInMs: restartDelaysMs[0] },
    ]);
    expect(events.some((e) => e.type === 'restarted')).toBe(true);
    const res = await sendContact(1);
    expect(res.status).toBe(201);
    // the worker's enrichment runs on it: pg-boss found the database again
    await eventually(
      async () =>
        (await app.db('contact_submissions').where({ id: res.json().id }).first())?.enriched_at,
      30_000,
      100,
    );
  });
});

describe('a stream of contact messages while the postmaster is killed', () => {
  it('every message answered 2xx is in the table after recovery; the others got 503, never 500', async () => {
    const accepted: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    let killed = false;
    let outageSeen = false;
    let acceptedAfterRecovery = 0;
    const sender = async () => {
      while (!outageSeen || acceptedAfterRecovery < 20) {
        const n = ++sent;
        const res = await sendContact(1000 + n);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) {
          accepted.push(res.json().id);
          if (outageSeen) acceptedAfterRecovery++;
        } else {
          expect(res.status, res.text).toBe(503);
          expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
          if (killed) outageSeen = true;
        }
        if (!killed && accepted.length >= 30) {
          killed = true;
          process.kill(postgres.pid!, 'SIGKILL');
        }
        if (sent > 5_000) throw new Error('the stream never recovered');
      }
    };
    await Promise.all([sender(), sender(), sender(), sender()]);
    await recovered();

    expect(outageSeen).toBe(true);
    expect([...statuses.keys()].sort()).toEqual([201, 503]);
    const stored = await app.db('contact_submissions').whereIn('id', accepted).pluck('id');
    expect(stored.sort()).toEqual([...accepted].sort());
    // Every accepted message's jobs were created with it (pg-boss's outbox, same transaction) …
    const enrichJobs = await app.db
      .withSchema('pgboss')
      .from('job')
      .where({ name: 'contact.enrich' })
      .whereRaw("data->>'streamId' = any(?)", [accepted.map((id) => `contact:${id}`)])
      .count<{ count: number }[]>('* as count');
    expect(Number(enrichJobs[0]?.count)).toBe(accepted.length);
    // … and the worker, which lost its connections too, runs jobs again without a restart.
    const completed = async () =>
      Number(
        (
          await app.db
            .withSchema('pgboss')
            .from('job')
            .where({ state: 'completed' })
            .count<{ count: number }[]>('* as count')
        )[0]?.count,
      );
    const before = await completed();
    await eventually(async () => (await completed()) >= before + 3, 30_000, 100);
  }, 120_000);
});

describe('a process started while the database is down', () => {
  it('waits for it (make run restarting the API, a container starting first), then goes on', async () => {
    await recovered();
    const said: string[] = [];
    const logger = createLogger('warn', 'test');
    logger.warn = ((message: string) => {
      said.push(message);
    }) as typeof logger.warn;
    await killPostmaster();
    await waitForDatabase(postgres.url, logger, [100]);
    expect(postgres.pid).toBeGreaterThan(0);
    expect(said.length).toBeGreaterThan(0);
    expect(said[0]).toBe('the database does not answer yet; trying again in 100 ms');
  }, 60_000);

  it("pg-boss's errors while it is away are logged once, then once in a while with a count", () => {
    const lines: string[] = [];
    const logger = createLogger('error', 'test');
    logger.error = ((_error: unknown, message: string) => {
      lines.push(message);
    }) as typeof logger.error;
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z'), toFake: ['Date'] });
    try {
      const log = throttledErrorLog(logger, 'pg-boss error', 60_000);
      for (let i = 0; i < 50; i++) log(new Error('Connection terminated unexpectedly'));
      expect(lines).toEqual(['pg-boss error']);
      vi.setSystemTime(new Date('2026-11-23T12:01:00Z'));
      log(new Error('Connection terminated unexpectedly'));
      expect(lines).toEqual(['pg-boss error', 'pg-boss error (and 49 more since the last one)']);
    } finally {
      vi.useRealTimers();
    }
  });
});
