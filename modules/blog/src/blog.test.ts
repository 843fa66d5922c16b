import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { blogModule } from './index.ts';
import {
  findPostBySlug,
  listPostSummaries,
  listPosts,
  publishedPostPaths,
  upcomingPublications,
} from './queries.ts';
import { blogRssFeed } from './rss.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
});
afterAll(() => app.close());

const post = (over: Record<string, unknown> = {}) => ({
  title: 'Hello Waterloo',
  slug: `hello-${Math.random().toString(36).slice(2, 8)}`,
  content: '# Intro\nFirst line\nsecond line\n\n## Why it matters\nBecause.',
  tags: ['ai'],
  categories: ['News'],
  published: true,
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const res = await app.fetch('/api/blog', { method: 'POST', token, json: post(over) });
  expect(res.status).toBe(201);
  return res.json();
}

describe('drafts stay private', () => {
  it('given a draft and a published post, a visitor sees only the published one, whatever the query', async () => {
    const draft = await create({ published: false, title: 'Secret draft' });
    const live = await create({ title: 'Live post' });
    for (const query of ['', '?published=false', '?published=true', '?all=1']) {
      const list = await (await app.fetch(`/api/blog${query}`)).json();
      const slugs = list.map((p: { slug: string }) => p.slug);
      expect(slugs).toContain(live.slug);
      expect(slugs).not.toContain(draft.slug);
    }
    expect((await app.fetch(`/api/blog/${draft.slug}`)).status).toBe(404);
    expect((await app.fetch('/api/blog/no-such-post')).status).toBe(404);
    // the administrator sees both
    const all = await (await app.fetch('/api/blog', { token })).json();
    expect(all.map((p: { slug: string }) => p.slug)).toEqual(
      expect.arrayContaining([draft.slug, live.slug]),
    );
    expect((await app.fetch(`/api/blog/${draft.slug}`, { token })).status).toBe(200);
    // nor the sitemap nor the feed
    const sitemap = await blogModule.sitemap!(app.db);
    expect(sitemap.map((e) => e.path)).toContain(`/blog/${live.slug}`);
    expect(sitemap.map((e) => e.path)).not.toContain(`/blog/${draft.slug}`);
    const rss = await app.fetch('/blog/rss.xml');
    expect(rss.headers.get('content-type')).toMatch(/application\/rss\+xml/);
    const xml = await rss.text();
    expect(xml).toContain(`/blog/${live.slug}`);
    expect(xml).not.toContain(draft.slug);
    expect(xml).not.toContain('Secret draft');
  });

  it('lists newest first', async () => {
    await create({ title: 'Older', publishedAt: '2020-01-01T00:00:00Z' });
    const newest = await create({ title: 'Newest' });
    const list = await (await app.fetch('/api/blog')).json();
    expect(list[0].slug).toBe(newest.slug);
    expect(list.at(-1).title).toBe('Older');
  });
});

describe('publishing', () => {
  it('dates a post at its first publication when no date is chosen, and keeps that date', async () => {
    const before = Date.now();
    const p = await create({ published: false });
    expect(p.publishedAt).toBeNull();
    const res = await app.fetch(`/api/blog/${p.id}`, {
      method: 'PUT',
      token,
      json: post({ slug: p.slug, published: true }),
    });
    const published = await res.json();
    expect(Date.parse(published.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    const again = await (
      await app.fetch(`/api/blog/${p.id}`, {
        method: 'PUT',
        token,
        json: post({ slug: p.slug, published: false }),
      })
    ).json();
    const back = await (
      await app.fetch(`/api/blog/${p.id}`, {
        method: 'PUT',
        token,
        json: post({ slug: p.slug, published: true }),
      })
    ).json();
    expect(again.published).toBe(false);
    expect(back.publishedAt).toBe(published.publishedAt);
  });

  it('given a published post dated in the future, it stays hidden until then and then appears by itself', async () => {
    const at = new Date(Date.now() + 60 * 60_000);
    const p = await create({ title: 'Scheduled', publishedAt: at.toISOString() });
    expect((await app.fetch(`/api/blog/${p.slug}`)).status).toBe(404);
    const list = await (await app.fetch('/api/blog')).json();
    expect(list.map((x: { slug: string }) => x.slug)).not.toContain(p.slug);
    expect((await blogModule.sitemap!(app.db)).map((e) => e.path)).not.toContain(`/blog/${p.slug}`);
    expect(await (await app.fetch('/blog/rss.xml')).text()).not.toContain(p.slug);
    // The rule reads the clock at each read: at its time the same reads show it, untouched.
    const before = new Date(at.getTime() - 1000);
    const after = new Date(at.getTime() + 1000);
    expect(await findPostBySlug(app.db, p.slug, 'public', before)).toBeUndefined();
    expect(await findPostBySlug(app.db, p.slug, 'public', after)).toMatchObject({ id: p.id });
    expect((await listPosts(app.db, 'public', after)).map((x) => x.slug)).toContain(p.slug);
    expect((await publishedPostPaths(app.db, after)).map((x) => x.slug)).toContain(p.slug);
    const site = { publicUrl: app.config.publicUrl, name: 'Site', description: 'About' };
    expect(await blogRssFeed(app.db, site, before)).not.toContain(p.slug);
    expect(await blogRssFeed(app.db, site, after)).toContain(p.slug);
    expect((await listPostSummaries(app.db, before)).map((x) => x.slug)).not.toContain(p.slug);
    expect((await listPostSummaries(app.db, after)).map((x) => x.slug)).toContain(p.slug);
    // The page cache learns when it comes due, so no stale list page is served after.
    expect(await upcomingPublications(app.db, before)).toContainEqual(at);
    expect(await upcomingPublications(app.db, after)).not.toContainEqual(at);
  });
});

describe('editing', () => {
  it('refuses a stale version with 409 and keeps the newer edit', async () => {
    const p = await create();
    const first = await app.fetch(`/api/blog/${p.id}`, {
      method: 'PUT',
      token,
      json: post({ slug: p.slug, title: 'Edit one', version: p.version }),
    });
    expect(first.status).toBe(200);
    const stale = await app.fetch(`/api/blog/${p.id}`, {
      method: 'PUT',
      token,
      json: post({ slug: p.slug, title: 'Edit two', version: p.version }),
    });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toMatch(/Reload/);
    const now = await (await app.fetch(`/api/blog/${p.slug}`)).json();
    expect(now.title).toBe('Edit one');
    // without a version the spec's call still works
    const plain = await app.fetch(`/api/blog/${p.id}`, {
      method: 'PUT',
      token,
      json: post({ slug: p.slug, title: 'Edit three' }),
    });
    expect(plain.status).toBe(200);
  });

  it('keeps slugs unique with a clear 409', async () => {
    const p = await create();
    const res = await app.fetch('/api/blog', {
      method: 'POST',
      token,
      json: post({ slug: p.slug }),
    });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      `A blog post with the slug "${p.slug}" already exists. Choose another slug.`,
    );
  });

  it('names each missing required field with the spec message and stores nothing', async () => {
    const before = (await (await app.fetch('/api/blog', { token })).json()).length;
    const res = await app.fetch('/api/blog', {
      method: 'POST',
      token,
      json: { title: ' ', content: '' },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'Title is required' },
        { path: 'slug', message: 'Slug is required' },
        { path: 'content', message: 'Content is required' },
      ]),
    );
    expect((await (await app.fetch('/api/blog', { token })).json()).length).toBe(before);
  });

  it('accepts only a path or an http(s) address as the featured image', async () => {
    for (const featuredImage of [
      'javascript:alert(1)',
      'data:image/png;base64,xx',
      '//evil.example/x.png',
    ]) {
      const res = await app.fetch('/api/blog', {
        method: 'POST',
        token,
        json: post({ featuredImage }),
      });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual([
        { path: 'featuredImage', message: 'Image URL must start with / or http(s)://' },
      ]);
    }
    await create({ featuredImage: '/media/a.png' });
    await create({ featuredImage: 'https://cdn.example.com/a.png' });
  });

  it('deletes a post: gone for everyone', async () => {
    const p = await create();
    expect((await app.fetch(`/api/blog/${p.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await app.fetch(`/api/blog/${p.slug}`, { token })).status).toBe(404);
    expect((await app.fetch(`/api/blog/${p.id}`, { method: 'DELETE', token })).status).toBe(404);
  });
});

describe('rendering', () => {
  it('renders GFM with line breaks, anchored headings, reading time; scripts and handlers removed', async () => {
    const words = Array.from({ length: 401 }, () => 'word').join(' ');
    const p = await create({
      content: `# Hello, World!\nline one\nline two\n\n## What's next?\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>alert(1)</script><img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">bad</a>\n\n${words}`,
    });
    const detail = await (await app.fetch(`/api/blog/${p.slug}`)).json();
    expect(detail.html).toContain('<h1 id="hello-world">Hello, World!</h1>');
    expect(detail.html).toContain('<h2 id="whats-next">');
    expect(detail.html).toContain('line one<br />');
    expect(detail.html).toContain('<table>');
    expect(detail.html).not.toMatch(/<script|onerror|javascript:/i);
    expect(detail.html).toContain('<img loading="lazy" src="x.png" />'); // below the title
    expect(detail.headings).toEqual([
      { level: 1, text: 'Hello, World!', id: 'hello-world' },
      { level: 2, text: "What's next?", id: 'whats-next' },
    ]);
    expect(detail.readingMinutes).toBe(3); // ~413 words / 200, rounded up
  });
});

describe('a post with headings alike', () => {
  it('anchors a second heading of the same words, and one of no letters, apart: each table-of-contents entry leads to its own', async () => {
    const p = await create({ content: '## Setup\n\none\n\n## Setup\n\ntwo\n\n## ???\n\nthree' });
    const detail = await (await app.fetch(`/api/blog/${p.slug}`)).json();
    expect(detail.headings.map((h: { id: string }) => h.id)).toEqual([
      'setup',
      'setup-1',
      'section',
    ]);
    expect(detail.html).toContain('<h2 id="setup-1">Setup</h2>');
    expect(detail.html).toContain('<h2 id="section">???</h2>');
  });
});

describe('JSON importer', () => {
  const fixture = readFileSync(
    path.join(import.meta.dirname, 'fixtures/orchard-post.json'),
    'utf8',
  );

  it('previews the mapped post: alias slug, rewritten media links, picture, date, defaults', async () => {
    const res = await app.fetch('/api/blog/import/preview', {
      method: 'POST',
      token,
      json: { source: fixture },
    });
    expect(res.status).toBe(200);
    const { post: p, html } = await res.json();
    expect(p).toMatchObject({
      title: 'Five Automation Wins for Waterloo Manufacturers',
      slug: 'five-automation-wins',
      excerpt: '',
      featuredImage: '/media/blog/hero.jpg',
      published: true,
      publishedAt: '2023-05-14T13:45:00.000Z',
      readTime: '5 min read',
      tags: ['automation', 'manufacturing'],
    });
    expect(p.content).toContain('](/media/blog/line.jpg)');
    expect(html).not.toContain('<script');
  });

  it('imports once: a second import of the same source updates, never duplicates', async () => {
    const first = await app.fetch('/api/blog/import', {
      method: 'POST',
      token,
      json: { source: fixture },
    });
    expect(first.status).toBe(200);
    expect((await first.json()).created).toBe(true);
    const second = await (
      await app.fetch('/api/blog/import', { method: 'POST', token, json: { source: fixture } })
    ).json();
    expect(second.created).toBe(false);
    const all = await (await app.fetch('/api/blog', { token })).json();
    expect(all.filter((p: { slug: string }) => p.slug === 'five-automation-wins')).toHaveLength(1);
    const stored = await (await app.fetch('/api/blog/five-automation-wins')).json();
    expect(stored.html).not.toContain('<script');
  });

  it.each([
    ['{ not json', /JSON|Expected|property/],
    ['[1,2]', /^Invalid JSON format$/],
    ['{"MarkdownBodyPart":{"Markdown":"x"}}', /^Missing required field: TitlePart.Title$/],
    [
      '{"TitlePart":{"Title":"T"}}',
      /^Missing content: Either MarkdownBodyPart.Markdown or HtmlBodyPart.Html is required$/,
    ],
  ])('refuses %s with the spec message', async (source, message) => {
    for (const url of ['/api/blog/import/preview', '/api/blog/import']) {
      const res = await app.fetch(url, { method: 'POST', token, json: { source } });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
  });

  it('uses the title for the slug when there is no alias, and the HTML body', async () => {
    const source = JSON.stringify({
      TitlePart: { Title: 'HTML Only Post!' },
      HtmlBodyPart: { Html: '<p>Hi <img src="https://old.example.com/media/a.png"></p>' },
    });
    const { post: p } = await (
      await app.fetch('/api/blog/import/preview', { method: 'POST', token, json: { source } })
    ).json();
    expect(p.slug).toBe('html-only-post');
    expect(p.content).toBe('<p>Hi <img src="/media/a.png"></p>');
    expect(p.featuredImage).toBe('');
  });
});
