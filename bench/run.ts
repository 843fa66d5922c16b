// `make bench`: one table of every figure of issue 12 beside its ceiling, measured in the same
// run on a database of its own, with autocannon. `BENCH_SMOKE=1` (run by `make test`) does the
// same with tiny durations and sizes and fails unless every row was produced; it asserts no
// figure. Settings (environment): see SETTINGS below and the README.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { asyncProjections, subscriptions } from '@kw/composition';
import {
  BOSS_SCHEMA,
  createDb,
  freePort,
  projectionQueue,
  startEmbeddedPostgres,
} from '@kw/platform';
import { startSmtpCatcher } from '@kw/platform/testing';
import pg from 'pg';
import { API_ENV, API_NODE_OPTIONS } from '../apps/api/src/node-options.ts';
import { WORK_OPTIONS } from '../apps/worker/src/work-options.ts';
import {
  ADMIN,
  ADMIN_EMAIL,
  contactBody,
  ensurePublishedPosts,
  growEventLog,
  login,
  MOBILE_AGENT,
  nextVisitorAddress,
  postContact,
  publicPagesOfEachKind,
  readWholeLog,
} from './data.ts';
import {
  type LoadOptions,
  type LoadResult,
  load,
  loadTogether,
  rawGet,
  readsAside,
} from './load.ts';
import {
  type Child,
  type CpuSplit,
  cpuDuring,
  cpuSeconds,
  rssMb,
  runNode,
  say,
  startNode,
  until,
  waitForHttp,
} from './processes.ts';
import {
  failedRow,
  int,
  kb,
  markdownTable,
  mean,
  ms,
  type Row,
  rate,
  ratioText,
  seconds,
  spread,
  verdictOf,
} from './table.ts';

