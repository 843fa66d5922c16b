import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { makeMissingRenditions } from '@kw/media/jobs';
import { eventually } from '@kw/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { shareImageStats } from './share-images.ts';

// Share images (og:image) and responsive images in the server-rendered pages.

// Encoding renditions takes a few seconds on a busy machine of two cores.
vi.setConfig({ testTimeout: 90_000 });

let app: TestApp;
let token: string;
beforeAll(async () => {
  // A worker that runs no job by itself: the renditions are made when the test says.
  app = await startTestApp({ web: true, worker: [] });
  token = await app.login();
});
afterAll(() => app.close());

const post = (over: Record<string, unknown> = {}) => ({
  title: 'Forecasting demand with the data you already have',
  slug: `share-${Math.random().toString(36).slice(2, 8)}`,
  content: '## Why\nBecause.',
  tags: ['ai'],
  categories: ['AI'],
  published: true,
  ...over,
});

async function createPost(over: Record<string, unknown> = {}) {
  const res = await app.fetch('/api/blog', { method: 'POST', token, json: post(over) });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; slug: string; version: number; title: string };
}

const html = async (pathname: string) => {
  const res = await app.fetch(pathname);
  expect(res.status).toBe(200);
  return res.text();
};
const meta = (page: string, property: string) =>
  page.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];
const shareDir = () => path.join(app.config.dataDir, 'share', 'posts');

describe('share images', () => {
  it('is a 1200×630 PNG card, named in og:image and twitter:image with its size and type', async () => {
    const p = await createPost();
    const page = await html(`/blog/${p.slug}`);
    const image = meta(page, 'og:image');
    expect(image).toBe(`https://www.example.ca/share/posts/${p.slug}?v=${p.version}`);
    expect(meta(page, 'twitter:image')).toBe(image);
    expect(meta(page, 'og:image:width')).toBe('1200');
    expect(meta(page, 'og:image:height')).toBe('630');
    expect(meta(page, 'og:image:type')).toBe('image/png');
    const res = await app.fetch(new URL(image!).pathname + new URL(image!).search);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const info = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(info).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('is made once per version, and made anew (the old one dropped) when the title changes', async () => {
    const p = await createPost({ title: 'A first title' });
    const first = await app.fetch(`/share/posts/${p.slug}`);
    const bytes = Buffer.from(await first.arrayBuffer());
    const made = shareImageStats.made;
    const [file] = readdirSync(shareDir()).filter((n) => n.startsWith(p.id));
    const mtime = statSync(path.join(shareDir(), file!)).mtimeMs;

    const again = await app.fetch(`/share/posts/${p.slug}`);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(shareImageStats.made).toBe(made);
    expect(statSync(path.join(shareDir(), file!)).mtimeMs).toBe(mtime);

    const res = await app.fetch(`/api/blog/${p.id}`, {
      method: 'PUT',
      token,
      json: post({ slug: p.slug, title: 'A second, different title', version: p.version }),
    });
    expect(res.status).toBe(200);
    const changed = Buffer.from(await (await app.fetch(`/share/posts/${p.slug}`)).arrayBuffer());
    expect(changed.equals(bytes)).toBe(false);
    expect(shareImageStats.made).toBe(made + 1);
    const files = readdirSync(shareDir()).filter((n) => n.startsWith(p.id));
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(file);
  });

  it('answers 404 for a draft, an unknown item or kind; a job has its card too', async () => {
    const draft = await createPost({ published: false });
    expect((await app.fetch(`/share/posts/${draft.slug}`)).status).toBe(404);
    expect((await app.fetch('/share/posts/no-such-post')).status).toBe(404);
    expect((await app.fetch('/share/pages/home')).status).toBe(404);
    const category = await (
      await app.fetch('/api/job-categories', {
        method: 'POST',
        token,
        json: { name: 'Engineering', description: 'Builders', isActive: true },
      })
    ).json();
    const job = await (
      await app.fetch('/api/jobs', {
        method: 'POST',
        token,
        json: {
          title: 'Data Engineer',
          description: 'Build data pipelines for manufacturers across Waterloo Region.',
          categoryId: category.id,
          location: 'Kitchener, ON',
          isPublished: true,
        },
      })
    ).json();
    expect(job.id).toBeDefined();
    const res = await app.fetch(`/share/careers/${job.id}`);
    expect(res.status).toBe(200);
    const info = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(info).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });
});

/** A photograph-like JPEG: blurred noise. */
const photo = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#4a7',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .blur(4)
    .jpeg({ quality: 85 })
    .toBuffer();

describe('responsive images', () => {
  it('shows an uploaded featured image as a <picture> with srcset, sizes and its size, once its renditions exist', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await photo(1700, 900))]), 'photo.jpg');
    const upload = await app.fetch('/api/media/upload', { method: 'POST', token, body: form });
    const image = (await upload.json()) as { url: string; filename: string };
    const older = await createPost({ featuredImage: image.url, title: 'The older post' });
    const p = await createPost({ featuredImage: image.url });

    // Before the worker has made the renditions: a plain image (and the page is kept).
    const before = await html(`/blog/${p.slug}`);
    expect(before).toContain(`src="${image.url}"`);
    expect(before).not.toContain('srcSet');
    expect(before).not.toMatch(/srcset=/);

    expect(await makeMissingRenditions(app.worker!.context)).toBe(1);

    // The kept page is stale now: the renditions moved the media library's revision (the
    // worker's commit reaches the API by its NOTIFY, a moment later).
    const page = await eventually(async () => {
      const text = await html(`/blog/${p.slug}`);
      return text.includes('<picture>') && text;
    }, 10_000);
    const stem = image.filename.replace(/\.jpg$/, '');
    expect(page).toContain('<picture><source type="image/avif"');
    expect(page).toContain(
      `<source type="image/avif" srcSet="/media/renditions/${stem}-400w.avif 400w, /media/renditions/${stem}-800w.avif 800w, /media/renditions/${stem}-1200w.avif 1200w, /media/renditions/${stem}-1600w.avif 1600w" sizes="`,
    );
    expect(page).toContain(
      `<source type="image/webp" srcSet="/media/renditions/${stem}-400w.webp 400w`,
    );
    expect(page).toMatch(
      new RegExp(
        `<img class="post-image" src="${image.url}" alt="" width="1700" height="900" fetchPriority="high"/>`,
      ),
    );
    // Its share image is the photograph, cropped to 1200×630.
    expect(meta(page, 'og:image:type')).toBe('image/jpeg');
    const share = await app.fetch(`/share/posts/${p.slug}`);
    expect(share.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await share.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });

    // The list: the first card's image loads at once and first, the others lazily.
    const list = await html('/blog');
    const cards = [...list.matchAll(/<img class="card-image"[^>]*>/g)].map((m) => m[0]);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain('fetchPriority="high"');
    expect(cards[0]).not.toContain('loading="lazy"');
    expect(cards[1]).toContain('loading="lazy"');
    expect(list).toContain(`/media/renditions/${stem}-400w.avif 400w`);
    void older;
  });
});
