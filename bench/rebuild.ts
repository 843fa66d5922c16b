// `make rebuild-projections` on a log of 100,000 events, beside its ceiling (the same batched
// read of the log, doing nothing with it), and the public pages' latency while it runs:
// `node bench/rebuild.ts` on its own (EVENTS=… to change the size), or `seedEventLog`,
// `readCeiling` and `measureRebuild` from the bench table.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { prepareDatabase, projections } from '@kw/composition';
import { seedDemoContent } from '@kw/db';
import {
  createDb,
  type Db,
  EventStore,
  eventLogRows,
  freePort,
  loadConfig,
  personalFieldsOf,
  replaceEventLog,
  sealEvents,
  startEmbeddedPostgres,
} from '@kw/platform';
import { API_ENV, API_NODE_ARGS } from '../apps/api/src/node-options.ts';
import { readsAside } from './load.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Targets of issue 12. */
export const REBUILD_TARGETS = { eventsPerSecond: 20_000, slowestPublicMs: 100 } as const;

const day = 86_400_000;
const ua =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

/**
 * A log like a busy year of the site's: enquiries with their enrichment and notification,
 * sign-ups with theirs, page views, failed logins, posts written and published.
 */
export async function seedEventLog(db: Db, total: number): Promise<number> {
  // Written as a restore writes a backup (only platform writes the log): the log so far, then
  // the new events after it.
  const rows: Record<string, unknown>[] = [];
  for await (const row of eventLogRows(db)) rows.push(row);
  let position = rows.reduce((max, r) => Math.max(max, Number(r.position)), 0);
  const before = rows.length;
  const now = Date.now();
  const push = (stream: string, type: string, version: number, data: unknown, at: number) => {
    rows.push({
      position: ++position,
      stream_id: stream,
      stream_type: stream.split(':')[0],
      version,
      type,
      data,
      metadata: { actor: version === 1 ? 'visitor' : 'worker' },
      occurred_at: new Date(at),
    });
  };
  for (let n = 0; rows.length - before < total; n++) {
    const at = now - Math.floor(Math.random() * 365 * day);
    const kind = n % 20;
    if (kind < 9) {
      const id = randomUUID();
      const stream = `contact:${id}`;
      push(
        stream,
        'ContactReceived',
        1,
        {
          submissionId: id,
          firstName: 'Bench',
          lastName: `Sender ${n}`,
          email: `sender${n}@example.ca`,
          phone: '',
          company: 'Acme Manufacturing',
          service: 'integration',
          message: `We would like to talk about a project (${n}).`,
          subscribeNewsletter: false,
          ipAddress: `198.51.100.${n % 250}`,
          userAgent: ua,
          referer: '',
        },
        at,
      );
      push(
        stream,
        'ContactSubmissionEnriched',
        2,
        {
          submissionId: id,
          deviceType: 'desktop',
          browserName: 'Chrome',
          browserVersion: '131.0',
          os: 'Windows',
          country: 'CA',
          city: 'Kitchener',
        },
        at + 50,
      );
      push(
        stream,
        'AdminNotifiedOfContact',
        3,
        { submissionId: id, to: 'owner@example.ca' },
        at + 80,
      );
    } else if (kind < 12) {
      const id = randomUUID();
      const stream = `subscriber:${id}`;
      push(
        stream,
        'SubscriberJoined',
        1,
        {
          subscriberId: id,
          email: `reader${n}@example.ca`,
          firstName: null,
          lastName: null,
          source: 'website',
          ipAddress: `203.0.113.${n % 250}`,
          userAgent: ua,
          referer: '',
          utmSource: null,
          utmMedium: null,
          utmCampaign: null,
        },
        at,
      );
      push(
        stream,
        'SubscriberEnriched',
        2,
        {
          subscriberId: id,
          deviceType: 'mobile',
          browserName: 'Safari',
          browserVersion: '18',
          os: 'iOS',
          country: 'CA',
          city: 'Waterloo',
        },
        at + 50,
      );
      push(stream, 'SubscriberWelcomed', 3, { subscriberId: id }, at + 80);
    } else if (kind < 19) {
      push(
        `analytics:${randomUUID()}`,
        'PageViewed',
        1,
        {
          path: ['/', '/services', '/blog', '/careers', '/contact'][n % 5],
          referrer: '',
          utmSource: '',
          utmMedium: '',
          utmCampaign: '',
          userAgent: ua,
          ipAddress: `192.0.2.${n % 250}`,
        },
        at,
      );
    } else if (n % 40 === 19) {
      const id = randomUUID();
      const stream = `post:${id}`;
      const fields = {
        postId: id,
        title: `Notes from the plant floor, part ${n}`,
        slug: `notes-${n}`,
        content: `# Part ${n}\n\nWhat we learned connecting machines to the books.`,
        excerpt: '',
        featuredImage: '',
        tags: ['manufacturing', 'integration'],
        categories: ['Field notes'],
        seoTitle: '',
        seoDescription: '',
        readTime: '3 min',
        publishedAt: null,
      };
      push(stream, 'PostCreated', 1, fields, at);
      push(stream, 'PostUpdated', 2, { ...fields, title: `${fields.title} (revised)` }, at + day);
      push(
        stream,
        'PostPublished',
        3,
        { postId: id, publishedAt: new Date(at + day).toISOString() },
        at + day,
      );
    } else {
      push(
        `admin-login:${randomUUID()}`,
        'AdminLoginFailed',
        1,
        { username: 'admin', ipAddress: `192.0.2.${n % 250}`, userAgent: ua },
        at,
      );
    }
  }
  await db.transaction(async (trx) => {
    // Sealed as the event store seals an append: each person's fields under a key of their
    // own (one new key per person), so the rebuild opens them as it would in production.
    const streams = new Map<string, Record<string, unknown>[]>();
    for (const row of rows.slice(before)) {
      const list = streams.get(row.stream_id as string);
      if (list) list.push(row);
      else streams.set(row.stream_id as string, [row]);
    }
    for (const [stream, events] of streams) {
      if (!events.some((e) => personalFieldsOf(e.type as string))) continue;
      const sealed = await sealEvents(
        trx,
        stream,
        events.map((e) => ({ type: e.type as string, data: e.data })),
      );
      for (const [i, event] of sealed.entries()) events[i]!.data = event.data;
    }
    await replaceEventLog(
      trx,
      (async function* () {
        yield* rows;
      })(),
    );
  });
  return rows.length - before;
}

