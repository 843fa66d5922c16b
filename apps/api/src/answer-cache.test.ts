import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache, notModified, preferredEncoding, storeAnswer } from './answer-cache.ts';

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
});
