import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { ANALYTICS_RATE_LIMIT } from './routes.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function allEvents(type: string) {
  return (await app.db('events').where({ type })) as {
    stream_id: string;
    version: number;
    data: Record<string, unknown>;
  }[];
}

describe('POST /api/analytics/events', () => {
  it('records a page view with its UTM parameters, the user agent and the IP, in a stream of its own', async () => {
    const res = await app.fetch('/api/analytics/events', {
      method: 'POST',
      json: {
        kind: 'page_view',
        path: '/services',
        referrer: 'https://www.google.com/',
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'spring',
      },
      headers: { 'user-agent': 'Mozilla/5.0 Test', 'x-forwarded-for': '24.114.0.9' },
    });
    expect(res.status).toBe(204);
    const [row] = await allEvents('PageViewed');
    expect(row!.stream_id).toMatch(/^analytics:[0-9a-f-]{36}$/);
    expect(row!.data).toEqual({
      path: '/services',
      referrer: 'https://www.google.com/',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
      userAgent: 'Mozilla/5.0 Test',
      ipAddress: expect.any(String),
    });
  });

  it('records a named event with category, action, label, value and path', async () => {
    const res = await app.fetch('/api/analytics/events', {
      method: 'POST',
      json: {
        kind: 'event',
        category: 'engagement',
        action: 'service_interest',
        label: 'ai-solutions',
        path: '/contact',
      },
    });
    expect(res.status).toBe(204);
    const rows = await allEvents('AnalyticsEventRecorded');
    expect(rows.map((r) => r.data)).toContainEqual({
      category: 'engagement',
      action: 'service_interest',
      label: 'ai-solutions',
      value: null,
      path: '/contact',
    });
  });

  it('records nothing for an /admin path, even when a client sends one', async () => {
    const before = (await allEvents('PageViewed')).length;
    const res = await app.fetch('/api/analytics/events', {
      method: 'POST',
      json: { kind: 'page_view', path: '/admin/blog' },
    });
    expect(res.status).toBe(204);
    expect((await allEvents('PageViewed')).length).toBe(before);
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const before = (await app.db('events')).length;
    for (const json of [
      { kind: 'page_view' },
      { kind: 'page_view', path: 'no-slash' },
      { kind: 'event', action: 'x', path: '/' },
      { kind: 'page_view', path: `/${'x'.repeat(3000)}` },
      { kind: 'something', path: '/' },
    ]) {
      const res = await app.fetch('/api/analytics/events', { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const res = await app.fetch('/api/analytics/events', {
      method: 'POST',
      json: { kind: 'event', action: 'x', path: '/' },
    });
    expect((await res.json()).errors[0].path).toBe('category');
    expect((await app.db('events')).length).toBe(before);
  });

  it('answers 429 to a flood from one IP address, and not to another address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ANALYTICS_RATE_LIMIT.max; i++)
      statuses.push(await pageViewFrom('127.0.0.2'));
    expect(statuses.slice(0, -1).every((status) => status === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await pageViewFrom('127.0.0.3')).toBe(204);
  });
});

/** A page view sent from a loopback address of its own: the limit is per client address. */
function pageViewFrom(localAddress: string): Promise<number> {
  const body = JSON.stringify({ kind: 'page_view', path: '/' });
  return new Promise((resolve, reject) => {
    const req = request(
      `${app.url}/api/analytics/events`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
