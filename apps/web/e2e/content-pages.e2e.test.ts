import { eventually } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// The public content pages as a crawler sees them: server-rendered HTML, its cache, 404s.

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
    json: { content: '# Intro\nHello\n\n## Details\nMore.', published: true, ...body },
  });
  expect(res.status).toBe(201);
  return res.json();
}

const html = async (path: string) => {
  const res = await app.fetch(path);
  return { status: res.status, text: await res.text(), cache: res.headers.get('x-page-cache') };
};

describe('blog pages on the server', () => {
  it('renders a published post with its content, anchors, SEO title, description and Article JSON-LD', async () => {
    await createPost({
      title: 'Rendered Post',
      slug: 'rendered-post',
      seoTitle: 'The SEO Title',
      seoDescription: 'The SEO description.',
      tags: ['ai'],
      categories: ['News'],
    });
    const page = await html('/blog/rendered-post');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>The SEO Title | Grand River Digital</title>');
    expect(page.text).toContain('content="The SEO description."');
    expect(page.text).toContain('href="https://www.example.ca/blog/rendered-post"');
    expect(page.text).toContain('<h1 id="intro">Intro</h1>');
    expect(page.text).toContain('href="#details"');
    expect(page.text).toContain('"@type":"Article"');
    expect(page.text).toMatch(/1(<!-- -->)? min read/);
    // the alias renders the same post
    expect((await html('/blogs/rendered-post')).text).toContain('<h1 id="intro">Intro</h1>');
  });

  it("describes a post with no excerpt and no SEO description by its content's first words, as its card and the feed do", async () => {
    await createPost({
      title: 'Plain Post',
      slug: 'plain-post',
      content: '## Why\nBefore any model, there is **data**. <script>alert(1)</script>',
    });
    const page = await html('/blog/plain-post');
    expect(page.text).toContain(
      '<meta name="description" content="Why Before any model, there is data....">',
    );
    expect(page.text).toContain(
      '<meta property="og:description" content="Why Before any model, there is data....">',
    );
  });

  it('answers a missing post and a draft with the Blog Post Not Found page and status 404', async () => {
    await createPost({ title: 'Hidden Draft Title', slug: 'hidden-draft', published: false });
    for (const path of ['/blog/hidden-draft', '/blog/never-written']) {
      const page = await html(path);
      expect(page.status).toBe(404);
      expect(page.text).toContain('Blog Post Not Found');
      expect(page.text).toContain(
        'The blog post you&#x27;re looking for doesn&#x27;t exist or has been moved.',
      );
      expect(page.text).not.toContain('Hidden Draft Title');
    }
    expect((await html('/blog')).text).not.toContain('Hidden Draft Title');
    expect((await html('/blog/rss.xml')).text).not.toContain('hidden-draft');
  });

  it('serves the list from its cache until an event changes the content, then renders afresh', async () => {
    const post = await createPost({ title: 'Cached Title', slug: 'cached-post' });
    await html('/blog');
    const again = await html('/blog');
    expect(again.cache).toBe('hit');
    expect(again.text).toContain('Cached Title');
    const put = await app.fetch(`/api/blog/${post.id}`, {
      method: 'PUT',
      token,
      json: { title: 'Renamed Title', slug: 'cached-post', content: 'x', published: true },
    });
    expect(put.status).toBe(200);
    const after = await html('/blog');
    expect(after.cache).toBe('miss');
    expect(after.text).toContain('Renamed Title');
    expect(after.text).not.toContain('Cached Title');
    const detail = await html('/blog/cached-post');
    expect(detail.text).toContain('Renamed Title');
    await app.fetch(`/api/blog/${post.id}`, { method: 'DELETE', token });
    expect((await html('/blog/cached-post')).status).toBe(404);
    expect((await html('/blog')).text).not.toContain('Renamed Title');
  });

  it('loads the first card image at once and first, the others lazily; links say where they go', async () => {
    // the newest posts, Pictured 1 first in the list: a millisecond or two after the newest so far
    const listed = (await (await app.fetch('/api/blog')).json()) as { publishedAt: string }[];
    const newest = Math.max(...listed.map((p) => Date.parse(p.publishedAt)));
    for (const n of [2, 1])
      await createPost({
        title: `Pictured ${n}`,
        slug: `pictured-${n}`,
        featuredImage: `/media/pictured-${n}.png`,
        publishedAt: new Date(newest + 3 - n).toISOString(),
      });
    // Due at once, or within those milliseconds.
    const { text } = await eventually(async () => {
      const page = await html('/blog');
      return page.text.includes('Pictured 1') && page.text.includes('Pictured 2') && page;
    });
    const images = [...text.matchAll(/<img class="card-image"[^>]*>/g)].map((m) => m[0]);
    expect(images[0]).toContain('src="/media/pictured-1.png"');
    expect(images[0]?.toLowerCase()).toContain('fetchpriority="high"'); // HTML attributes ignore case
    expect(images[0]).not.toContain('loading="lazy"');
    for (const later of images.slice(1)) expect(later).toContain('loading="lazy"');
    // 'Read More' carries the title for screen readers and crawlers, hidden from sight
    expect(text).toMatch(/Read More<span class="visually-hidden">: (<!-- -->)?Pictured 1<\/span>/);
  });

  it('shows a scheduled post once its time comes, though the list was cached before', async () => {
    await createPost({
      title: 'Scheduled Arrival',
      slug: 'scheduled-arrival',
      // Far enough ahead for the three requests below on a busy machine; the poll waits for it.
      publishedAt: new Date(Date.now() + 5000).toISOString(),
    });
    await html('/blog');
    expect((await html('/blog')).text).not.toContain('Scheduled Arrival');
    expect((await html('/blog/scheduled-arrival')).status).toBe(404);
    // The server's clock decides; the page follows as soon as the time comes.
    await eventually(async () => (await html('/blog')).text.includes('Scheduled Arrival'), 20_000);
    expect((await html('/blog/scheduled-arrival')).status).toBe(200);
  });
});

describe('case-study pages on the server', () => {
  it('renders a case study with its h2-h4 contents and the experts link; a draft is 404', async () => {
    for (const [slug, published] of [
      ['public-study', true],
      ['draft-study', false],
    ] as const) {
      const res = await app.fetch('/api/case-studies', {
        method: 'POST',
        token,
        json: {
          title: `Study ${slug}`,
          slug,
          content: '<h2>Challenge</h2><p>a</p><h3>Detail</h3><h5>Deep</h5>',
          industry: 'Energy',
          clientName: 'Watt Co',
          results: 'Line one\nLine two',
          published,
        },
      });
      expect(res.status).toBe(201);
    }
    const page = await html('/case-studies/public-study');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h2 id="challenge">Challenge</h2>');
    expect(page.text).toContain('href="#detail"');
    expect(page.text).not.toContain('href="#deep"'); // h5 is not in the case-study contents
    expect(page.text).toContain('Talk to our experts');
    expect(page.text).toContain('Results &amp; Impact');
    const list = await html('/case-studies');
    expect(list.text).toContain('Study public-study');
    expect(list.text).not.toContain('Study draft-study');
    expect(list.text).toContain('All Industries');
    const missing = await html('/case-studies/draft-study');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Case Study Not Found');
  });
});
