import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { loggedUrl } from './request-log.ts';
import { type RunningApi, startApi } from './server.ts';

// One line per request at info, without headers; static files and answers from memory quieter.

let app: TestApp;
let api: RunningApi;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  app = await startTestApp();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  api = await startApi(app.config, app.dbUrl, pino({ level: 'info' }, sink), { web: false });
});
afterAll(async () => {
  await api?.close();
  await app.close();
});

const requestLines = (url: string) =>
  lines.filter((l) => (l.req as { url?: string } | undefined)?.url === url);

describe('request logs', () => {
  it('say method, URL, status, time and request id at info, and no header', async () => {
    const res = await fetch(`${api.url}/api/does-not-exist`, {
      headers: { authorization: 'Bearer secret-token', cookie: 'a=b', 'x-request-id': 'log-1' },
    });
    expect(res.status).toBe(404);
    await res.text();
    const [line] = requestLines('/api/does-not-exist');
    expect(line).toMatchObject({
      level: 30,
      reqId: 'log-1',
      req: { method: 'GET', url: '/api/does-not-exist' },
      res: { statusCode: 404 },
    });
    expect(line!.responseTime).toBeTypeOf('number');
    expect(JSON.stringify(line)).not.toMatch(/secret-token|cookie|user-agent|headers/i);
  });

  it("leave out a query's values, but for parameters that name no one: an address looked up must not outlive its erasure in a log", async () => {
    const res = await fetch(
      `${api.url}/api/privacy/search?email=ada%40example.ca&utm_source=linkedin`,
    );
    await res.text();
    const [line] = requestLines('/api/privacy/search?email=…&utm_source=linkedin');
    expect(line).toMatchObject({ req: { method: 'GET' }, res: { statusCode: 401 } });
    expect(JSON.stringify(lines)).not.toMatch(/ada(%40|@)example/);
    expect(loggedUrl('/blog?published=true&q=Jane+Doe&flag')).toBe('/blog?published=true&q=…&flag');
    expect(loggedUrl('/contact')).toBe('/contact');
    expect(loggedUrl('/ada@example.ca?ada%40example.ca&flag')).toBe('/…?…&flag');
    expect(loggedUrl('/ada%40example.ca')).toBe('/…');
    expect(loggedUrl('/blog?%E0%A4%A')).toBe('/blog?%E0%A4%A');
  });

  it('leave static files and lists answered from memory to debug', async () => {
    for (const url of [
      '/media/missing.png',
      '/api/blog?published=true',
      '/api/blog?published=true',
    ])
      await (await fetch(`${api.url}${url}`)).text();
    expect(requestLines('/media/missing.png')).toEqual([]);
    expect(requestLines('/api/blog?published=true')).toEqual([]);
  });
});
