import { makeMissingRenditions } from '@kw/media/jobs';
import { eventually } from '@kw/platform/testing';
import { HtmlValidate } from 'html-validate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { founder } from './index.ts';

// The about page as the server renders it: the founder's photo of Settings → Site as a
// <picture> with srcset and sizes, or the initials; and a change shows at once, although the
// page is kept in memory (the 'site' revision moves with it).

// Encoding AVIF renditions takes a few seconds on a busy machine of two cores.
vi.setConfig({ testTimeout: 90_000 });

let app: TestApp;
let token: string;
beforeAll(async () => {
  // A worker that runs no job by itself: the renditions are made when the test says.
  app = await startTestApp({ web: true, worker: [] });
  token = await app.login();
});
afterAll(() => app.close());

async function about() {
  const res = await app.fetch('/about');
  expect(res.status).toBe(200);
  return { html: await res.text(), cache: res.headers.get('x-page-cache') };
}

const portrait = (html: string) => html.match(/<div class="card founder">(.*?)<div>/s)?.[1] ?? '';
const INITIALS = `<img src="${founder.photo}" alt="Portrait of ${founder.name}" width="160" height="160" loading="lazy" decoding="async" class="founder-photo"/>`;

// html-validate's recommended rules, relaxed only for React's own output, as for the other page
// types (apps/web/e2e/html-validate.test.ts).
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'void-style': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'attr-case': 'off',
    'valid-id': ['error', { relaxed: true }],
  },
});
async function expectValid(html: string) {
  const report = await validator.validateString(html);
  const problems = report.results.flatMap((r) =>
    r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector})`),
  );
  expect(problems).toEqual([]);
}

async function upload() {
  const bytes = await sharp({
    create: { width: 900, height: 1200, channels: 3, background: '#2a6' },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'daniel.jpg');
  const res = await app.fetch('/api/media/upload', { method: 'POST', token, body: form });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; url: string; filename: string };
}

describe("the about page's founder portrait", () => {
  it('shows the initials while no photo is set, from the page cache once made', async () => {
    const first = await about();
    expect(portrait(first.html)).toBe(INITIALS);
    expect(first.html).not.toContain('<picture');
    expect((await about()).cache).toBe('hit');
    await expectValid(first.html);
  });

  it('shows a photo at once when it is set, then as a <picture> with srcset once its renditions exist', async () => {
    const file = await upload();
    const set = await app.fetch('/api/site/founder-photo', {
      method: 'PUT',
      token,
      json: { mediaId: file.id },
    });
    expect(set.status).toBe(200);

    // The kept page is stale: the next request renders it with the photo.
    const now = await about();
    expect(now.cache).toBe('miss');
    expect(portrait(now.html)).toBe(
      `<img src="${file.url}" alt="${founder.name}" width="160" height="160" loading="lazy" decoding="async" class="founder-photo founder-photo-uploaded"/>`,
    );

    expect(await makeMissingRenditions(app.worker!.context)).toBe(1);
    // The worker is another process in production (another pool here): the API hears its commit
    // by the NOTIFY, milliseconds later.
    const page = await eventually(async () => {
      const { html } = await about();
      return html.includes('<picture class="founder-picture">') && html;
    });
    const stem = `/media/renditions/${file.filename.replace(/\.jpg$/, '')}`;
    expect(portrait(page)).toBe(
      '<picture class="founder-picture">' +
        `<source type="image/avif" srcSet="${stem}-400w.avif 400w, ${stem}-800w.avif 800w" sizes="160px"/>` +
        `<source type="image/webp" srcSet="${stem}-400w.webp 400w, ${stem}-800w.webp 800w" sizes="160px"/>` +
        `<img src="${file.url}" alt="${founder.name}" width="160" height="160" loading="lazy" decoding="async" class="founder-photo founder-photo-uploaded"/>` +
        '</picture>',
    );
    expect(page).not.toContain(founder.photo);
    // The Person of the page's structured data has the photo too.
    expect(page).toContain(`"image":"https://www.example.ca${file.url}"`);
    await expectValid(page);
    // Kept again until the next change.
    expect((await about()).cache).toBe('hit');

    // The state the browser hydrates with has it: no request for it after the page loads.
    expect(page).toContain('founderPhoto(undefined)');
  });

  it('shows the initials again when the photo is removed, or its file deleted', async () => {
    const removed = await app.fetch('/api/site/founder-photo', { method: 'DELETE', token });
    expect(removed.status).toBe(200);
    expect(portrait((await about()).html)).toBe(INITIALS);

    const file = await upload();
    await app.fetch('/api/site/founder-photo', {
      method: 'PUT',
      token,
      json: { mediaId: file.id },
    });
    expect(portrait((await about()).html)).toContain(file.url);
    const gone = await app.fetch(`/api/media/${file.filename}`, { method: 'DELETE', token });
    expect(gone.status).toBe(200);
    const page = (await about()).html;
    expect(portrait(page)).toBe(INITIALS);
    expect(page).not.toContain('"image":"https://www.example.ca/media/');
  });
});