const smoke = process.env.BENCH_SMOKE === '1';
const setting = (name: string, full: number, small: number) => {
  const value = Number(process.env[name] ?? (smoke ? small : full));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
/** Every size and duration, configurable; `BENCH_SMOKE=1` makes them tiny. */
const SETTINGS = {
  duration: setting('BENCH_DURATION', 10, 1),
  rounds: setting('BENCH_ROUNDS', 2, 1),
  connections: setting('BENCH_CONNECTIONS', 50, 50),
  writeConnections: setting('BENCH_WRITE_CONNECTIONS', 20, 20),
  posts: setting('BENCH_POSTS', 50, 10),
  burst: setting('BENCH_BURST', 300, 20),
  /** Messages whose jobs make the backlog: three jobs each, as many jobs as the ceiling's. */
  backlog: setting('BENCH_BACKLOG', 2000, 20),
  drainTimeoutSeconds: setting('BENCH_DRAIN_TIMEOUT', 60, 8),
  latencySamples: setting('BENCH_LATENCY_SAMPLES', 30, 3),
  plainJobs: setting('BENCH_PLAIN_JOBS', 6000, 200),
  rebuildEvents: setting('BENCH_REBUILD_EVENTS', 100_000, 1_000),
  lighthouse: process.env.BENCH_LIGHTHOUSE !== '0',
};

/**
 * The plain pg-boss ceiling's option sets (batch size, loops): the worker's own, then better
 * ones; the best is the ceiling.
 */
const PLAIN_CONFIGS: [batch: number, loops: number][] = [
  [WORK_OPTIONS.batchSize, WORK_OPTIONS.localConcurrency],
  [100, 4],
  [500, 4],
];

/** How many backlogs the worker drains in the bench (each is a row's figure). */
const BACKLOG_ROUNDS = 2;

// The issue's targets.
const TARGET = {
  pageRatio: 0.4,
  pageP99Ms: 25,
  listRatio: 0.25,
  listBytes: 30 * 1024,
  writeRatio: 0.6,
  writeRate: 1000,
  burstSeconds: 5,
  drainRatio: 0.25,
  idleP95Ms: 100,
  deadWorkerSeconds: 30,
  rssMb: 250,
  rebuildRate: 20_000,
  slowestDuringRebuildMs: 100,
  lighthousePerformance: 98,
  lighthouseTbtMs: 100,
};

/** The rows in the table's order; a smoke run fails unless each is there and measured. */
const ROWS: [key: string, path: string][] = [
  ['ping', 'bare express `GET /ping`'],
  ['health', '`GET /api/health`'],
  ['blog-list', `\`GET /api/blog?published=true\` (${SETTINGS.posts} posts)`],
  ['jobs-list', '`GET /api/jobs?published=true`'],
  ['post', '`/blog/{slug}` from the page cache'],
  ['post-br', '`/blog/{slug}` from the page cache, `Accept-Encoding: br`'],
  ['home', '`/` (server-rendered)'],
  ['careers', '`/careers`'],
  [
    'bare-insert',
    `bare express + pg: the same inserts in one transaction (${SETTINGS.writeConnections} connections)`,
  ],
  [
    'bare-insert-one',
    `bare express + pg: the same rows in one prepared statement (${SETTINGS.writeConnections} connections)`,
  ],
  ['contact', `\`POST /api/contact\` (${SETTINGS.writeConnections} connections)`],
  [
    'plain-boss',
    `plain pg-boss on the same database, best of ${PLAIN_CONFIGS.map(([b, l]) => `${b} × ${l}`).join(', ')} (batch size × \`localConcurrency\`, \`burstWhenBatchFull\`, one completion per batch), each before and after the worker's drain: ${int(SETTINGS.plainJobs)} jobs made in one statement, no-op handler, first start → last completion`,
  ],
  ['drain-enriched', `worker, ${SETTINGS.burst} contact messages at once: all enriched`],
  ['drain-notified', `worker, ${SETTINGS.burst} contact messages at once: the administrator told`],
  [
    'drain-rate',
    `worker, a backlog of ${SETTINGS.backlog} contact messages' jobs (made while it was paused), twice: drain rate, first start → last completion`,
  ],
  ['idle-latency', `\`201\` → enrichment, idle (${SETTINGS.latencySamples} one at a time)`],
  ['dead-worker', 'a job in flight when its worker is killed: back and done'],
  ['rss', 'API resident memory before → after the read load, and its peak'],
  ['log-read', `bare batched read of the log (${int(SETTINGS.rebuildEvents)} events)`],
  [
    'rebuild',
    `\`make rebuild-projections\`, ${int(SETTINGS.rebuildEvents)} events, nothing else running`,
  ],
  [
    'rebuild-beside',
    'the same, beside public reads sent one after another (which take about a core of the two: for reference)',
  ],
  ['rebuild-reads', 'slowest public request during the rebuild beside them'],
  ['one-api', `one API process, \`/blog/{slug}\` (${SETTINGS.connections} connections)`],
  ['two-apis', 'two API processes, `/blog/{slug}` (half the connections each), combined'],
];

const rows = new Map<string, Row>();
const notes: string[] = [];
const set = (key: string, row: Omit<Row, 'key' | 'path'>, path?: string) => {
  const spec = ROWS.find(([k]) => k === key);
  rows.set(key, { key, path: path ?? spec?.[1] ?? key, ...row });
};
const none = { ceiling: '—', ratio: '—', target: '—', verdict: '—' as const };

/** `BENCH_ONLY=reads,writes`: only these phases (the others' rows read "skipped"). */
const PHASES = [
  'reads',
  'latency',
  'drain',
  'dead-worker',
  'writes',
  'apis',
  'rebuild',
  'lighthouse',
];
const only = process.env.BENCH_ONLY?.split(',').map((p) => p.trim());
if (only?.some((p) => !PHASES.includes(p)))
  throw new Error(`BENCH_ONLY names phases among ${PHASES.join(', ')}`);
if (only && smoke) throw new Error('BENCH_ONLY and BENCH_SMOKE do not go together');

/** Runs one phase; a failure marks its rows (or all not yet measured) and the run goes on. */
async function phase(
  id: string,
  name: string,
  keys: string[],
  work: () => Promise<void>,
): Promise<void> {
  if (only && id !== 'setup' && !only.includes(id)) {
    for (const key of keys)
      if (!rows.has(key)) set(key, { measured: 'skipped (BENCH_ONLY)', ...none });
    return;
  }
  say(name);
  const started = performance.now();
  try {
    await work();
    say(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    say(`${name} failed: ${error instanceof Error ? error.stack : error}`);
    for (const key of keys) {
      if (!rows.has(key)) {
        const row = failedRow(key, ROWS.find(([k]) => k === key)?.[1] ?? key, error);
        rows.set(key, row);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The run's own database, processes and data.

const work = mkdtempSync(path.join(tmpdir(), 'kw-bench-'));
const logDir = path.join(work, 'logs');
const dataDir = path.join(work, 'data');
mkdirSync(logDir, { recursive: true });
const children: Child[] = [];
let dropDatabase = async () => {};

async function openDatabase(): Promise<string> {
  // A fresh database on DATABASE_URL's server (as the test set-up does), else an embedded one.
  if (process.env.DATABASE_URL) {
    const admin = new URL(process.env.DATABASE_URL);
    admin.pathname = '/postgres';
    const name = `kw_bench_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return url.toString();
  }
  const server = await startEmbeddedPostgres(path.join(work, 'pg'), {
    database: 'bench',
    persistent: false,
  });
  dropDatabase = () => server.stop();
  return server.url;
}

const databaseUrl = await openDatabase();
/** The owner's e-mails (and every other) arrive here: the drain times the digest's arrival. */
const smtp = await startSmtpCatcher();
const env: NodeJS.ProcessEnv = {
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  // As behind a local reverse proxy: each request's X-Forwarded-For is a visitor of its own.
  TRUST_PROXY: 'loopback',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_EMAIL,
  JWT_SECRET: randomBytes(48).toString('base64url'),
  SMTP_URL: smtp.url,
  PORT: '',
  PUBLIC_URL: '',
};
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
// An idle connection closed by the server (its shutdown at the end, while the pool is still
// open) must not end the run before the table is printed: the next query says what is wrong.
pool.on('error', (error) => say(`an idle database connection closed: ${error.message}`));
const knex = createDb(databaseUrl, { min: 0, max: 2 });
const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await pool.query(text, values)).rows as T[];

/** `BENCH_PROFILE=<folder>`: each API and worker process writes a V8 CPU profile there when it stops. */
const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : undefined;
if (profileDir) mkdirSync(profileDir, { recursive: true });

async function startApi(name: string): Promise<Child & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Started as `make api` and the containers start it: with its memory settings.
  const child = startNode(
    name,
    'apps/api/src/main.ts',
    {
      ...env,
      ...API_ENV,
      NODE_OPTIONS: [process.env.NODE_OPTIONS, API_NODE_OPTIONS].filter(Boolean).join(' '),
      PORT: String(port),
      PUBLIC_URL: url,
    },
    logDir,
    [],
    profileDir
      ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`]
      : [],
  );
  children.push(child);
  await waitForHttp(child, `${url}/api/health`);
  return Object.assign(child, { url });
}

async function startWorker(name: string): Promise<Child> {
  const child = startNode(
    name,
    'apps/worker/src/main.ts',
    env,
    logDir,
    [],
    profileDir
      ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`]
      : [],
  );
  children.push(child);
  return child;
}

/**
 * Whether a job of the application's queues is still to do (created, retrying or active) and
 * due: a job scheduled for later (a digest at its window's end) waits by design. `exists` stops
 * at the first one: a count scanned the whole job table at every poll, CPU the drain it watched
 * would otherwise have had.
 */
const unfinishedJobs = async (since?: Date) =>
  (
    await sql<{ any: boolean }>(
      `select exists (select 1 from ${BOSS_SCHEMA}.job
         where state in ('created', 'retry', 'active') and name not like 'bench.%'
         and (state = 'active' or start_after <= now())
         ${since ? 'and created_on >= $1' : ''}) as any`,
      since ? [since] : [],
    )
  )[0]!.any;

const ENRICH_QUEUE = 'contact.enrich';
const contactQueues = [
  ...subscriptions.filter((s) => s.handles.includes('ContactReceived')).map((s) => s.queue),
  ...asyncProjections.filter((p) => p.handles.includes('ContactReceived')).map(projectionQueue),
];

say(
  `${smoke ? 'smoke run' : 'full run'}: ${SETTINGS.duration} s × ${SETTINGS.rounds} round(s), ${SETTINGS.connections} connections; work folder ${work}`,
);
const loadBefore = loadavg()[0]!;
const startedAt = Date.now();
let api!: Child & { url: string };
let worker: Child | undefined;
let ceilings!: Child & { url: string };
let slug = '';
let failed = false;

// Interrupted: the processes, the database and the work folder go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    say(`${signal}: stopping`);
    void Promise.all(children.map((c) => c.stop().catch(() => {})))
      .then(() => dropDatabase().catch(() => {}))
      .finally(() => {
        rmSync(work, { recursive: true, force: true });
        process.exit(130);
      });
  });

try {
  await phase('setup', 'database: migrations and demo content', ['ping'], async () => {
    await runNode('apps/api/src/cli.ts', env, ['migrate']);
    await runNode('apps/api/src/cli.ts', env, ['seed']);
  });
  api = await startApi('api-1');
  worker = await startWorker('worker-1');
  const ceilingPort = await freePort();
  ceilings = Object.assign(
    startNode(
      'ceilings',
      'bench/fixtures/ceilings.ts',
      { ...env, PORT: String(ceilingPort), CONTACT_QUEUES: contactQueues.join(',') },
      logDir,
    ),
    { url: `http://127.0.0.1:${ceilingPort}` },
  );
  children.push(ceilings);
  await waitForHttp(ceilings, `${ceilings.url}/ping`);
  await until(
    'the worker reporting to /api/health',
    async () =>
      ((await (await fetch(`${api.url}/api/health`)).json()) as { worker: { ok: boolean } }).worker
        .ok,
    60_000,
  );
  const token = await login(api.url);
  const slugs = await ensurePublishedPosts(api.url, token, SETTINGS.posts);
  slug = slugs.at(-1)!;
  // The posts' jobs (renditions, the activity feed) done first: the reads measure the API, not
  // the API beside a busy worker.
  await until('an empty queue', async () => !(await unfinishedJobs()), 120_000);
  say(`start-up and data: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

  // -------------------------------------------------------------------------------------------
  const READS: { key: string; path: string; headers?: Record<string, string>; page: boolean }[] = [
    { key: 'health', path: '/api/health', page: false },
    { key: 'blog-list', path: '/api/blog?published=true', page: false },
    { key: 'jobs-list', path: '/api/jobs?published=true', page: false },
    { key: 'post', path: `/blog/${slug}`, page: true },
    { key: 'post-br', path: `/blog/${slug}`, headers: { 'accept-encoding': 'br' }, page: true },
    { key: 'home', path: '/', page: true },
    { key: 'careers', path: '/careers', page: true },
  ];
  await phase('reads', 'reads', ['ping', 'rss', ...READS.map((r) => r.key)], async () => {
    for (const read of READS) {
      const answer = await rawGet(`${api.url}${read.path}`, read.headers);
      if (answer.status !== 200) throw new Error(`${read.path} answered ${answer.status}`);
    }
    const rssBefore = rssMb(api.pid);
    // The most it held at any moment of the load, not only at its end (a full collection just
    // before the end would hide what the old generation grew to).
    let rssPeak = rssBefore;
    const rssWatch = setInterval(() => {
      try {
        rssPeak = Math.max(rssPeak, rssMb(api.pid));
      } catch {}
    }, 250);
    const ping: LoadResult[] = [];
    const results = new Map<string, LoadResult[]>(READS.map((r) => [r.key, []]));
    for (let round = 0; round < SETTINGS.rounds; round++) {
      ping.push(await loadOf(`${ceilings.url}/ping`));
      for (const read of READS) {
        say(`  round ${round + 1}: ${read.path}${read.headers ? ' (br)' : ''}`);
        results
          .get(read.key)!
          .push(await loadOf(`${api.url}${read.path}`, { headers: read.headers ?? {} }));
      }
    }
    clearInterval(rssWatch);
    const rssAfter = rssMb(api.pid);
    rssPeak = Math.max(rssPeak, rssAfter);
    const pingRates = ping.map((p) => p.requestsPerSecond);
    set('ping', {
      measured: `${spread(pingRates, rate)} req/s, p99 ${ms(Math.max(...ping.map((p) => p.p99)))}`,
      ceiling: '—',
      ratio: '1',
      target: '—',
      verdict: '—',
    });
    const listBytes = (await rawGet(`${api.url}/api/blog?published=true`)).bytes;
    const listGzip = (
      await rawGet(`${api.url}/api/blog?published=true`, { 'accept-encoding': 'gzip' })
    ).bytes;
    for (const read of READS) {
      const runs = results.get(read.key)!;
      const ratios = runs.map((r, i) => r.requestsPerSecond / ping[i]!.requestsPerSecond);
      const p99 = Math.max(...runs.map((r) => r.p99));
      const failures = failuresOf(runs);
      const measured = [
        `${spread(
          runs.map((r) => r.requestsPerSecond),
          rate,
        )} req/s, p50 ${ms(mean(runs.map((r) => r.p50)))}, p99 ${ms(p99)}${failuresText(runs)}`,
      ];
      let target = '—';
      let verdict: Row['verdict'] = '—';
      if (read.key === 'blog-list') {
        measured.push(`; ${kb(listBytes)} per answer (${kb(listGzip)} gzip)`);
        target = `≥ ${TARGET.listRatio}, ≤ ${kb(TARGET.listBytes)}`;
        verdict = verdictOf(mean(ratios) >= TARGET.listRatio, listBytes <= TARGET.listBytes);
      } else if (read.page) {
        target = `≥ ${TARGET.pageRatio}, p99 ≤ ${TARGET.pageP99Ms} ms`;
        verdict = verdictOf(mean(ratios) >= TARGET.pageRatio, p99 <= TARGET.pageP99Ms);
      }
      if (failures > 0) verdict = 'FAILED';
      set(read.key, {
        measured: measured.join(''),
        ceiling: 'bare express `GET /ping`',
        ratio: ratioText(ratios),
        target,
        verdict,
      });
    }
    set('rss', {
      measured: `${int(rssBefore)} MB → ${int(rssAfter)} MB, at most ${int(rssPeak)} MB during it (every 250 ms)`,
      ceiling: '—',
      ratio: '—',
      target: `< ${TARGET.rssMb} MB throughout`,
      verdict: verdictOf(rssPeak < TARGET.rssMb),
    });
  });

  // -------------------------------------------------------------------------------------------
  // The ceiling is measured before the burst and again after the backlogs: the best of all.
  const plainTried: PlainRun[] = [];
  const setPlainRow = () => {
    const best = plainTried.reduce((x, y) => (y.rate > x.rate ? y : x));
    set('plain-boss', {
      measured: `${rate(best.rate)} jobs/s (batches of ${best.batch} × ${best.loops} loops, ${seconds(best.seconds)}); each, before the worker's drain then after: ${plainTried.map((t) => `${t.batch} × ${t.loops} ${rate(t.rate)}`).join(', ')}`,
      ...none,
    });
    return best.rate;
  };
  await phase('drain', 'plain pg-boss ceiling', ['plain-boss'], async () => {
    plainTried.push(...(await plainBoss()));
    setPlainRow();
  });

  await phase(
    'drain',
    `worker drain: ${SETTINGS.burst} messages at once`,
    ['drain-enriched', 'drain-notified', 'drain-rate'],
    async () => {
      await until('an empty queue', async () => !(await unfinishedJobs()), 120_000);
      const [{ now: dbStart }] = (await sql<{ now: Date }>('select now()')) as [{ now: Date }];
      const mailsBefore = smtp.mails.length;
      // The owner's e-mails of the burst: its round settles once the notices stop coming, in one
      // digest counting them all; nothing else may go to the owner. Watched from the first POST.
      const ownerMails = () =>
        smtp.mails.slice(mailsBefore).filter((m) => m.to.includes(ADMIN_EMAIL));
      const isDigest = (m: { headers: Record<string, string> }) =>
        /^\d+ new contact submissions?( \(\d+ held for review\))?$/.test(m.headers.subject ?? '');
      let digestAt: number | undefined;
      const watch = setInterval(() => {
        if (digestAt === undefined && ownerMails().some(isDigest)) digestAt = performance.now();
      }, 2);
      const started = performance.now();
      const ids: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(50, SETTINGS.burst) }, async () => {
          while (next < SETTINGS.burst) ids.push(await postContact(api.url, 200_000 + next++));
        }),
      );
      const sentSeconds = (performance.now() - started) / 1000;
      const deadline = started + SETTINGS.drainTimeoutSeconds * 1000;
      let enrichedAt: number | undefined;
      let drainedAt: number | undefined;
      let enriched = 0;
      while (performance.now() < deadline && drainedAt === undefined) {
        if (enrichedAt === undefined) {
          enriched = (
            await sql<{ count: number }>(
              'select count(*)::int as count from contact_submissions where id = any($1) and enriched_at is not null',
              [ids],
            )
          )[0]!.count;
          if (enriched === ids.length) enrichedAt = performance.now();
        }
        if (enrichedAt !== undefined && !(await unfinishedJobs(dbStart)))
          drainedAt = performance.now();
        else await new Promise((r) => setTimeout(r, 20));
      }
      const elapsed = ((drainedAt ?? performance.now()) - started) / 1000;
      while (performance.now() < deadline && digestAt === undefined)
        await new Promise((r) => setTimeout(r, 5));
      clearInterval(watch);
      // A moment more, for an e-mail the policy would not send (one by one, a second digest).
      await new Promise((r) => setTimeout(r, 1_500));
      const burstMails = ownerMails();
      const digests = burstMails.filter(isDigest);
      const counted = digests.map((m) => Number(/^(\d+)/.exec(m.headers.subject ?? '')![1]));
      const others = burstMails.length - digests.length;
      // Rounds due later (the notices of stragglers, after the digest).
      const later = await sql<{ name: string; due: number }>(
        `select name, extract(epoch from start_after - $1::timestamptz)::float as due
         from ${BOSS_SCHEMA}.job where state = 'created'
         and start_after > now() and name not like 'bench.%' order by start_after`,
        [dbStart],
      );
      const scheduled = later.length
        ? `; ${later.length === 1 ? 'a job' : `${later.length} jobs`} scheduled for later: \`${later[0]!.name}\` due at ${seconds(later[0]!.due)}`
        : '';
      const completed = (
        await sql<{ count: number }>(
          `select count(*)::int as count from ${BOSS_SCHEMA}.job where created_on >= $1 and state = 'completed' and name not like 'bench.%'`,
          [dbStart],
        )
      )[0]!.count;
      const enrichedSeconds = enrichedAt === undefined ? undefined : (enrichedAt - started) / 1000;
      set('drain-enriched', {
        measured:
          enrichedSeconds === undefined
            ? `${enriched} of ${ids.length} enriched after ${seconds(SETTINGS.drainTimeoutSeconds)} (gave up)`
            : `${seconds(enrichedSeconds)} (sent in ${seconds(sentSeconds)})`,
        ceiling: '—',
        ratio: '—',
        target: `≤ ${TARGET.burstSeconds} s`,
        verdict: verdictOf(enrichedSeconds !== undefined && enrichedSeconds <= TARGET.burstSeconds),
      });
      const digestSeconds = digestAt === undefined ? undefined : (digestAt - started) / 1000;
      set('drain-notified', {
        measured: `${
          digestSeconds === undefined
            ? `no digest within ${seconds(SETTINGS.drainTimeoutSeconds)}`
            : `the digest in the SMTP catcher at ${seconds(digestSeconds)}`
        }: ${digests.length === 1 ? 'one digest' : `${digests.length} digests`} counting ${counted.join(' + ') || '0'} of ${ids.length}, ${others === 0 ? 'no other e-mail to the administrator' : `${others} other e-mail(s) to the administrator`}${scheduled}`,
        ceiling: '—',
        ratio: '—',
        target: `one digest, ≤ ${TARGET.burstSeconds} s`,
        verdict: verdictOf(
          digests.length === 1 &&
            counted[0] === ids.length &&
            others === 0 &&
            digestSeconds !== undefined &&
            digestSeconds <= TARGET.burstSeconds,
        ),
      });
      notes.push(
        `Burst of ${ids.length} messages, end to end: ${int(completed)} jobs done ${seconds(elapsed)} after the first \`POST\` (the messages took ${seconds(sentSeconds)} to send; ${rate(completed / elapsed)} jobs/s, bounded by the API's writes)${drainedAt === undefined ? ', not drained' : ''}.`,
      );
      // Whatever is left must not run into the backlog or the phases that follow.
      await sql(
        `delete from ${BOSS_SCHEMA}.job where state in ('created', 'retry') and name not like 'bench.%'`,
      );

      // The worker's own speed, measured as the ceiling is: the same burst's jobs made while the
      // worker is paused (SIGSTOP, so it resumes warm), then drained, from the first job started
      // to the last completed on the database's clock. Twice; then the ceiling again.
      if (!worker) throw new Error('no worker running');
      const backlogs: Backlog[] = [];
      for (let round = 0; round < BACKLOG_ROUNDS; round++)
        backlogs.push(await backlogDrain(worker, 250_000 + round * 10_000));
      plainTried.push(...(await plainBoss()));
      const plainRate = setPlainRow();
      notes.push(
        `Backlog drain, by queue (jobs, first start → last completion, a job's mean time from its start), round by round: ${backlogs.map((b, i) => `${i + 1}. ${b.byQueue.map((q) => `\`${q.name}\` ${q.n}, ${seconds(q.span)}, ${ms(q.avg_ms)}`).join('; ')}`).join(' ')}.`,
      );
      notes.push(
        `Backlog drain, CPU per 1,000 jobs (from the worker's resumption until the drain is seen done, polled every 250 ms), round by round: ${backlogs.map((b, i) => `${i + 1}. the worker ${ms((b.cpu.worker * 1000 * 1000) / b.jobs)}, PostgreSQL ${ms((b.cpu.postgres * 1000 * 1000) / b.jobs)}`).join('; ')}.`,
      );
      const rates = backlogs.map((d) => d.jobs / d.span);
      const drained = backlogs.every((d) => d.drained);
      set('drain-rate', {
        measured: `${spread(rates, rate)} jobs/s (${backlogs.map((d) => `${int(d.jobs)} jobs in ${seconds(d.span)}`).join(', ')}${drained ? '' : ', not drained'})`,
        ceiling: 'plain pg-boss (best)',
        ratio: ratioText(rates.map((r) => r / plainRate)),
        target: `≥ ${TARGET.drainRatio}`,
        verdict: verdictOf(drained && mean(rates) / plainRate >= TARGET.drainRatio),
      });
      // Whatever is left must not run into the phases that follow.
      await sql(
        `delete from ${BOSS_SCHEMA}.job where state in ('created', 'retry') and name not like 'bench.%'`,
      );
    },
  );

  // -------------------------------------------------------------------------------------------
  // After the drain: a burst must meet a quiet period (the latency's messages would open a round
  // of the owner's notices, and the burst would wait 5 minutes for the next); these wait instead.
  await phase('latency', 'idle latency: 201 to enrichment', ['idle-latency'], async () => {
    await until('an empty queue', async () => !(await unfinishedJobs()), 120_000);
    const latencies: number[] = [];
    const posts: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < SETTINGS.latencySamples; i++) {
      const sent = performance.now();
      const id = await postContact(api.url, 100_000 + i);
      // From the `201` on: the write's own time is the `POST /api/contact` row's.
      const answered = performance.now();
      posts.push(answered - sent);
      ids.push(id);
      await until(
        'the enrichment of a message',
        async () =>
          (
            await sql<{ enriched_at: Date | null }>(
              'select enriched_at from contact_submissions where id = $1',
              [id],
            )
          )[0]?.enriched_at,
        60_000,
        2,
      );
      latencies.push(performance.now() - answered);
    }
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
    // Where the time goes, from the database's clock: the job made (the API's commit) → taken by
    // a worker (woken by the NOTIFY after the commit) → done (the enrichment committed).
    const jobs = await sql<{ fetch_ms: number; run_ms: number }>(
      `select extract(epoch from started_on - created_on) * 1000 as fetch_ms,
              extract(epoch from completed_on - started_on) * 1000 as run_ms
         from ${BOSS_SCHEMA}.job where name = $1 and data->>'streamId' = any($2)`,
      [ENRICH_QUEUE, ids.map((id) => `contact:${id}`)],
    );
    const spreadOf = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
      return `p50 ${ms(at(0.5))}, p95 ${ms(at(0.95))}`;
    };
    notes.push(
      `Idle latency, where the time goes (${latencies.length} messages): the \`POST\` itself ${spreadOf(posts)}; the enrichment job from its creation (the API's transaction) to a worker taking it ${spreadOf(jobs.map((j) => Number(j.fetch_ms)))}, then to its completion ${spreadOf(jobs.map((j) => Number(j.run_ms)))}.`,
    );
    set('idle-latency', {
      measured: `p50 ${ms(pct(50))}, p95 ${ms(pct(95))}, max ${ms(latencies.at(-1)!)}`,
      ceiling: '—',
      ratio: '—',
      target: `p95 ≤ ${TARGET.idleP95Ms} ms`,
      verdict: verdictOf(pct(95) <= TARGET.idleP95Ms),
    });
  });

  // -------------------------------------------------------------------------------------------
  await phase('dead-worker', 'a killed worker', ['dead-worker'], async () => {
    const [queue] = await sql<{ heartbeat_seconds: number | null; expire_seconds: number }>(
      `select heartbeat_seconds, expire_seconds from ${BOSS_SCHEMA}.queue where name = $1`,
      [contactQueues[0]],
    );
    if (!queue) throw new Error(`no queue ${contactQueues[0]}`);
    const limit = queue.heartbeat_seconds ?? queue.expire_seconds;
    if (!queue.heartbeat_seconds && queue.expire_seconds > 60) {
      set('dead-worker', {
        measured: `n/a: no heartbeat on \`${contactQueues[0]}\`; a dead worker's job waits out its expiry (${queue.expire_seconds} s)`,
        ceiling: '—',
        ratio: '—',
        target: `≤ ${TARGET.deadWorkerSeconds} s`,
        verdict: 'n/a',
      });
      return;
    }
    await killedWorkerReturn(limit, queue.heartbeat_seconds ? 'heartbeat' : 'expiry');
  });

  // -------------------------------------------------------------------------------------------
  await phase('writes', 'writes', ['bare-insert', 'bare-insert-one', 'contact'], async () => {
    // The worker stops: the API's inserts and the bare ones meet the same idle database.
    await worker?.stop();
    worker = undefined;
    const bare: LoadResult[] = [];
    const bareOne: LoadResult[] = [];
    const contact: LoadResult[] = [];
    const cpu = { bare: [] as CpuSplit[], bareOne: [] as CpuSplit[], contact: [] as CpuSplit[] };
    // Each message from a visitor of its own, with an address of its own (a person new to the
    // key table, as most enquiries are), to both handlers alike.
    let sender = 0;
    const postOptions = (url: string): LoadOptions => ({
      url,
      connections: SETTINGS.writeConnections,
      duration: SETTINGS.duration,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': MOBILE_AGENT },
      perRequest: () => ({
        headers: { 'x-forwarded-for': nextVisitorAddress() },
        body: contactBody(++sender),
      }),
    });
    const postgres = { pid: await postgresPid(), tree: true };
    for (let round = 0; round < SETTINGS.rounds; round++) {
      say(`  round ${round + 1}: bare insert, bare insert in one statement, POST /api/contact`);
      const b = await cpuDuring({ server: { pid: ceilings.pid }, PostgreSQL: postgres }, () =>
        load(postOptions(`${ceilings.url}/contact`)),
      );
      bare.push(b.result);
      cpu.bare.push(b.split);
      const o = await cpuDuring({ server: { pid: ceilings.pid }, PostgreSQL: postgres }, () =>
        load(postOptions(`${ceilings.url}/contact-one`)),
      );
      bareOne.push(o.result);
      cpu.bareOne.push(o.split);
      const c = await cpuDuring({ server: { pid: api.pid }, PostgreSQL: postgres }, () =>
        load(postOptions(`${api.url}/api/contact`)),
      );
      contact.push(c.result);
      cpu.contact.push(c.split);
    }
    const bareRates = bare.map((r) => r.requestsPerSecond);
    set('bare-insert', {
      measured: `${spread(bareRates, rate)} req/s, p99 ${ms(Math.max(...bare.map((r) => r.p99)))}${failuresText(bare)}`,
      ...none,
    });
    const rates = contact.map((r) => r.requestsPerSecond);
    const ratios = rates.map((r, i) => r / bareRates[i]!);
    const oneRates = bareOne.map((r) => r.requestsPerSecond);
    // Not the issue's ceiling (that is the row above): the database's floor for these rows,
    // beside which `POST /api/contact`'s ratio shows what the framework, validation, checks and
    // encryption cost.
    set('bare-insert-one', {
      measured: `${spread(oneRates, rate)} req/s, p99 ${ms(Math.max(...bareOne.map((r) => r.p99)))}${failuresText(bareOne)}`,
      ceiling: '—',
      ratio: `\`POST /api/contact\` at ${ratioText(rates.map((r, i) => r / oneRates[i]!))} of it`,
      target: '—',
      verdict: '—',
    });
    set('contact', {
      measured: `${spread(rates, rate)} req/s, p99 ${ms(Math.max(...contact.map((r) => r.p99)))}${failuresText(contact)}`,
      ceiling: 'the bare insert handler',
      ratio: ratioText(ratios),
      target: `≥ ${TARGET.writeRatio}, ≥ ${int(TARGET.writeRate)} req/s`,
      verdict: failuresOf(contact)
        ? 'FAILED'
        : verdictOf(mean(ratios) >= TARGET.writeRatio, mean(rates) >= TARGET.writeRate),
    });
    // What limits the writes: the CPU each side spends per request, and what the machine had.
    const perRequest = (splits: CpuSplit[], results: LoadResult[], name: string) =>
      mean(splits.map((sp, i) => (sp.cores[name]! * sp.seconds * 1000) / results[i]!.requests));
    const cores = (splits: CpuSplit[], name: string) => mean(splits.map((sp) => sp.cores[name]!));
    // A PostgreSQL process seen at the start and gone from /proc before its parent reaped it
    // at the end makes the tree's sum fall: said so, rather than a negative figure.
    const pgPerRequest = (splits: CpuSplit[], results: LoadResult[]) => {
      const ms = perRequest(splits, results, 'PostgreSQL');
      return ms < 0 ? 'n/a (a PostgreSQL process left uncounted)' : `${ms.toFixed(2)} ms`;
    };
    const pgCores = (splits: CpuSplit[]) => {
      const n = cores(splits, 'PostgreSQL');
      return n < 0 ? 'n/a' : n.toFixed(2);
    };
    const describe = (label: string, splits: CpuSplit[], results: LoadResult[]) =>
      `${label}: ${perRequest(splits, results, 'server').toFixed(2)} ms of its process's CPU and ${pgPerRequest(splits, results)} of PostgreSQL's per request (${cores(splits, 'server').toFixed(2)} + ${pgCores(splits)} cores, the load generator ${cores(splits, 'load generator (bench)').toFixed(2)}, everything else on the machine ${cores(splits, 'everything else on the machine').toFixed(2)} of ${cpus().length})`;
    notes.push(
      `Writes, CPU per request (mean of the rounds): ${describe('`POST /api/contact`', cpu.contact, contact)}; ${describe('the bare insert handler', cpu.bare, bare)}; ${describe('the bare handler in one statement', cpu.bareOne, bareOne)}.`,
    );
    await sql(
      `delete from ${BOSS_SCHEMA}.job where state in ('created', 'retry') and name not like 'bench.%'`,
    );
    // The bare handlers' stand-in keys (random bytes, not wrapped): a rebuild reads every key.
    await sql(`delete from personal_keys where subject_id like 'bench-bare:%'`);
  });

  // -------------------------------------------------------------------------------------------
  await phase('apis', 'two API processes', ['one-api', 'two-apis'], async () => {
    const second = await startApi('api-2');
    try {
      await rawGet(`${second.url}/blog/${slug}`);
      const one: LoadResult[] = [];
      const two: LoadResult[] = [];
      const half = Math.max(1, Math.round(SETTINGS.connections / 2));
      for (let round = 0; round < SETTINGS.rounds; round++) {
        say(`  round ${round + 1}: one API, two APIs`);
        one.push(await loadOf(`${api.url}/blog/${slug}`));
        two.push(
          await loadTogether([
            { url: `${api.url}/blog/${slug}`, connections: half, duration: SETTINGS.duration },
            { url: `${second.url}/blog/${slug}`, connections: half, duration: SETTINGS.duration },
          ]),
        );
      }
      set('one-api', {
        measured: `${spread(
          one.map((r) => r.requestsPerSecond),
          rate,
        )} req/s${failuresText(one)}`,
        ...none,
      });
      set('two-apis', {
        measured: `${spread(
          two.map((r) => r.requestsPerSecond),
          rate,
        )} req/s${failuresText(two)}`,
        ceiling: 'one API process',
        ratio: ratioText(two.map((r, i) => r.requestsPerSecond / one[i]!.requestsPerSecond)),
        target: '—',
        verdict: failuresOf(one) || failuresOf(two) ? 'FAILED' : '—',
      });
    } finally {
      await second.stop();
    }
  });

  // -------------------------------------------------------------------------------------------
  await phase(
    'rebuild',
    `rebuild of ${int(SETTINGS.rebuildEvents)} events`,
    ['log-read', 'rebuild', 'rebuild-beside', 'rebuild-reads'],
    async () => {
      const length = await growEventLog(knex, SETTINGS.rebuildEvents);
      const readStart = performance.now();
      const read = await readWholeLog(knex);
      const readRate = read / ((performance.now() - readStart) / 1000);
      set('log-read', { measured: `${rate(readRate)} events/s (${int(read)} events)`, ...none });
      const probes = [
        '/api/blog?published=true',
        `/blog/${slug}`,
        '/careers',
        '/api/jobs?published=true',
        '/',
      ];
      const reads = await readsAside(api.url, probes);
      /** `make rebuild-projections` as it runs (with its larger young generation): events/s. */
      const rebuild = async () => {
        const started = performance.now();
        const out = await runNode(
          'apps/api/src/cli.ts',
          {
            ...env,
            NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-semi-space-size=64']
              .filter(Boolean)
              .join(' '),
          },
          ['rebuild-projections'],
        );
        const wall = (performance.now() - started) / 1000;
        const replayed = /Replayed (\d+) events.* in (\d+) ms/.exec(out);
        const events = replayed ? Number(replayed[1]) : length;
        const took = replayed ? Number(replayed[2]) / 1000 : wall;
        const perSecond = events / took;
        return {
          rate: perSecond,
          wall,
          measured: `${rate(perSecond)} events/s (${int(events)} events in ${seconds(took)}${replayed ? '' : ', wall clock with start-up'})`,
        };
      };
      const beside = await rebuild().catch(async (error: unknown) => {
        await reads.stop().catch(() => {});
        throw error;
      });
      const { latencies, failure } = await reads.stop();
      if (failure) throw new Error(`${failure} during the rebuild`);
      set('rebuild-beside', {
        measured: beside.measured,
        ceiling: 'bare batched read of the log',
        ratio: ratioText([beside.rate / readRate]),
        target: '—',
        verdict: '—',
      });
      const slowest = Math.max(...latencies);
      set('rebuild-reads', {
        measured: `${ms(slowest)} (${int(latencies.length)} requests one after another, over ${seconds(beside.wall)})`,
        ceiling: '—',
        ratio: '—',
        target: `≤ ${TARGET.slowestDuringRebuildMs} ms`,
        verdict: verdictOf(slowest <= TARGET.slowestDuringRebuildMs),
      });
      // The rate itself, with both cores to itself (the reads above take one of them; a
      // rebuild's rate beside them says how busy the site was, its reads' latency is the target).
      const alone = await rebuild();
      set('rebuild', {
        measured: alone.measured,
        ceiling: 'bare batched read of the log',
        ratio: ratioText([alone.rate / readRate]),
        target: `≥ ${int(TARGET.rebuildRate)} events/s`,
        verdict: verdictOf(alone.rate >= TARGET.rebuildRate),
      });
    },
  );

  // -------------------------------------------------------------------------------------------
  if (SETTINGS.lighthouse) {
    await phase('lighthouse', 'Lighthouse (mobile)', ['lighthouse'], async () => {
      const { lighthouseScores, pagesFromEnv, runsFromEnv } = await import('./lighthouse.ts');
      const pages = smoke ? ['/'] : (pagesFromEnv() ?? (await publicPagesOfEachKind(api.url)));
      const runs = smoke ? 1 : runsFromEnv();
      const reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS;
      for (const score of await lighthouseScores(api.url, pages, { runs, reportDir })) {
        // Several runs: the median, with the performance score's range and the highest TBT.
        const many = score.runs > 1;
        const performance = many
          ? `performance ${score.performance} (${score.performanceMin}–${score.performanceMax} over ${score.runs} runs)`
          : `performance ${score.performance}`;
        const tbt = many
          ? `TBT ${int(score.tbtMs)} ms (at most ${int(score.tbtMaxMs)})`
          : `TBT ${int(score.tbtMs)} ms`;
        set(
          `lighthouse:${score.path}`,
          {
            measured: `${performance}, ${tbt}; FCP ${int(score.fcpMs)} ms, LCP ${int(score.lcpMs)} ms, CLS ${score.cls} (accessibility ${score.accessibility}, best practices ${score.bestPractices}, SEO ${score.seo})`,
            ceiling: '—',
            ratio: '—',
            target: `≥ ${TARGET.lighthousePerformance}, TBT ≤ ${TARGET.lighthouseTbtMs} ms`,
            verdict: verdictOf(
              score.performance >= TARGET.lighthousePerformance &&
                score.tbtMs <= TARGET.lighthouseTbtMs,
            ),
          },
          `Lighthouse mobile \`${score.path}\``,
        );
      }
    });
  }
} catch (error) {
  failed = true;
  say(`stopped: ${error instanceof Error ? error.stack : error}`);
} finally {
  await Promise.all(children.map((c) => c.stop().catch(() => {})));
  await pool.end().catch(() => {});
  await knex.destroy().catch(() => {});
  await dropDatabase().catch((error) => say(`dropping the database: ${error}`));
  await smtp.close().catch(() => {});
}

