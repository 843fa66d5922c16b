import type http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createLogger } from '@kw/platform';
import { eventually, getAsSent } from '@kw/platform/testing';
import { PUBLIC_PAGE_PATHS } from '@kw/site';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { type RunningApi, startApi } from './server.ts';

// The pages and public lists kept ready to send (public-cache.ts), as a visitor, a crawler and a
// second API process on the same database see them.

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp({ web: true });
  token = await app.login();
});
afterAll(() => app.close());

async function createPost(body: Record<string, unknown>) {
  const res = await app.fetch('/api/blog', {
    method: 'POST',
    token,
    json: { content: '# Intro\nHello there.', published: true, ...body },
  });
  expect(res.status).toBe(201);
  return res.json();
}

async function updatePost(post: { id: string; slug: string }, title: string) {
  const res = await app.fetch(`/api/blog/${post.id}`, {
    method: 'PUT',
    token,
    json: { title, slug: post.slug, content: '# Intro\nHello there.', published: true },
  });
  expect(res.status).toBe(200);
}

describe('pages from memory', () => {
  it('sends the stored bytes in the form asked for, each with its strong ETag, and 304 when it still holds', async () => {
    await createPost({ title: 'Stored Bytes', slug: 'stored-bytes' });
    const url = `${app.url}/blog/stored-bytes`;
    await getAsSent(url);
    const plain = await getAsSent(url);
    expect(plain.headers['x-page-cache']).toBe('hit');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-security-policy']).toContain("script-src 'self'");
    expect(plain.headers['x-request-id']).toBeTruthy();
    const html = plain.body.toString();
    expect(html).toContain('Stored Bytes');
    // The dates it shows travel with it, as the server formatted them (for the hydration).
    expect(html).toMatch(/<script type="application\/json" id="__DATES__">\{"longDay calendar /);
    const br = await getAsSent(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gz = await getAsSent(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);
    const etags = [plain, br, gz].map((r) => r.headers.etag);
    expect(new Set(etags).size).toBe(3);
    for (const etag of etags) expect(etag).toMatch(/^"[\w-]+"$/); // strong: no W/
    const revalidated = await getAsSent(url, {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag!,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(br.headers.etag);
    // Another form's tag is not this one's.
    expect((await getAsSent(url, { 'if-none-match': br.headers.etag! })).status).toBe(200);
  });

  it('renders the marketing pages once, at start-up', async () => {
    // The privacy policy and the about page are kept too, but show settings (the retention
    // periods, the founder's photo): they are made again when those change, so not pinned.
    const settings = ['/privacy-policy', '/about'];
    const marketing = PUBLIC_PAGE_PATHS.filter(
      (p) => !['/blog', '/case-studies', '/careers', ...settings].includes(p),
    );
    await eventually(async () => app.api.cache.size.pinned === marketing.length, 20_000);
    for (const path of [...marketing, ...settings])
      expect((await getAsSent(`${app.url}${path}`)).headers['x-page-cache'], path).toBe('hit');
  });

  it('renders with the modules queried in its own process: no request to itself', async () => {
    await createPost({ title: 'No Loopback', slug: 'no-loopback' });
    const seen: string[] = [];
    const record = (req: http.IncomingMessage) => seen.push(req.url ?? '');
    app.api.server.on('request', record);
    try {
      const page = await getAsSent(`${app.url}/blog/no-loopback`);
      expect(page.headers['x-page-cache']).toBe('miss');
      expect(page.body.toString()).toContain('No Loopback');
      const list = await getAsSent(`${app.url}/blog`);
      expect(list.body.toString()).toContain('No Loopback');
    } finally {
      app.api.server.off('request', record);
    }
    expect(seen).toEqual(['/blog/no-loopback', '/blog']);
  });

  it('keeps every public page: the second request of each comes from memory', async () => {
    await createPost({ title: 'Every Page', slug: 'every-page' });
    const study = await app.fetch('/api/case-studies', {
      method: 'POST',
      token,
      json: { title: 'Every Study', slug: 'every-study', content: '<p>x</p>', published: true },
    });
    expect(study.status).toBe(201);
    for (const path of [...PUBLIC_PAGE_PATHS, '/blog/every-page', '/case-studies/every-study']) {
      const first = await getAsSent(`${app.url}${path}`);
      expect(first.status, path).toBe(200);
      expect((await getAsSent(`${app.url}${path}`)).headers['x-page-cache'], path).toBe('hit');
    }
    // A page that is not there is not kept.
    expect((await getAsSent(`${app.url}/blog/not-written`)).status).toBe(404);
    expect(
      (await getAsSent(`${app.url}/blog/not-written`)).headers['x-page-cache'],
    ).toBeUndefined();
  });
});

describe('public lists', () => {
  it('carry only what the cards show, with the excerpt made on the server, until the content changes', async () => {
    const long = `${'Word '.repeat(100)}end`;
    const post = await createPost({
      title: 'Listed Post',
      slug: 'listed-post',
      content: `## Heading\n${long}`,
      tags: ['ai', 'erp'],
      categories: ['News'],
    });
    const first = await getAsSent(`${app.url}/api/blog?published=true`);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = JSON.parse(first.body.toString()) as Record<string, unknown>[];
    const item = list.find((p) => p.slug === 'listed-post')!;
    expect(Object.keys(item).sort()).toEqual(
      [
        'categories',
        'excerpt',
        'featuredImage',
        'featuredImageRenditions',
        'id',
        'publishedAt',
        'slug',
        'tags',
        'title',
      ].sort(),
    );
    expect(item).toMatchObject({ id: post.id, title: 'Listed Post', tags: ['ai', 'erp'] });
    expect(item.excerpt).toBe(`Heading ${long}`.slice(0, 200) + '...');
    // A visitor's request without the query gets the same fields.
    const plain = (await (await app.fetch('/api/blog')).json()) as Record<string, unknown>[];
    expect(Object.keys(plain[0]!).sort()).toEqual(Object.keys(item).sort());
    // The administrator's list has the whole posts (the manager edits them).
    const all = (await (await app.fetch('/api/blog', { token })).json()) as { content: string }[];
    expect(all[0]!.content).toBeTypeOf('string');

    const again = await getAsSent(`${app.url}/api/blog?published=true`, {
      'if-none-match': first.headers.etag!,
    });
    expect(again.status).toBe(304);
    await updatePost(post, 'Listed Post, Renamed');
    const after = await getAsSent(`${app.url}/api/blog?published=true`, {
      'if-none-match': first.headers.etag!,
    });
    expect(after.status).toBe(200);
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body.toString()).toContain('Listed Post, Renamed');
  });

  it('the case studies list: the card fields and the 150-character fallback', async () => {
    const res = await app.fetch('/api/case-studies', {
      method: 'POST',
      token,
      json: {
        title: 'Listed Study',
        slug: 'listed-study',
        content: `<h2>Challenge</h2><p>${'Text '.repeat(60)}</p>`,
        clientName: 'Acme',
        industry: 'Energy',
        technologies: ['Python'],
        tags: ['ml'],
        results: 'Better',
        published: true,
      },
    });
    expect(res.status).toBe(201);
    const list = (await (await app.fetch('/api/case-studies?published=true')).json()) as Record<
      string,
      unknown
    >[];
    const item = list.find((s) => s.slug === 'listed-study')!;
    expect(Object.keys(item).sort()).toEqual(
      [
        'clientName',
        'createdAt',
        'excerpt',
        'featuredImage',
        'featuredImageRenditions',
        'id',
        'industry',
        'projectType',
        'slug',
        'tags',
        'technologies',
        'title',
      ].sort(),
    );
    expect(item.excerpt).toBe(`Challenge ${'Text '.repeat(60)}`.slice(0, 150) + '...');
  });

  it('the jobs list: from memory for a visitor; the administrator gets the route, drafts-aware', async () => {
    const category = await app.fetch('/api/job-categories', {
      method: 'POST',
      token,
      json: { name: 'Engineering', description: 'Builders', isActive: true },
    });
    const categoryId = (await category.json()).id;
    const job = (published: boolean, isActive: boolean, title: string) =>
      app.fetch('/api/jobs', {
        method: 'POST',
        token,
        json: {
          title,
          description: 'A role that builds things for the firms of Waterloo Region, every day.',
          categoryId,
          isPublished: published,
          isActive,
        },
      });
    expect((await job(true, true, 'Open Role')).status).toBe(201);
    expect((await job(true, false, 'Closed Role')).status).toBe(201);
    const visitor = await getAsSent(`${app.url}/api/jobs?published=true`);
    const titles = (JSON.parse(visitor.body.toString()) as { title: string }[]).map((j) => j.title);
    expect(titles).toEqual(['Open Role']);
    expect((await getAsSent(`${app.url}/api/jobs?published=true`)).headers['x-page-cache']).toBe(
      'hit',
    );
    const admin = await app.fetch('/api/jobs?published=true', { token });
    expect(admin.headers.get('x-page-cache')).toBeNull();
    expect(((await admin.json()) as { title: string }[]).map((j) => j.title).sort()).toEqual([
      'Closed Role',
      'Open Role',
    ]);
    // A new job shows on the careers page at once.
    await getAsSent(`${app.url}/careers`);
    expect((await job(true, true, 'Newer Role')).status).toBe(201);
    const careers = await getAsSent(`${app.url}/careers`);
    expect(careers.headers['x-page-cache']).toBe('miss');
    expect(careers.body.toString()).toContain('Newer Role');
  });
});

describe('two API processes on one database', () => {
  let second: RunningApi;
  const logger = createLogger('silent', 'test');
  afterAll(() => second?.close());

  const page = async (api: RunningApi, path: string) =>
    (await getAsSent(`${api.url}${path}`)).body.toString();

  it("an edit through one shows at once in the other's pages, by notification", async () => {
    // Its fallback reads the revisions once a minute: only the notification can be this quick.
    second = await startApi(app.config, app.dbUrl, logger, {
      web: true,
      contentFallbackMs: 60_000,
    });
    const post = await createPost({ title: 'Shared Title', slug: 'shared-title' });
    await page(second, '/blog');
    expect(await page(second, '/blog/shared-title')).toContain('Shared Title');
    await updatePost(post, 'Edited Elsewhere');
    await eventually(async () => (await page(second, '/blog')).includes('Edited Elsewhere'), 2000);
    expect(await page(second, '/blog/shared-title')).toContain('Edited Elsewhere');
    const list = await getAsSent(`${second.url}/api/blog?published=true`);
    expect(list.body.toString()).toContain('Edited Elsewhere');
  });

  it('with its notification connection cut, the other follows within seconds, then listens again', async () => {
    await second.close();
    second = await startApi(app.config, app.dbUrl, logger, {
      web: true,
      contentFallbackMs: 500,
    });
    const post = await createPost({ title: 'Cut Title', slug: 'cut-title' });
    expect(await page(second, '/blog')).toContain('Cut Title');
    const admin = new pg.Client({ connectionString: app.dbUrl });
    await admin.connect();
    try {
      const pid = second.contentWatch.backendPid;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await eventually(
        async () => !second.contentWatch.listening || second.contentWatch.backendPid !== pid,
      );
      await updatePost(post, 'Edited While Cut');
      await eventually(
        async () => (await page(second, '/blog')).includes('Edited While Cut'),
        5000,
      );
      await eventually(async () => second.contentWatch.listening, 5000);
    } finally {
      await admin.end();
    }
  });
});