/** The ceiling: the rebuild's batched read of the whole log, with nothing done with it. */
export async function readCeiling(db: Db, batchSize = 10_000): Promise<number> {
  const started = performance.now();
  let count = 0;
  for await (const _ of new EventStore(db).readAll(db, batchSize)) count++;
  return count / ((performance.now() - started) / 1000);
}

/** The same public reads for a while, nothing else running: the latency to compare with. */
export async function publicReads(
  load: { apiUrl: string; paths: string[]; loops: number },
  ms: number,
): Promise<{ requests: number; slowestMs: number; p99Ms: number }> {
  const reads = await readsAside(load.apiUrl, load.paths, load.loops);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const { latencies, failure } = await reads.stop();
  if (failure) throw new Error(failure);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    slowestMs: latencies.at(-1) ?? 0,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

export interface RebuildFigures {
  events: number;
  seconds: number;
  eventsPerSecond: number;
  /** Public requests answered while it ran, and the slowest of them. */
  requests: number;
  slowestMs: number;
  p99Ms: number;
}

/**
 * `make rebuild-projections` (the command line, as its own process) against `databaseUrl`,
 * while `loops` clients read public pages of the API at `apiUrl` one request after another.
 */
export async function measureRebuild(
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
  load?: { apiUrl: string; paths: string[]; loops: number },
): Promise<RebuildFigures> {
  const reads = load ? await readsAside(load.apiUrl, load.paths, load.loops) : undefined;
  const started = performance.now();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    // As `make rebuild-projections` runs it.
    ['--max-semi-space-size=64', path.join(root, 'apps/api/src/cli.ts'), 'rebuild-projections'],
    {
      env: {
        ...process.env,
        ...env,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      },
    },
  ).catch(async (error: unknown) => {
    await reads?.stop().catch(() => {});
    throw error;
  });
  if (process.env.BENCH_LOG_LEVEL) console.log(stdout);
  const seconds = (performance.now() - started) / 1000;
  const { latencies, failure } = (await reads?.stop()) ?? { latencies: [], failure: undefined };
  if (failure) throw new Error(`${failure} during the rebuild`);
  const events = Number(/Replayed (\d+) events/.exec(stdout)?.[1] ?? 0);
  // The command's own figure: the replay, without Node's start-up.
  const rate = Number(/\((\d+) events\/s\)/.exec(stdout)?.[1] ?? 0);
  latencies.sort((a, b) => a - b);
  return {
    events,
    seconds,
    eventsPerSecond: rate,
    requests: latencies.length,
    slowestMs: latencies.at(-1) ?? 0,
    p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
  };
}