// ---------------------------------------------------------------------------------------------
// The table.

const ordered: Row[] = [];
for (const [key, label] of ROWS)
  ordered.push(rows.get(key) ?? failedRow(key, label, 'not measured'));
const lighthouseRows = [...rows.values()].filter((r) => r.key.startsWith('lighthouse'));
ordered.push(...lighthouseRows);
if (SETTINGS.lighthouse && lighthouseRows.length === 0)
  ordered.push(failedRow('lighthouse', 'Lighthouse mobile', 'not measured'));

const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
console.log(
  `\n## make bench${smoke ? ' (smoke run: tiny durations, figures not meaningful)' : ''}\n`,
);
console.log(
  `${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} cores, load average ${loadBefore.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end; autocannon ${SETTINGS.connections} connections (writes ${SETTINGS.writeConnections}), ${SETTINGS.duration} s × ${SETTINGS.rounds} round(s), each figure beside its ceiling of the same round; ${minutes} min in all. PostgreSQL ${process.env.DATABASE_URL ? 'from DATABASE_URL (a fresh database)' : 'embedded, fresh'}.\n`,
);
console.log(markdownTable(ordered));
if (notes.length > 0) console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);

rmSync(work, { recursive: true, force: true });
const broken = ordered.filter((r) => r.verdict === 'FAILED');
if (broken.length > 0 || failed) {
  say(`${broken.length} row(s) failed: ${broken.map((r) => r.key).join(', ')}`);
  process.exit(1);
}
if (smoke) say(`smoke run: all ${ordered.length} rows produced`);
process.exit(0);

