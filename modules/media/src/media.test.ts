import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { formatFileSize } from './contract.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
});
afterAll(() => app.close());

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

function upload(
  url: string,
  field: string,
  name: string,
  bytes: Buffer,
  type = 'application/octet-stream',
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return app.fetch(url, { method: 'POST', token, body: form });
}

const storedFiles = () => readdirSync(app.config.uploadsDir).filter((f) => !f.startsWith('.'));

describe('uploads', () => {
  it('stores an image under a random name and serves it with its type, nosniff and long caching', async () => {
    const res = await upload('/api/media/upload', 'file', '../../evil name.png', PNG, 'image/png');
    expect(res.status).toBe(201);
    const file = await res.json();
    expect(file).toMatchObject({
      originalName: 'evil name.png',
      mimetype: 'image/png',
      size: PNG.length,
    });
    expect(file.filename).toMatch(/^[a-z0-9]+-[0-9a-f]{24}\.png$/);
    expect(file.url).toBe(`/media/${file.filename}`);
    const served = await app.fetch(file.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const list = await (await app.fetch('/api/media', { token })).json();
    expect(list[0]).toMatchObject({ filename: file.filename, url: file.url });
  });

  it("accepts the editors' fields file and image on /api/upload", async () => {
    const a = await upload('/api/upload', 'file', 'spec.pdf', PDF);
    expect(a.status).toBe(201);
    expect((await a.json()).mimetype).toBe('application/pdf');
    const b = await upload('/api/upload', 'image', 'pic.png', PNG);
    expect(b.status).toBe(201);
    const body = await b.json();
    expect(body.url).toMatch(/^\/media\/.+\.png$/);
    expect(body.originalName).toBe('pic.png');
  });

  it('refuses a disguised executable with 415 and keeps nothing', async () => {
    const before = storedFiles().length;
    const res = await upload('/api/media/upload', 'file', 'invoice.pdf', ELF, 'application/pdf');
    expect(res.status).toBe(415);
    expect((await res.json()).message).toMatch(/^Unsupported file type/);
    expect(storedFiles().length).toBe(before);
    expect(readdirSync(path.join(app.config.uploadsDir, '.incoming'))).toEqual([]);
  });

  it('refuses types the uploader does not accept: a PDF as a case-study image, an SVG', async () => {
    expect((await upload('/api/upload?kind=image', 'image', 'a.pdf', PDF)).status).toBe(415);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect((await upload('/api/media/upload', 'file', 'a.svg', svg, 'image/svg+xml')).status).toBe(
      415,
    );
  });

  it('refuses an image over 10 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await upload('/api/media/upload', 'file', 'big.png', big);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('File too large: images may be at most 10 MB.');
    const viaEditor = await upload('/api/upload?kind=image', 'image', 'big.png', big);
    expect(viaEditor.status).toBe(413);
  });

  it('answers 400 to two files in one request, keeping neither', async () => {
    const before = storedFiles().length;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    form.append('file', new Blob([new Uint8Array(PNG)]), 'b.png');
    const res = await app.fetch('/api/media/upload', { method: 'POST', token, body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Send one file per request');
    expect(storedFiles().length).toBe(before);
    expect(readdirSync(path.join(app.config.uploadsDir, '.incoming'))).toEqual([]);
  });

  it('answers 415 to a JSON body at once, leaving no folder behind', async () => {
    const incoming = () => {
      const dir = path.join(app.config.uploadsDir, '.incoming');
      return existsSync(dir) ? readdirSync(dir) : [];
    };
    for (const [url, json] of [
      ['/api/media/upload', { a: 1 }],
      ['/api/upload', []],
    ] as const) {
      const res = await app.fetch(url, { method: 'POST', token, json });
      expect(res.status).toBe(415);
      expect((await res.json()).message).toBe('Send the file as multipart/form-data.');
    }
    expect(incoming()).toEqual([]);
  });

  it('answers 400 when no file is sent', async () => {
    const form = new FormData();
    form.append('note', 'hello');
    const res = await app.fetch('/api/media/upload', { method: 'POST', token, body: form });
    expect(res.status).toBe(400);
  });
});

describe('deleting media', () => {
  it('deletes the record and the file', async () => {
    const file = await (await upload('/api/media/upload', 'file', 'x.png', PNG)).json();
    const res = await app.fetch(`/api/media/${file.filename}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect(existsSync(path.join(app.config.uploadsDir, file.filename))).toBe(false);
    expect((await app.fetch(file.url)).status).toBe(404);
    expect(
      (await app.fetch(`/api/media/${file.filename}`, { method: 'DELETE', token })).status,
    ).toBe(404);
  });

  it.each(['..%2F..%2Fjwt-secret', '..', '.incoming', '%2Fetc%2Fpasswd', 'a%5C..%5Cb.png'])(
    'refuses the name %s',
    async (name) => {
      const res = await app.fetch(`/api/media/${name}`, { method: 'DELETE', token });
      expect([400, 404]).toContain(res.status);
    },
  );

  it('never serves files outside the uploads folder', async () => {
    for (const p of ['/media/..%2Fjwt-secret', '/media/%2e%2e/jwt-secret', '/media/.incoming']) {
      const res = await app.fetch(p);
      expect([400, 403, 404]).toContain(res.status);
    }
  });
});

describe('sizes', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