async function main() {
  const total = Number(process.env.EVENTS ?? 100_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'kw-bench-rebuild-'));
  const server = await startEmbeddedPostgres(path.join(dir, 'pg'), { persistent: false });
  let api: ChildProcess | undefined;
  try {
    await prepareDatabase(server.url);
    const db = createDb(server.url, { min: 0, max: 2 });
    const env = { DATA_DIR: path.join(dir, 'data'), ADMIN_PASSWORD: 'bench-password-1' };
    // The personal-data master key of the processes below (their DATA_DIR's secret), so the
    // demo's personal fields sealed here open there.
    loadConfig({ ...env, DATABASE_URL: server.url });
    await seedDemoContent(
      new EventStore(db, {
        projections: projections.map((p) => ({ ...p, mode: 'inline' as const })),
      }),
    );
    const seeded = await seedEventLog(db, total);
    // As a live database would be: the log's statistics and visibility up to date.
    await db.raw('vacuum analyze');
    // The first rebuild brings the read models level with the log written directly above.
    await measureRebuild(server.url, env);
    const ceiling = await readCeiling(db);
    await db.destroy();

    const quiet = await measureRebuild(server.url, env);
    const port = await freePort();
    api = spawn(process.execPath, [...API_NODE_ARGS, path.join(root, 'apps/api/src/main.ts')], {
      env: {
        ...process.env,
        ...env,
        ...API_ENV,
        DATABASE_URL: server.url,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const apiUrl = `http://127.0.0.1:${port}`;
    for (;;) {
      if ((await fetch(`${apiUrl}/api/health`).catch(() => null))?.ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const paths = [
      '/api/blog?published=true',
      '/blog',
      '/',
      '/api/jobs?published=true',
      '/careers',
    ];
    for (const p of paths) await (await fetch(`${apiUrl}${p}`)).arrayBuffer(); // warm
    const loaded = await measureRebuild(server.url, env, { apiUrl, paths, loops: 2 });
    const baseline = await publicReads({ apiUrl, paths, loops: 2 }, loaded.seconds * 1000);

    const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(`log: ${seeded} events written, plus the demo content`);
    console.log(
      `rebuild, nothing else running: ${quiet.events} events in ${quiet.seconds.toFixed(2)} s (the command), ${quiet.eventsPerSecond} events/s in the replay (target >= ${REBUILD_TARGETS.eventsPerSecond}: ${mark(quiet.eventsPerSecond >= REBUILD_TARGETS.eventsPerSecond)}); ceiling, the same batched read doing nothing: ${ceiling.toFixed(0)} events/s; ratio ${(quiet.eventsPerSecond / ceiling).toFixed(2)}`,
    );
    console.log(
      `public reads alone, as long (2 clients): ${baseline.requests} answered, p99 ${baseline.p99Ms.toFixed(0)} ms, slowest ${baseline.slowestMs.toFixed(0)} ms`,
    );
    console.log(
      `rebuild under public reads (2 clients): ${loaded.eventsPerSecond} events/s; ${loaded.requests} public requests answered during it, p99 ${loaded.p99Ms.toFixed(0)} ms, slowest ${loaded.slowestMs.toFixed(0)} ms (target <= ${REBUILD_TARGETS.slowestPublicMs} ms: ${mark(loaded.slowestMs <= REBUILD_TARGETS.slowestPublicMs)})`,
    );
  } finally {
    if (api && api.exitCode === null)
      await new Promise((resolve) => {
        api!.once('exit', resolve);
        api!.kill('SIGTERM');
      });
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
