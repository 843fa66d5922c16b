import { randomUUID } from 'node:crypto';
import { routes } from '@kw/composition';
import { createLogger } from '@kw/platform';
import type { RouteDef } from '@kw/platform/http';
import { requestFrom } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { type RunningApi, startApi } from './server.ts';

// The client address is the socket's unless TRUST_PROXY says which proxies to believe, and
// every per-address limit counts that one address in PostgreSQL, for all API processes.
// Clients are real loopback addresses (127.0.0.2, 127.0.0.3 …), never a forged header alone.

const limited = routes.filter(
  (r): r is RouteDef & { rateLimit: NonNullable<RouteDef['rateLimit']> } => Boolean(r.rateLimit),
);

/** The route's path with its parameters filled in. */
const pathOf = (route: RouteDef) => route.path.replace(/:\w+/g, () => randomUUID());

/** One request to a limited route: an empty body, refused after the limit is counted. */
function hit(url: string, route: RouteDef, from: string, forwardedFor?: string) {
  return requestFrom(from, `${url}${pathOf(route)}`, {
    method: route.method.toUpperCase(),
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    ...(route.body ? { json: {} } : {}),
  });
}

let forged = 0;
/** A different made-up client address for each request. */
const forgedAddress = () => `198.51.100.${(forged++ % 250) + 1}, 203.0.113.${(forged % 250) + 1}`;

const contact = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.ca',
  message: 'Our point of sale and our books do not talk to each other.',
};
const contactRoute = limited.find((r) => r.path === '/api/contact')!;

describe('TRUST_PROXY unset (the default): the socket address is the client', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'none' } });
  });
  afterAll(() => app.close());

  it('the composed route table has the five kinds of per-address limits', () => {
    expect(limited.map((r) => `${r.method.toUpperCase()} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/contact',
        'POST /api/newsletter/subscribe',
        'POST /api/jobs/:jobId/apply',
        'POST /api/analytics/events',
      ]),
    );
  });

  it.each(limited.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s: a new forged X-Forwarded-For on every request still hits the limit of 127.0.0.2',
    async (_name, route) => {
      const { max, message } = route.rateLimit;
      for (let i = 0; i < max; i++) {
        const res = await hit(app.url, route, '127.0.0.2', forgedAddress());
        expect(res.status).not.toBe(429);
        expect(res.status).toBeLessThan(500);
      }
      const refused = await hit(app.url, route, '127.0.0.2', forgedAddress());
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Each route keeps its own message (JSON routes; the unsubscribe page answers HTML).
      if (message && refused.headers['content-type']?.includes('json')) {
        expect(refused.json().message).toBe(message);
      }
      // 127.0.0.3 is another client, with its own count
      expect((await hit(app.url, route, '127.0.0.3', forgedAddress())).status).not.toBe(429);
    },
  );

  it('the stored address is the socket address, whatever the header says', async () => {
    const res = await requestFrom('127.0.0.4', `${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '24.114.0.1' },
      json: contact,
    });
    expect(res.status).toBe(201);
    const row = await app.db('contact_submissions').where({ id: res.json().id }).first();
    expect(row.ip_address).toBe('127.0.0.4');
  });

  it('sign-in counts its attempts under the same address', async () => {
    const res = await requestFrom('127.0.0.7', `${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.77' },
      json: { username: 'admin', password: 'not the password' },
    });
    expect(res.status).toBe(401);
    const attempts = await app.db('login_attempts').where({ succeeded: false });
    expect(attempts.map((a) => a.ip_address)).toEqual(['127.0.0.7']);
  });

  it('two API processes on one database share the count', async () => {
    const second: RunningApi = await startApi(
      app.config,
      app.dbUrl,
      createLogger('silent', 'test'),
      {
        web: false,
      },
    );
    try {
      const { max } = contactRoute.rateLimit;
      for (let i = 0; i < max; i++) {
        const url = i % 2 === 0 ? app.url : second.url;
        expect((await hit(url, contactRoute, '127.0.0.5')).status).toBe(400);
      }
      expect((await hit(app.url, contactRoute, '127.0.0.5')).status).toBe(429);
      expect((await hit(second.url, contactRoute, '127.0.0.5')).status).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('TRUST_PROXY=1: one reverse proxy in front, its X-Forwarded-For names the client', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => app.close());

  it('counts per forwarded address: the proxy address itself is never limited', async () => {
    const { max, message } = contactRoute.rateLimit;
    for (let i = 0; i < max; i++) {
      // what the client sent first is ignored; the proxy appended the address it saw
      const res = await hit(app.url, contactRoute, '127.0.0.2', `10.9.9.${i}, 203.0.113.5`);
      expect(res.status).toBe(400);
    }
    const refused = await hit(app.url, contactRoute, '127.0.0.2', '203.0.113.5');
    expect(refused.status).toBe(429);
    expect(refused.json().message).toBe(message);
    // another visitor through the same proxy
    expect((await hit(app.url, contactRoute, '127.0.0.2', '203.0.113.6')).status).toBe(400);
  });

  it('the stored address is the forwarded one', async () => {
    const res = await requestFrom('127.0.0.2', `${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '24.114.0.1' },
      json: contact,
    });
    expect(res.status).toBe(201);
    const row = await app.db('contact_submissions').where({ id: res.json().id }).first();
    expect(row.ip_address).toBe('24.114.0.1');
  });
});

describe('TRUST_PROXY=127.0.0.1: only that proxy is believed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => app.close());

  it('a header from the proxy counts; the same header from another address is ignored', async () => {
    const { max } = contactRoute.rateLimit;
    for (let i = 0; i < max; i++) {
      expect((await hit(app.url, contactRoute, '127.0.0.1', '203.0.113.9')).status).toBe(400);
    }
    expect((await hit(app.url, contactRoute, '127.0.0.1', '203.0.113.9')).status).toBe(429);
    // 127.0.0.6 is not the proxy: its header is not believed, so it is counted as itself
    for (let i = 0; i < max; i++) {
      expect((await hit(app.url, contactRoute, '127.0.0.6', '203.0.113.10')).status).toBe(400);
    }
    expect((await hit(app.url, contactRoute, '127.0.0.6', '203.0.113.11')).status).toBe(429);
    // while 203.0.113.10, through the proxy, has its own count
    expect((await hit(app.url, contactRoute, '127.0.0.1', '203.0.113.10')).status).toBe(400);
  });
});
