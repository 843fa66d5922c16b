// The bytes of an article's featured image sent to a phone, before and after responsive images
// (issue 15): `node bench/images.ts`. A photograph-sized JPEG (2400×1600, quality 85; made here,
// blurred noise, which compresses like a detailed photo) gets its renditions from the worker's
// own code (modules/media/src/renditions.ts); Debian's Chromium, as a 390-px phone, loads the
// article's image as the page writes it: before, the original in an <img>; after, the
// <picture> with the AVIF and WebP srcsets and the article's `sizes`. Prints one markdown table.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RENDITION_FORMATS, renditionSrcSet } from '@kw/media/contract';
import express from 'express';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { IMAGE_SIZES } from '../apps/web/src/shared/public/imageSizes.ts';
import { makeRenditions } from '../modules/media/src/renditions.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'kw-bench-images-'));
try {
  const original = 'photo.jpg';
  const bytes = await sharp({
    create: {
      width: 2400,
      height: 1600,
      channels: 3,
      background: '#6a8',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();
  writeFileSync(path.join(dir, original), bytes);
  const image = await makeRenditions(dir, original);
  const url = `/media/${original}`;
  const sources = RENDITION_FORMATS.map(
    (f) =>
      `<source type="image/${f}" srcset="${renditionSrcSet(url, image, f)}" sizes="${IMAGE_SIZES.article}">`,
  ).join('');
  const style =
    '<meta name="viewport" content="width=device-width, initial-scale=1"><style>body{margin:0}main{width:calc(100vw - 2rem);margin:auto}img{width:100%;height:auto}</style>';
  const pages: Record<string, string> = {
    before: `<!doctype html>${style}<main><img src="${url}" alt="" fetchpriority="high"></main>`,
    after: `<!doctype html>${style}<main><picture>${sources}<img src="${url}" alt="" width="${image.width}" height="${image.height}" fetchpriority="high"></picture></main>`,
  };
  const app = express();
  app.get('/:page', (req, res) => res.type('html').send(pages[req.params.page] ?? ''));
  app.use('/media', express.static(dir));
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const rows: string[] = [];
  try {
    for (const dpr of [3, 2, 1.75]) {
      const sizes: Record<string, { bytes: number; url: string }> = {};
      for (const page of ['before', 'after']) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: dpr,
          isMobile: true,
        });
        const tab = await context.newPage();
        let sent = { bytes: 0, url: '' };
        tab.on('response', async (response) => {
          if (!response.url().includes('/media/')) return;
          const body = await response.body();
          sent = { bytes: body.length, url: new URL(response.url()).pathname };
        });
        await tab.goto(`${base}/${page}`, { waitUntil: 'networkidle' });
        sizes[page] = sent;
        await context.close();
      }
      const before = sizes.before!;
      const after = sizes.after!;
      rows.push(
        `| 390 px × ${dpr} | ${(before.bytes / 1024).toFixed(0)} KB (${path.basename(before.url)}) | ${(after.bytes / 1024).toFixed(0)} KB (${path.basename(after.url)}) | ${((100 * after.bytes) / before.bytes).toFixed(1)} % |`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(
    '| phone (width × pixel ratio) | before: the original | after: the chosen rendition | after / before |',
  );
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