// ---------------------------------------------------------------------------------------------
// Helpers that need the run's state.

function loadOf(url: string, options: Partial<LoadOptions> = {}): Promise<LoadResult> {
  return load({
    url,
    connections: SETTINGS.connections,
    duration: SETTINGS.duration,
    ...options,
  });
}

function failuresOf(results: LoadResult[]): number {
  return results.reduce((sum, r) => sum + r.failures, 0);
}

/** Failed answers (the row fails) and timeouts (a slow server: reported, not a failure). */
function failuresText(results: LoadResult[]): string {
  const failures = failuresOf(results);
  const timeouts = results.reduce((sum, r) => sum + r.timeouts, 0);
  return [
    failures > 0 ? `, ${int(failures)} failed answers` : '',
    timeouts > 0 ? `, ${int(timeouts)} unanswered within 10 s` : '',
  ].join('');
}

/** The PostgreSQL server's main process (its backends are its children). */
async function postgresPid(): Promise<number> {
  const [{ pid }] = (await sql<{ pid: number }>('select pg_backend_pid() as pid')) as [
    { pid: number },
  ];
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/**
 * A worker is killed with a job in hand, and another worker must finish it. The job is held in
 * flight by a row lock the bench takes on the submission (enrichment updates that row), both
 * workers being paused while the message arrives, so the first one surely takes the job.
 */
interface PlainRun {
  batch: number;
  loops: number;
  rate: number;
  seconds: number;
}

/** Plain pg-boss with each option set, one after another (bench/fixtures/plain-boss.ts). */
async function plainBoss(): Promise<PlainRun[]> {
  const tried: PlainRun[] = [];
  for (const [batch, loops] of PLAIN_CONFIGS) {
    const out = await runNode('bench/fixtures/plain-boss.ts', {
      ...env,
      JOBS: String(SETTINGS.plainJobs),
      BATCH: String(batch),
      LOOPS: String(loops),
    });
    const { jobs, span } = JSON.parse(out.trim().split('\n').at(-1)!) as {
      jobs: number;
      span: number;
    };
    tried.push({ batch, loops, rate: jobs / span, seconds: span });
  }
  return tried;
}

interface Backlog {
  jobs: number;
  span: number;
  drained: boolean;
  byQueue: { name: string; n: number; span: number; avg_ms: number }[];
  /** CPU seconds used from the worker's resumption to the drain seen done. */
  cpu: { worker: number; postgres: number };
}

/** A burst's jobs made while the worker is paused, then drained (see the drain phase). */
async function backlogDrain(worker: Child, firstSender: number): Promise<Backlog> {
  await until('an empty queue', async () => !(await unfinishedJobs()), 120_000);
  // The CPU the drain cost, the worker's and PostgreSQL's: steadier than its rate on a shared
  // machine, so a change to the worker shows in it even when the noise hides it in the rate.
  const postgres = await postgresPid();
  const cpuNow = () => ({ worker: cpuSeconds(worker.pid), postgres: cpuSeconds(postgres, true) });
  let cpuBefore: ReturnType<typeof cpuNow>;
  const [{ now: since }] = (await sql<{ now: Date }>('select now()')) as [{ now: Date }];
  worker.kill('SIGSTOP');
  try {
    let sent = 0;
    await Promise.all(
      Array.from({ length: Math.min(50, SETTINGS.backlog) }, async () => {
        while (sent < SETTINGS.backlog) await postContact(api.url, firstSender + sent++);
      }),
    );
    // As for plain pg-boss (bench/fixtures/plain-boss.ts): the planner told of the backlog, and
    // the dead rows of the drains before cleared.
    await sql(`vacuum (analyze) ${BOSS_SCHEMA}.job`);
  } finally {
    cpuBefore = cpuNow();
    worker.kill('SIGCONT');
  }
  const deadline = performance.now() + SETTINGS.drainTimeoutSeconds * 1000;
  let drained = false;
  while (!drained && performance.now() < deadline) {
    drained = !(await unfinishedJobs(since));
    // The span is read from the jobs' own times, so a slow poll costs no accuracy; a fast one
    // (a scan of the job table every 20 ms) took a third of a core from the drain it measured.
    if (!drained) await new Promise((r) => setTimeout(r, 250));
  }
  const cpuAfter = cpuNow();
  const doneSince = `from ${BOSS_SCHEMA}.job where created_on >= $1 and state = 'completed' and name not like 'bench.%'`;
  const [all] = (await sql<{ n: number; span: number }>(
    `select count(*)::int as n, extract(epoch from max(completed_on) - min(started_on))::float as span ${doneSince}`,
    [since],
  )) as [{ n: number; span: number }];
  const byQueue = await sql<Backlog['byQueue'][number]>(
    `select name, count(*)::int as n,
            extract(epoch from max(completed_on) - min(started_on))::float as span,
            (avg(extract(epoch from completed_on - started_on)) * 1000)::float as avg_ms
     ${doneSince} group by name order by span desc`,
    [since],
  );
  // A round of the owner's notices left for later must not run into the next backlog.
  await sql(
    `delete from ${BOSS_SCHEMA}.job where state in ('created', 'retry') and name not like 'bench.%'`,
  );
  return {
    jobs: all.n,
    span: all.span,
    drained,
    byQueue,
    cpu: {
      worker: cpuAfter.worker - cpuBefore.worker,
      postgres: cpuAfter.postgres - cpuBefore.postgres,
    },
  };
}

async function killedWorkerReturn(
  limitSeconds: number,
  kind: 'heartbeat' | 'expiry',
): Promise<void> {
  const first = worker!;
  const second = await startWorker('worker-2');
  await until(
    'two workers beating',
    async () =>
      (
        await sql<{ count: number }>(
          "select count(*)::int as count from worker_heartbeat where beat_at > now() - interval '10 seconds'",
        )
      )[0]!.count >= 2,
    60_000,
  ).catch(() => undefined);
  first.kill('SIGSTOP');
  second.kill('SIGSTOP');
  const lock = await pool.connect();
  let locked = true;
  const unlock = async () => {
    if (!locked) return;
    locked = false;
    await lock.query('rollback').catch(() => {});
    lock.release();
  };
  try {
    const id = await postContact(api.url, 300_000);
    await lock.query('begin');
    await lock.query('select 1 from contact_submissions where id = $1 for update', [id]);
    first.kill('SIGCONT');
    await until(
      'the first worker taking the job and waiting on the row',
      async () =>
        (
          await sql<{ count: number }>(
            `select count(*)::int as count from ${BOSS_SCHEMA}.job
             where name = $1 and data->>'streamId' = $2 and state = 'active'`,
            [contactQueues[0], `contact:${id}`],
          )
        )[0]!.count === 1 &&
        (
          await sql<{ count: number }>(
            "select count(*)::int as count from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
          )
        )[0]!.count > 0,
      30_000,
    );
    second.kill('SIGCONT');
    const killed = performance.now();
    first.kill('SIGKILL');
    await unlock();
    const back = await until(
      'the killed worker’s job done by the other',
      async () =>
        (
          await sql<{ enriched_at: Date | null }>(
            'select enriched_at from contact_submissions where id = $1',
            [id],
          )
        )[0]?.enriched_at && performance.now(),
      // The expiry or heartbeat, pg-boss's supervision pass that notices it, a retry's delay.
      (limitSeconds * 3 + 120) * 1000,
      20,
    );
    const s = (back - killed) / 1000;
    set('dead-worker', {
      measured: `${seconds(s)} (the queue's ${kind}: ${limitSeconds} s)`,
      ceiling: '—',
      ratio: '—',
      target: `≤ ${TARGET.deadWorkerSeconds} s`,
      verdict: verdictOf(s <= TARGET.deadWorkerSeconds),
    });
  } catch (error) {
    await unlock();
    first.kill('SIGCONT');
    second.kill('SIGCONT');
    throw error;
  } finally {
    worker = second;
    await first.stop().catch(() => {});
  }
}
