import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { modules, queueNames } from '@kw/composition';
import { scheduledHandlers, workerHandlers } from '@kw/composition/worker';
import { platformTables } from '@kw/platform';
import { createTestDatabase } from '@kw/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appImports,
  compositionClashes,
  dependencyCycles,
  eventLogQueries,
  foreignTableQueries,
  importsIn,
  type SourceFile,
  tableOwners,
  undeclaredImports,
  unhandledQueues,
  unusedDeclarations,
  type Workspace,
  workerCodeLoaded,
} from './architecture/rules.ts';

const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

function importsOf(file: string): string[] {
  return importsIn(readFileSync(file, 'utf8'));
}

const moduleNames = readdirSync(path.join(root, 'modules'));

/** What a module exposes to others: its package entry points, never its files. */
function publicEntries(name: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'modules', name, 'package.json'), 'utf8'));
  return Object.keys(pkg.exports ?? {}).map((key) =>
    key === '.' ? `@kw/${name}` : `@kw/${name}/${key.slice(2)}`,
  );
}

describe('module boundaries', () => {
  it('a module never reaches into another module: only package entry points, no relative paths out', () => {
    const problems: string[] = [];
    for (const name of moduleNames) {
      const dir = path.join(root, 'modules', name);
      for (const file of sourceFiles(dir)) {
        for (const spec of importsOf(file)) {
          if (spec.startsWith('.')) {
            const target = path.resolve(path.dirname(file), spec);
            const isTestHarness =
              file.endsWith('.test.ts') && target.startsWith(path.join(root, 'tests'));
            if (!target.startsWith(dir) && !isTestHarness)
              problems.push(`${path.relative(root, file)} imports ${spec}`);
          } else if (spec.startsWith('@kw/')) {
            const other = spec.split('/')[1]!;
            if (other === name)
              problems.push(`${path.relative(root, file)} imports its own package ${spec}`);
            else if (!moduleNames.includes(other) && !file.endsWith('.test.ts'))
              problems.push(`${path.relative(root, file)} imports app ${spec}`);
            else if (moduleNames.includes(other) && !publicEntries(other).includes(spec)) {
              problems.push(
                `${path.relative(root, file)} imports ${spec}, not an entry point of @kw/${other}`,
              );
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('contracts stay free of server code, so the browser can import them', () => {
    const problems: string[] = [];
    for (const name of moduleNames) {
      for (const entry of publicEntries(name).filter((e) => e.endsWith('/contract'))) {
        const pkg = JSON.parse(
          readFileSync(path.join(root, 'modules', name, 'package.json'), 'utf8'),
        );
        const file = path.join(root, 'modules', name, pkg.exports[`./${entry.split('/').pop()}`]);
        for (const spec of importsOf(file)) {
          if (
            !(
              spec === 'zod' ||
              spec.startsWith('./') ||
              spec.endsWith('/contract') ||
              spec === '@kw/site'
            )
          ) {
            problems.push(`${path.relative(root, file)} imports ${spec}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

// The rules below run twice: on the real tree, and (the self-check) on small known-bad samples
// that each rule must report, so that a rule that silently stopped matching fails too.

const IGNORED_DIRS = new Set(['node_modules', 'dist', '.git', '.tools', '.data', '.test-data']);

/** Every TypeScript file of the repository, as the rules read them. */
function repositoryFiles(dir = root): SourceFile[] {
  const out: SourceFile[] = [];
  for (const name of readdirSync(dir)) {
    if (IGNORED_DIRS.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...repositoryFiles(full));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name))
      out.push({
        path: path.relative(root, full).split(path.sep).join('/'),
        text: readFileSync(full, 'utf8'),
      });
  }
  return out;
}

function readWorkspace(dir: string): Workspace {
  const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  return {
    dir,
    name: pkg.name,
    dependencies: Object.keys(pkg.dependencies ?? {}),
    devDependencies: Object.keys(pkg.devDependencies ?? {}),
  };
}

/** The root and every folder its `workspaces` globs name (`dir/*` or a folder). */
function repositoryWorkspaces(): Workspace[] {
  const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const dirs = (rootPkg.workspaces as string[]).flatMap((glob) =>
    glob.endsWith('/*')
      ? readdirSync(path.join(root, glob.slice(0, -2)))
          .map((name) => `${glob.slice(0, -2)}/${name}`)
          .filter((dir) =>
            statSync(path.join(root, dir, 'package.json'), { throwIfNoEntry: false }),
          )
      : [glob],
  );
  return [readWorkspace(''), ...dirs.map(readWorkspace)];
}

const files = repositoryFiles();

const workspaces = repositoryWorkspaces();

/** The files the API's process loads as it starts: a fresh Node with a hook that notes them. */
let apiLoads: Promise<string[]> | undefined;
const loadedByApi = () => (apiLoads ??= loadApi());
async function loadApi(): Promise<string[]> {
  const script = `
    import { registerHooks } from 'node:module';
    const seen = new Set();
    registerHooks({ resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      seen.add(resolved.url);
      return resolved;
    } });
    await import('@kw/api');
    process.stdout.write(JSON.stringify([...seen]));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', script],
    { cwd: root, env: { ...process.env, NODE_ENV: 'test' }, maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout);
}

/** Each module's declared tables (its projections' and its others), and platform's. */
const tableDeclarations = [
  { owner: 'platform', tables: [...platformTables] },
  ...modules.map((m) => ({
    owner: m.name,
    tables: [...m.projections.flatMap((p) => p.tables), ...(m.tables ?? [])],
  })),
];

/** The tables the migrations create (a fresh copy of the migrated template). */
let databaseTables: string[] = [];
beforeAll(async () => {
  const test = await createTestDatabase();
  try {
    const rows: { tablename: string }[] = await test
      .db('pg_catalog.pg_tables')
      .select('tablename')
      .where({ schemaname: 'public' })
      .whereNotIn('tablename', ['knex_migrations', 'knex_migrations_lock']);
    databaseTables = rows.map((r) => r.tablename).sort();
  } finally {
    await test.drop();
  }
});

const apps = workspaces.filter((w) => w.dir.startsWith('apps/'));
const owners = () => tableOwners(tableDeclarations, []).owners;

describe('tables and the event log', () => {
  it('every module in the composition is the module folder of its name', () => {
    expect(modules.map((m) => m.name).filter((name) => !moduleNames.includes(name))).toEqual([]);
  });

  it('no two modules claim the same name, route, projection or queue', () => {
    expect(compositionClashes(modules)).toEqual([]);
  });

  it('every table in the database has one owner: a projection, a module or platform', () => {
    expect(databaseTables).toContain('events');
    expect(tableOwners(tableDeclarations, databaseTables).problems).toEqual([]);
  });

  it("no module names another module's table in a query", () => {
    expect(owners().get('events')).toBe('platform');
    expect(foreignTableQueries(files, owners())).toEqual([]);
  });

  it('nothing outside platform queries the events table', () => {
    // bench/ measures ceilings: a bare batched read of the log is the rebuild's yardstick.
    const product = files.filter((f) => !f.path.startsWith('bench/'));
    expect(eventLogQueries(product)).toEqual([]);
  });
});

describe('apps, workspaces and queues', () => {
  it('no app imports another app (the worker and the API share @kw/composition)', () => {
    expect(apps.map((a) => a.name)).toEqual(expect.arrayContaining(['@kw/api', '@kw/worker']));
    expect(appImports(files, apps)).toEqual([]);
  });

  it('the API loads none of the worker-only code (a module gives its jobs as a lazy import)', async () => {
    const loaded = await loadedByApi();
    expect(loaded.some((url) => url.endsWith('/modules/contact/src/index.ts'))).toBe(true);
    expect(workerCodeLoaded(loaded)).toEqual([]);
  });

  it("every workspace declares what it imports in its package.json (tests may use the root's tools)", () => {
    expect(undeclaredImports(files, workspaces)).toEqual([]);
  });

  it('every dependency is declared once, in the workspace that uses it', () => {
    expect(unusedDeclarations(files, workspaces)).toEqual([]);
  });

  it('no two workspaces depend on each other, directly or through others', () => {
    expect(workspaces.some((w) => w.name === '@kw/platform')).toBe(true);
    expect(dependencyCycles(workspaces)).toEqual([]);
  });

  it('every subscribed queue, async projection and schedule has one worker handler in the composition', () => {
    expect(queueNames().length).toBeGreaterThan(3);
    expect(unhandledQueues(queueNames(), [...workerHandlers(), ...scheduledHandlers()])).toEqual(
      [],
    );
  });
});

describe('self-check: each rule reports its known-bad samples', () => {
  const file = (path: string, text: string): SourceFile => ({ path, text });
  const workspace = (
    dir: string,
    name: string,
    dependencies: string[] = [],
    devDependencies: string[] = [],
  ): Workspace => ({ dir, name, dependencies, devDependencies });

  it('a table declared by two owners, or by none', () => {
    const { owners, problems } = tableOwners(
      [
        { owner: 'blog', tables: ['blog_posts'] },
        { owner: 'careers', tables: ['jobs', 'blog_posts'] },
      ],
      ['blog_posts', 'jobs', 'content_revisions'],
    );
    expect(problems).toEqual([
      'table blog_posts is declared by both blog and careers',
      'table content_revisions is declared by no module',
    ]);
    expect(owners.get('jobs')).toBe('careers');
  });

  it('a copied module that kept a name, a route, a projection or a queue', () => {
    const blog = {
      name: 'blog',
      routes: [{ method: 'get', path: '/api/blog' }],
      projections: [{ name: 'blog-posts' }],
      subscriptions: [{ queue: 'blog.notify' }],
    };
    const copy = {
      ...blog,
      name: 'news',
      routes: [...blog.routes, { method: 'get', path: '/api/news' }],
    };
    expect(compositionClashes([blog, copy, blog])).toEqual([
      'route GET /api/blog is declared by both blog and news',
      'projection blog-posts is declared by both blog and news',
      'queue blog.notify is declared by both blog and news',
      'module blog is declared twice by blog',
      'route GET /api/blog is declared twice by blog',
      'projection blog-posts is declared twice by blog',
      'queue blog.notify is declared twice by blog',
    ]);
    expect(
      compositionClashes([
        blog,
        { ...copy, routes: [copy.routes[1]!], projections: [], subscriptions: [] },
      ]),
    ).toEqual([]);
  });

  it("a module naming another module's table: knex, a constant, raw SQL", () => {
    const owners = new Map([
      ['jobs', 'careers'],
      ['blog_posts', 'blog'],
      ['events', 'platform'],
    ]);
    const bad = [
      file(
        'modules/blog/src/queries.ts',
        "export const open = (db) => db('jobs').where({ a: 1 });",
      ),
      file('modules/blog/src/projection.ts', 'const TABLE = "jobs as j";'),
      file(
        'modules/activity/src/queries.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, not a template
        "const quote = /['\"]/g, half = 1 / 2; await db.raw(`select * from ${'x'} join jobs on jobs.id = x.id`);",
      ),
      file('modules/activity/src/projection.ts', "await trx('events').where({ stream_id })"),
    ];
    expect(foreignTableQueries(bad, owners)).toEqual([
      'modules/blog/src/queries.ts queries jobs, a table of careers',
      'modules/blog/src/projection.ts queries jobs, a table of careers',
      'modules/activity/src/queries.ts queries jobs, a table of careers',
      'modules/activity/src/projection.ts queries events, a table of platform',
    ]);
    const good = [
      file('modules/careers/src/queries.ts', "db('jobs')"),
      file(
        'modules/blog/src/routes.ts',
        "// db('jobs') in a comment\nconst path = '/api/jobs', text = \"it's from jobs\";",
      ),
      file('modules/blog/src/blog.test.ts', "await app.db('jobs')"),
    ];
    expect(foreignTableQueries(good, owners)).toEqual([]);
  });

  it("a module naming another module's table through a constant one of them exports", () => {
    const owners = new Map([
      ['jobs', 'careers'],
      ['privacy_erasures', 'privacy'],
      ['content_revisions', 'platform'],
    ]);
    /** The modules' own files: where the constants are, and how they are exported. */
    const owned = [
      file(
        'modules/privacy/src/projection.ts',
        "export const PRIVACY_ERASURES: string = 'privacy_erasures';\nconst TABLE = 'privacy_erasures' as const;\nexport { TABLE as ERASURES };",
      ),
      file(
        'modules/privacy/src/index.ts',
        "export { PRIVACY_ERASURES, ERASURES as ERASURE_LOG } from './projection.ts';",
      ),
      file('modules/careers/src/projection.ts', "export const JOBS = 'jobs';"),
      file('modules/careers/src/index.ts', "export * from './projection.ts';"),
      file(
        'modules/platform/src/page-cache.ts',
        "export const CONTENT_REVISIONS = 'content_revisions';",
      ),
      file('modules/platform/src/index.ts', "export * from './page-cache.ts';"),
      // A module that passes another's constant on: its users name that table as well.
      file(
        'modules/blog/src/names.ts',
        "import { JOBS } from '@kw/careers';\nexport const POSITIONS = JOBS;",
      ),
      file('modules/blog/src/index.ts', "export * from '@kw/careers';"),
    ];
    const bad = [
      file(
        'modules/contact/src/erase.ts',
        "import { PRIVACY_ERASURES } from '@kw/privacy';\nawait db(PRIVACY_ERASURES).insert(row);",
      ),
      file(
        'modules/activity/src/queries.ts',
        "import { type Row, ERASURE_LOG as LOG } from '@kw/privacy';\nconst T = LOG;\nawait trx<Row>(T).where({ id });",
      ),
      file(
        'modules/newsletter/src/stats.ts',
        "import * as careers from '@kw/careers/server';\ndb('x').leftJoin(careers.JOBS, 'jobs.id', 'x.job_id');",
      ),
      file(
        'modules/media/src/usage.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, not a template
        "import { PRIVACY_ERASURES } from '@kw/privacy';\nawait db.raw(`select count(*) from ${ PRIVACY_ERASURES } where x = ?`, [x]);",
      ),
      file(
        'modules/site/src/pages.ts',
        "import { CONTENT_REVISIONS } from '@kw/platform';\nawait db.raw('update ' + CONTENT_REVISIONS + ' set n = n + 1');",
      ),
      file(
        'modules/blog/src/related.ts',
        "import { POSITIONS } from './names.ts';\nconst rows = await this.db.select('*').from(POSITIONS);",
      ),
      file(
        'modules/analytics/src/jobs.ts',
        "import { JOBS } from '@kw/blog';\nawait knex.schema.hasTable(JOBS);",
      ),
    ];
    expect(foreignTableQueries([...owned, ...bad], owners)).toEqual([
      'modules/contact/src/erase.ts queries privacy_erasures, a table of privacy (through PRIVACY_ERASURES)',
      'modules/activity/src/queries.ts queries privacy_erasures, a table of privacy (through T)',
      'modules/newsletter/src/stats.ts queries jobs, a table of careers (through careers.JOBS)',
      'modules/media/src/usage.ts queries privacy_erasures, a table of privacy (through PRIVACY_ERASURES)',
      'modules/site/src/pages.ts queries content_revisions, a table of platform (through CONTENT_REVISIONS)',
      'modules/blog/src/related.ts queries jobs, a table of careers (through POSITIONS)',
      'modules/analytics/src/jobs.ts queries jobs, a table of careers (through JOBS)',
    ]);
    const good = [
      // Its own constant, however it reaches the query.
      file(
        'modules/privacy/src/queries.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, not a template
        "import { ERASURES, PRIVACY_ERASURES } from './projection.ts';\nawait db(PRIVACY_ERASURES).select('*');\nawait trx.raw(`delete from ${ERASURES}`);",
      ),
      file(
        'modules/careers/src/queries.ts',
        "import * as names from './projection.ts';\nimport { TABLE } from './personal-data.ts';\ndb(names.JOBS).join(TABLE, 'a', 'b');",
      ),
      // Careers' TABLE, not privacy's: an import is resolved in the module it names.
      file('modules/careers/src/personal-data.ts', "export const TABLE = 'jobs';"),
      file('modules/privacy/src/personal-data.ts', "export const TABLE = 'privacy_erasures';"),
      // Another module's constant that names no table, and a foreign table's constant unused.
      file('modules/blog/src/projection.ts', "export const BLOG_CONTENT = 'blog';"),
      file(
        'modules/case-studies/src/projection.ts',
        "import { BLOG_CONTENT } from '@kw/blog';\nimport { JOBS } from '@kw/careers';\nawait bumpContentRevision(trx, BLOG_CONTENT);",
      ),
      file(
        'modules/careers/src/careers.test.ts',
        "import { PRIVACY_ERASURES } from '@kw/privacy';\nawait app.db(PRIVACY_ERASURES);",
      ),
    ];
    expect(foreignTableQueries([...owned.slice(0, 6), ...good], owners)).toEqual([]);
  });

  it('a file outside platform querying the events table', () => {
    const bad = [
      file('apps/api/src/cli.ts', "const rows = await db('events').orderBy('position');"),
      file('composition/src/runtime.ts', "await trx.raw('select max(position) from events');"),
      file('modules/activity/src/projection.ts', 'await trx("events").where({ stream_id });'),
      file('db/src/seed.ts', "await knex.raw('truncate table public.events restart identity');"),
    ];
    expect(eventLogQueries(bad)).toEqual(bad.map((f) => `${f.path} queries the events table`));
    const good = [
      file('modules/platform/src/event-store/event-store.ts', "db('events')"),
      file('apps/api/src/app.test.ts', "await app.db('events').count()"),
      file('db/migrations/20261122_0001_event_store.ts', "knex.schema.createTable('events')"),
      file(
        'apps/api/src/cli.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text, not a template
        "const f = 'events.ndjson'; log(`Replayed ${n} events from ${f}`);",
      ),
    ];
    expect(eventLogQueries(good)).toEqual([]);
  });

  it('an app importing another app, by package or by path', () => {
    const apps = [
      workspace('apps/api', '@kw/api'),
      workspace('apps/worker', '@kw/worker'),
      workspace('apps/web', '@kw/web'),
    ];
    const bad = [
      file('apps/worker/src/worker.ts', "import { projections } from '@kw/api/modules';"),
      file('apps/worker/src/main.ts', "import { processLogger } from '../../api/src/runtime.ts';"),
      file('apps/web/src/store.ts', "const worker = await import('@kw/worker');"),
      file('composition/src/index.ts', "export * from '@kw/api';"),
    ];
    expect(appImports(bad, apps)).toEqual([
      'apps/worker/src/worker.ts imports @kw/api/modules, of apps/api',
      'apps/worker/src/main.ts imports ../../api/src/runtime.ts, of apps/api',
      'apps/web/src/store.ts imports @kw/worker, of apps/worker',
      'composition/src/index.ts imports @kw/api, of apps/api',
    ]);
    const good = [
      file(
        'apps/api/src/ssr.ts',
        "import { x } from './server.ts';\nconst webDir = new URL('../../web/', import.meta.url);",
      ),
      file('apps/worker/src/worker.ts', "import { openRuntime } from '@kw/composition';"),
    ];
    expect(appImports(good, apps)).toEqual([]);
  });

  it('a workspace importing a package its package.json does not declare', () => {
    const workspaces = [
      workspace('', 'kw', [], ['vitest']),
      workspace('modules/foo', '@kw/foo', ['@kw/platform', 'zod'], ['csv-parse']),
      workspace('modules/platform', '@kw/platform'),
      workspace('composition', '@kw/composition', ['@kw/platform']),
    ];
    const bad = [
      file(
        'modules/foo/src/a.ts',
        "import pad from 'left-pad';\nimport { b } from '@kw/bar/contract';",
      ),
      file(
        'modules/foo/src/b.ts',
        "import { inject } from 'vitest';\nconst dir = import.meta.resolve('left-pad');",
      ),
      file('modules/foo/src/a.test.ts', "import nock from 'nock';"),
      // A test uses the root's tools, but a workspace it imports is its own package's to declare.
      file('modules/foo/src/c.test.ts', "import { it } from 'vitest';\nimport '@kw/composition';"),
      file('modules/foo/src/testing/index.ts', "export { openRuntime } from '@kw/composition';"),
      // The composition's list declares the modules it composes; nothing else.
      file('composition/src/modules.ts', "const m = (await import('@kw/bar')).barModule;"),
      file('composition/src/runtime.ts', "import { Knex } from 'knex';"),
    ];
    expect(undeclaredImports(bad, workspaces)).toEqual([
      'modules/foo/src/a.ts imports left-pad, which modules/foo/package.json does not declare',
      'modules/foo/src/a.ts imports @kw/bar, which modules/foo/package.json does not declare',
      'modules/foo/src/b.ts imports vitest, which modules/foo/package.json does not declare',
      'modules/foo/src/b.ts imports left-pad, which modules/foo/package.json does not declare',
      'modules/foo/src/a.test.ts imports nock, which modules/foo/package.json does not declare',
      'modules/foo/src/c.test.ts imports @kw/composition, which modules/foo/package.json does not declare',
      'modules/foo/src/testing/index.ts imports @kw/composition, which modules/foo/package.json does not declare',
      'composition/src/modules.ts imports @kw/bar, which composition/package.json does not declare',
      'composition/src/runtime.ts imports knex, which composition/package.json does not declare',
    ]);
    const good = [
      file(
        'modules/foo/src/c.ts',
        "import { readFileSync } from 'node:fs';\nimport path from 'path';\nimport { z } from 'zod';\nimport { x } from '@kw/platform/http';\nimport './d.ts';",
      ),
      file(
        'modules/foo/src/c.test.ts',
        "import { it } from 'vitest';\nimport { parse } from 'csv-parse/sync';\nimport { fooModule } from '@kw/foo';\nimport '@kw/platform';",
      ),
      file('composition/src/modules.ts', "const { x } = await import('@kw/platform/http');"),
      file('composition/src/modules.ts', "const m = (await import('@kw/foo')).fooModule;"),
      file(
        'tests/harness.ts',
        "import { fooModule } from '@kw/foo';\nimport { it } from 'vitest';",
      ),
      file('bench/run.ts', "import { openRuntime } from '@kw/composition';"),
    ];
    expect(undeclaredImports(good, workspaces)).toEqual([]);
  });

  it('workspaces that depend on each other', () => {
    const bad = [
      workspace('modules/platform', '@kw/platform', ['@kw/site', 'zod']),
      workspace('modules/site', '@kw/site', ['@kw/platform', '@kw/media']),
      workspace('modules/media', '@kw/media', ['@kw/platform']),
      workspace('modules/a', '@kw/a', ['@kw/b']),
      workspace('modules/b', '@kw/b', ['@kw/c']),
      workspace('modules/c', '@kw/c', ['@kw/a', '@kw/platform']),
    ];
    expect(dependencyCycles(bad)).toEqual([
      '@kw/platform → @kw/site → @kw/platform',
      '@kw/platform → @kw/site → @kw/media → @kw/platform',
      '@kw/a → @kw/b → @kw/c → @kw/a',
    ]);
    const good = [
      workspace('modules/platform', '@kw/platform', ['zod']),
      workspace('modules/site', '@kw/site', ['@kw/platform', '@kw/media']),
      workspace('modules/media', '@kw/media', ['@kw/platform']),
      workspace('composition', '@kw/composition', ['@kw/site', '@kw/media', '@kw/platform']),
    ];
    expect(dependencyCycles(good)).toEqual([]);
  });

  it('a dependency declared where nothing uses it', () => {
    const workspaces = [
      workspace('', 'kw', [], ['@biomejs/biome', 'vitest', '@types/node', 'left-pad']),
      workspace(
        'modules/foo',
        '@kw/foo',
        ['zod', 'express', 'swagger-ui-dist'],
        ['@types/express', '@types/marked', 'vitest'],
      ),
    ];
    const files = [
      file(
        'modules/foo/src/a.ts',
        "import { z } from 'zod';\nconst ui = createRequire(import.meta.url).resolve('swagger-ui-dist/package.json');\nconst p = path.resolve('express');",
      ),
      file('modules/foo/src/a.test.ts', "import { it } from 'vitest';"),
    ];
    expect(unusedDeclarations(files, workspaces)).toEqual([
      'package.json declares left-pad, unused there',
      'modules/foo/package.json declares express, unused there',
      'modules/foo/package.json declares @types/marked, unused there',
      'modules/foo/package.json declares vitest, unused there',
    ]);
  });

  it("the API loading a module's jobs.ts or geoip-lite", () => {
    const at = 'file:///work/kw';
    expect(
      workerCodeLoaded([
        `${at}/modules/contact/src/index.ts`,
        `${at}/modules/contact/src/jobs.ts`,
        `${at}/node_modules/geoip-lite/lib/geoip.js`,
        `${at}/modules/platform/src/jobs/boss.ts`,
      ]),
    ).toEqual([
      'the API loads modules/contact/src/jobs.ts',
      'the API loads node_modules/geoip-lite/lib/geoip.js',
    ]);
  });

  it('a subscribed queue without its one handler, a handler without a queue', () => {
    expect(
      unhandledQueues(
        ['contact.enrich', 'projection.activity'],
        [{ queue: 'contact.enrich' }, { queue: 'contact.enrich' }, { queue: 'contact.old' }],
      ),
    ).toEqual([
      'queue contact.enrich has 2 handlers',
      'queue projection.activity has no handler',
      'a handler works queue contact.old, which nothing fills',
    ]);
    expect(unhandledQueues(['a.b'], [{ queue: 'a.b' }])).toEqual([]);
  });
});

describe('presentation helpers', () => {
  // The public pages import them at first load: zod (and anything else) would weigh on it.
  it('a presentation file imports nothing but other zod-free presentation files', () => {
    const problems: string[] = [];
    const check = (file: string, seen: Set<string>) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of importsOf(file)) {
        if (spec.startsWith('./')) check(path.resolve(path.dirname(file), spec), seen);
        // Platform's HTML text helpers: a file with no imports, checked like the others.
        else if (spec === '@kw/platform/text')
          check(path.join(root, 'modules/platform/src/text.ts'), seen);
        else if (/^@kw\/[\w-]+\/presentation$/.test(spec)) {
          const [, other] = spec.split('/');
          check(path.join(root, 'modules', other!, 'src/presentation.ts'), seen);
        } else problems.push(`${path.relative(root, file)} imports ${spec}`);
      }
    };
    let found = 0;
    for (const name of moduleNames) {
      if (!publicEntries(name).includes(`@kw/${name}/presentation`)) continue;
      const pkg = JSON.parse(
        readFileSync(path.join(root, 'modules', name, 'package.json'), 'utf8'),
      );
      found++;
      check(path.join(root, 'modules', name, pkg.exports['./presentation']), new Set());
    }
    expect(found).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
  });
});

describe('the web app', () => {
  const web = path.join(root, 'apps/web/src');
  const BROWSER_PACKAGES =
    /^(react|react-dom|react-dom\/.+|react-redux|react-router|@reduxjs\/toolkit(\/.+)?|antd|antd\/.+|@ant-design\/.+|dayjs|zod|marked)$/;

  /** A file of the web app, its path below apps/web/src (with /), and what it imports. */
  interface WebFile {
    file: string;
    statics: string[];
    dynamics: string[];
  }

  function webFiles(): WebFile[] {
    return sourceFiles(web)
      .filter((file) => !file.endsWith('.test.ts'))
      .map((file) => {
        const text = readFileSync(file, 'utf8');
        const found = (pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!);
        return {
          file: path.relative(web, file).split(path.sep).join('/'),
          // import/export … from '…', and bare imports (a stylesheet)
          statics: found(/(?:^|\n)\s*(?:import|export)\s(?:[^'"]*?from\s*)?['"]([^'"]+)['"]/g),
          dynamics: found(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
        };
      });
  }

  /**
   * The layout: the shell's files at the top (entries, routes, store, SEO), the one api slice in
   * api/, what both sides share in shared/ (the frames in shared/public and shared/admin), and
   * each module's screens in features/<module>/{public,admin}, its endpoints in
   * features/<module>/api.ts.
   */
  const PLACE =
    /^(?:[\w-]+\.tsx?|api\/[\w-]+\.ts|shared\/[\w-]+\.tsx?|shared\/(?:public|admin)\/[\w./-]+|features\/([\w-]+)\/(?:api\.ts|(?:public|admin)\/[\w./-]+))$/;
  /** The back office's folders: the only ones antd may appear in. */
  const ADMIN = /^(?:shared|features\/[\w-]+)\/admin\//;
  const isAntd = (spec: string) =>
    spec === 'antd' || spec.startsWith('antd/') || spec.startsWith('@ant-design/');
  const target = (from: string, spec: string) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));

  const rules = {
    place: (files: WebFile[]) =>
      files.flatMap(({ file }) => {
        const match = PLACE.exec(file);
        if (!match) return [`${file} is outside the layout`];
        if (match[1] && !moduleNames.includes(match[1]))
          return [`${file}: features/${match[1]} is not a module`];
        return [];
      }),
    antdInAdminOnly: (files: WebFile[]) =>
      files
        .filter(({ file, statics, dynamics }) =>
          [...statics, ...dynamics].some(isAntd) ? !ADMIN.test(file) : false,
        )
        .map(({ file }) => `${file} imports antd outside an admin folder`),
    // A public file importing an admin one would bring antd to a visitor; only the routes load
    // the back office, on demand.
    publicNeverLoadsAdmin: (files: WebFile[]) =>
      files
        .filter(({ file }) => !ADMIN.test(file))
        .flatMap(({ file, statics, dynamics }) =>
          [
            ...statics.map((spec) => ({ spec, lazy: false })),
            ...dynamics.map((spec) => ({ spec, lazy: true })),
          ]
            .filter(({ spec }) => spec.startsWith('.') && ADMIN.test(target(file, spec)))
            .filter(({ lazy }) => !(lazy && file === 'routes.tsx'))
            .map(({ spec }) => `${file} imports ${spec}`),
        ),
  };

  it('never imports server code: only contracts, presentation helpers, site data and browser packages', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(web)) {
      if (file.endsWith('.test.ts')) continue;
      for (const spec of importsOf(file)) {
        const ok =
          spec.startsWith('.') ||
          BROWSER_PACKAGES.test(spec) ||
          (spec.startsWith('@kw/') &&
            (spec.endsWith('/contract') || spec.endsWith('/presentation') || spec === '@kw/site'));
        if (!ok) problems.push(`${path.relative(root, file)} imports ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps each file in its place: shared frames, and features named after modules', () => {
    const files = webFiles();
    expect(files.some((f) => f.file.startsWith('features/'))).toBe(true);
    expect(rules.place(files)).toEqual([]);
  });

  it('imports antd only in admin folders, never in public ones', () => {
    const files = webFiles();
    expect(
      files.filter((f) => ADMIN.test(f.file) && f.statics.some(isAntd)).length,
    ).toBeGreaterThan(5);
    expect(rules.antdInAdminOnly(files)).toEqual([]);
  });

  it('never loads an admin file from outside the back office, but for the routes on demand', () => {
    expect(rules.publicNeverLoadsAdmin(webFiles())).toEqual([]);
  });

  it('self-check: each rule fails on a known-bad sample and passes the good one', () => {
    const f = (file: string, statics: string[] = [], dynamics: string[] = []): WebFile => ({
      file,
      statics,
      dynamics,
    });
    const bad: [keyof typeof rules, WebFile][] = [
      ['place', f('components/Button.tsx')],
      ['place', f('features/blog/BlogManager.tsx')],
      ['place', f('features/blogs/public/BlogListPage.tsx')],
      ['place', f('features/blog/administration/BlogManager.tsx')],
      ['place', f('shared/widgets/Card.tsx')],
      ['antdInAdminOnly', f('features/blog/public/BlogListPage.tsx', ['antd'])],
      ['antdInAdminOnly', f('shared/public/Layout.tsx', ['@ant-design/icons'])],
      ['antdInAdminOnly', f('shared/dates.ts', [], ['antd/es/button'])],
      ['antdInAdminOnly', f('features/blog/api.ts', ['antd'])],
      ['antdInAdminOnly', f('features/admin-blog/public/Page.tsx', ['antd'])],
      ['publicNeverLoadsAdmin', f('features/blog/public/BlogListPage.tsx', ['../admin/Row.tsx'])],
      ['publicNeverLoadsAdmin', f('shared/public/Layout.tsx', [], ['../admin/AdminApp.tsx'])],
      ['publicNeverLoadsAdmin', f('routes.tsx', ['./shared/admin/AdminApp.tsx'])],
      ['publicNeverLoadsAdmin', f('entry-client.tsx', ['./shared/admin/admin.css'])],
      ['publicNeverLoadsAdmin', f('features/blog/api.ts', ['../../shared/admin/upload.ts'])],
    ];
    for (const [rule, sample] of bad)
      expect(rules[rule]([sample]), `${rule}: ${sample.file}`).toHaveLength(1);
    const good = [
      f('routes.tsx', [], ['./shared/admin/AdminApp.tsx']),
      f('features/blog/admin/BlogManager.tsx', ['antd', '../api.ts', '../../../shared/admin/x.ts']),
      f('features/case-studies/public/CaseStudyPage.tsx', ['../../../shared/public/Modal.tsx']),
      f('features/site/public/pages/HomePage.tsx'),
      f('shared/admin/AdminApp.tsx', ['@ant-design/icons']),
      f('api/api.ts'),
      f('shared/dates.ts'),
    ];
    for (const rule of Object.values(rules)) expect(rule(good)).toEqual([]);
  });
});
