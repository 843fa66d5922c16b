import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// Settings → Site through the API: the founder's photo set, changed, removed, refused.

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
});
afterAll(() => app.close());

const portrait = () =>
  sharp({ create: { width: 600, height: 750, channels: 3, background: '#37a' } })
    .jpeg()
    .toBuffer();

async function upload(bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await app.fetch('/api/media/upload', { method: 'POST', token, body: form });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; url: string; originalName: string };
}

const put = (json: unknown, withToken = true) =>
  app.fetch('/api/site/founder-photo', {
    method: 'PUT',
    json,
    ...(withToken ? { token } : {}),
  });
const current = async () => (await (await app.fetch('/api/site/founder-photo')).json()).photo;

describe("the founder's photo (Settings → Site)", () => {
  it('is none at first: anyone may read that (the about page shows the initials)', async () => {
    const res = await app.fetch('/api/site/founder-photo');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ photo: null });
  });

  it('is set to an image of the media library, changed, and removed', async () => {
    const first = await upload(await portrait(), 'daniel.jpg');
    const set = await put({ mediaId: first.id });
    expect(set.status).toBe(200);
    const expected = { mediaId: first.id, url: first.url, originalName: 'daniel.jpg', image: null };
    expect(await set.json()).toEqual({ photo: expected });
    expect(await current()).toEqual(expected);

    // The same again: nothing new in the log.
    const events = await app.db('events').where({ stream_id: 'site-settings:founder-photo' });
    expect((await put({ mediaId: first.id })).status).toBe(200);
    expect(await app.db('events').where({ stream_id: 'site-settings:founder-photo' })).toHaveLength(
      events.length,
    );

    const second = await upload(await portrait(), 'daniel-2025.jpg');
    expect((await put({ mediaId: second.id })).status).toBe(200);
    expect((await current()).url).toBe(second.url);

    const removed = await app.fetch('/api/site/founder-photo', { method: 'DELETE', token });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ photo: null });
    expect(await current()).toBeNull();
    // Removing it again is no error, and records nothing.
    expect((await app.fetch('/api/site/founder-photo', { method: 'DELETE', token })).status).toBe(
      200,
    );
    expect(
      (await app.db('events').where({ stream_id: 'site-settings:founder-photo' })).map(
        (e) => e.type,
      ),
    ).toEqual(['FounderPhotoSet', 'FounderPhotoSet', 'FounderPhotoCleared']);
  });

  it('goes when its file is deleted from the media library', async () => {
    const file = await upload(await portrait(), 'to-delete.jpg');
    expect((await put({ mediaId: file.id })).status).toBe(200);
    const name = file.url.slice('/media/'.length);
    expect((await app.fetch(`/api/media/${name}`, { method: 'DELETE', token })).status).toBe(200);
    expect(await current()).toBeNull();
  });

  it('refuses a bad media id with a 400 naming mediaId, and changes nothing', async () => {
    const file = await upload(await portrait(), 'kept.jpg');
    expect((await put({ mediaId: file.id })).status).toBe(200);
    const pdf = await upload(
      new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      'brochure.pdf',
    );
    const cases: [unknown, RegExp][] = [
      [{ mediaId: 'not-an-id' }, /^mediaId: Choose a photo from the media library/],
      [{}, /^mediaId: /],
      [
        { mediaId: '00000000-0000-4000-8000-000000000000' },
        /^mediaId: No file of the media library has this id/,
      ],
      [{ mediaId: pdf.id }, /^mediaId: brochure\.pdf is not a photo \(application\/pdf\)/],
      [{ mediaId: file.id, extra: true }, /extra/],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    expect((await current()).mediaId).toBe(file.id);
  });

  it('answers 401 to setting or removing it without signing in', async () => {
    const file = await upload(await portrait(), 'nope.jpg');
    const before = await current();
    const res = await put({ mediaId: file.id }, false);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Authentication required' });
    expect((await app.fetch('/api/site/founder-photo', { method: 'DELETE' })).status).toBe(401);
    expect(await current()).toEqual(before);
  });
});
