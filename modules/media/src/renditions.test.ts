import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { queueBacklog } from '@kw/platform';
import { eventually } from '@kw/platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { renditionName } from './contract.ts';
import { mediaEvents } from './events.ts';
import { makeMissingRenditions, makeUploadRenditions } from './jobs.ts';
import { renditionsDir } from './rendition-files.ts';

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

async function upload(app: TestApp, token: string, bytes: Buffer, name = 'photo.jpg') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await app.fetch('/api/media/upload', { method: 'POST', token, body: form });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; filename: string; url: string };
}

async function drained(app: TestApp) {
  await eventually(
    async () =>
      (await queueBacklog(app.db)) === 0 &&
      (await app.db.withSchema('pgboss').from('job').where({ state: 'active' }).first()) ===
        undefined,
    80_000,
  );
}

const renditionFiles = (app: TestApp, filename: string) => {
  const stem = filename.replace(/\.[a-z]+$/, '-');
  const dir = renditionsDir(app.config.uploadsDir);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.startsWith(stem))
        .sort()
    : [];
};

// Encoding AVIF takes a few seconds on a busy machine of two cores.
vi.setConfig({ testTimeout: 90_000 });

describe('renditions made by the worker after an upload', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    token = await app.login();
  });
  afterAll(() => app.close());

  it('makes AVIF and WebP renditions at each width up to the image, and records its size', async () => {
    const file = await upload(app, token, await photo(1700, 900));
    await drained(app);
    expect(renditionFiles(app, file.filename)).toEqual(
      [400, 800, 1200, 1600]
        .flatMap((w) => [
          renditionName(file.filename, w, 'avif'),
          renditionName(file.filename, w, 'webp'),
        ])
        .sort(),
    );
    const dir = renditionsDir(app.config.uploadsDir);
    const small = await sharp(path.join(dir, renditionName(file.filename, 400, 'avif'))).metadata();
    expect(small).toMatchObject({ width: 400, height: Math.round((900 * 400) / 1700) });
    const list = await (await app.fetch('/api/media', { token })).json();
    expect(list.find((f: { id: string }) => f.id === file.id).image).toEqual({
      width: 1700,
      height: 900,
      widths: [400, 800, 1200, 1600],
    });
    const served = await app.fetch(
      `/media/renditions/${renditionName(file.filename, 800, 'webp')}`,
    );
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/);
  });

  it('gives a small image one rendition at its own width', async () => {
    const file = await upload(app, token, await photo(300, 200));
    await drained(app);
    expect(renditionFiles(app, file.filename)).toEqual([
      renditionName(file.filename, 300, 'avif'),
      renditionName(file.filename, 300, 'webp'),
    ]);
  });

  it('is safe to run twice: the same files, one event', async () => {
    const file = await upload(app, token, await photo(900, 600));
    await drained(app);
    const ctx = app.worker!.context;
    const position = await app
      .db('events')
      .where({ stream_id: `media:${file.id}`, type: 'MediaUploaded' })
      .first('position');
    const event = mediaEvents.parse((await ctx.store.readEvents([Number(position.position)]))[0]!);
    await Promise.all([makeUploadRenditions(event, ctx), makeUploadRenditions(event, ctx)]);
    const types = await app
      .db('events')
      .where({ stream_id: `media:${file.id}` })
      .pluck('type');
    expect(types).toEqual(['MediaUploaded', 'MediaRenditionsMade']);
    expect(renditionFiles(app, file.filename)).toHaveLength(4);
    expect(
      readdirSync(renditionsDir(app.config.uploadsDir)).filter((n) => n.endsWith('.part')),
    ).toEqual([]);
  });

  it('removes the renditions with the file', async () => {
    const file = await upload(app, token, await photo(500, 500));
    await drained(app);
    expect(renditionFiles(app, file.filename)).toHaveLength(2);
    const res = await app.fetch(`/api/media/${file.filename}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect(renditionFiles(app, file.filename)).toEqual([]);
  });
});

describe('images uploaded before renditions existed', () => {
  let app: TestApp;
  beforeAll(async () => {
    // A worker without the renditions job: uploads stay as they were before this change.
    app = await startTestApp({ worker: [] });
  });
  afterAll(() => app.close());

  it("get them at the worker's start", async () => {
    const token = await app.login();
    const file = await upload(app, token, await photo(1000, 500));
    expect(renditionFiles(app, file.filename)).toEqual([]);
    const ctx = app.worker!.context;
    expect(await makeMissingRenditions(ctx)).toBe(1);
    expect(renditionFiles(app, file.filename)).toHaveLength(4);
    // Recorded: the next start has nothing to do.
    expect(await makeMissingRenditions(ctx)).toBe(0);
  });
});
