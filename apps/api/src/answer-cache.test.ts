import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getAsSent } from '@kw/platform/testing';
import { describe, expect, it } from 'vitest';
import {
  AnswerCache,
  notModified,
  preferredEncoding,
  sendAnswer,
  storeAnswer,
} from './answer-cache.ts';

describe('answers kept as bytes', () => {
  it('picks brotli, else gzip, else the plain bytes; q=0 refuses an encoding', () => {
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding('*')).toBe('br');
  });

  it('compresses once into each form, each with its own strong ETag', async () => {
    const answer = await storeAnswer(200, { 'Content-Type': 'text/plain' }, 'hello '.repeat(100));
    expect(gunzipSync(answer.forms.gzip.body).toString()).toBe('hello '.repeat(100));
    const tags = Object.values(answer.forms).map((f) => f.etag);
    expect(new Set(tags).size).toBe(3);
    expect(notModified(answer.forms.br.etag, answer.forms.br.etag)).toBe(true);
    expect(notModified(`"x", W/${answer.forms.br.etag}`, answer.forms.br.etag)).toBe(true);
    expect(notModified('*', answer.forms.br.etag)).toBe(true);
    expect(notModified(answer.forms.gzip.etag, answer.forms.br.etag)).toBe(false);
    expect(notModified(undefined, answer.forms.br.etag)).toBe(false);
  });

  it('keeps the most recently used answers within its byte budget; pinned ones stay', async () => {
    const answer = await storeAnswer(200, {}, 'x'.repeat(1000));
    const cache = new AnswerCache<{ answer: typeof answer }>(answer.bytes * 4 + 10);
    cache.set('pinned', { answer }, { pin: true });
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, { answer });
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('e', { answer }); // b goes
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd', 'e', 'pinned'].every((k) => cache.get(k))).toBe(true);
    expect(cache.size).toEqual({ bytes: answer.bytes * 4, answers: 4, pinned: 1 });
    // One answer never takes more than a quarter of the budget.
    const big = await storeAnswer(200, {}, Buffer.alloc(answer.bytes * 2, 1));
    cache.set('big', { answer: big });
    expect(cache.get('big')).toBeUndefined();
  });

  it('answers with a quick brotli at once, then the smallest; a client holding the quick one still gets a 304', async () => {
    const page = `<p>${'Grand River Digital builds software. '.repeat(400)}</p>`;
    const answer = await storeAnswer(200, { 'Content-Type': 'text/html' }, page);
    const server = http.createServer((req, res) => sendAnswer(req, res, answer, []));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const get = async (headers: Record<string, string>) => {
      const res = await getAsSent(url, headers);
      return { status: res.status, etag: res.headers.etag, body: res.body };
    };
    try {
      const quick = answer.forms.br;
      await answer.smallest;
      const smallest = answer.forms.br;
      expect(brotliDecompressSync(quick.body).toString()).toBe(page);
      expect(brotliDecompressSync(smallest.body).toString()).toBe(page);
      expect(smallest.body.length).toBeLessThan(quick.body.length);
      expect(smallest.etag).not.toBe(quick.etag);

      const now = await get({ 'accept-encoding': 'br' });
      expect(now.status).toBe(200);
      expect(now.etag).toBe(smallest.etag);
      expect(now.body.equals(smallest.body)).toBe(true);
      // The quick bytes decode to the same page: still good, and said so under their own tag.
      const held = await get({ 'accept-encoding': 'br', 'if-none-match': quick.etag });
      expect(held).toMatchObject({ status: 304, etag: quick.etag });
      expect(await get({ 'accept-encoding': 'br', 'if-none-match': smallest.etag })).toMatchObject({
        status: 304,
        etag: smallest.etag,
      });
      // Another form's tag is not this one's.
      expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': quick.etag })).status).toBe(
        200,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
