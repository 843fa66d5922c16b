import { routes } from '@kw/composition';
import { createLogger } from '@kw/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const countEvents = async () =>
  Number((await app.db('events').count<{ count: number }[]>('* as count'))[0]!.count);

describe('API plumbing', () => {
  it('reports health: database, worker heartbeat age and queue backlog', async () => {
    const res = await app.fetch('/api/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.database.ok).toBe(true);
    expect(body.worker).toEqual({ ok: false, heartbeatAgeSeconds: null }); // no worker in this test
    expect(body.status).toBe('degraded');
    expect(typeof body.queue.backlog).toBe('number');
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    const res = await app.fetch('/api/does-not-exist', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No API route POST /api/does-not-exist' });
  });

  it('gives every response a request id and security headers with a CSP', async () => {
    const res = await app.fetch('/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('bad input never gives a 500 and never writes anything', () => {
  it('malformed JSON: 400 naming the problem', async () => {
    const before = await countEvents();
    const res = await app.fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"firstName": "Ann",',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Malformed JSON in the request body' });
    expect(await countEvents()).toBe(before);
  });

  it('wrong types and missing fields: 400 with one error per field', async () => {
    const res = await app.fetch('/api/contact', {
      method: 'POST',
      json: { firstName: 42, email: 'nope' },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: expect.any(String) },
        { path: 'lastName', message: 'Required' },
        { path: 'email', message: 'Invalid email address' },
        { path: 'message', message: 'Required' },
      ]),
    );
    expect(body.message).toMatch(/^firstName: /);
  });

  it('a body that is not JSON at all: 400', async () => {
    const res = await app.fetch('/api/contact', {
      method: 'POST',
      body: 'firstName=Ann',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/must be JSON/);
  });

  it('an oversized body: 413', async () => {
    const before = await countEvents();
    const res = await app.fetch('/api/contact', {
      method: 'POST',
      json: { firstName: 'A', lastName: 'B', email: 'a@b.ca', message: 'x'.repeat(200_000) },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/too large/);
    expect(await countEvents()).toBe(before);
  });

  it("bodies up to what an administrator's route allows, 100 kB elsewhere", async () => {
    const token = await app.login();
    // 150,000 characters of content, which the post's schema allows (200,000).
    const post = await app.fetch('/api/blog', {
      method: 'POST',
      token,
      json: { title: 'A long read', slug: 'a-long-read', content: 'word '.repeat(30_000) },
    });
    expect(post.status).toBe(201);
    const csv = `Title,Content\n"A long case","<p>${'x'.repeat(150_000)}</p>"\n`;
    const preview = await app.fetch('/api/case-studies/import/preview', {
      method: 'POST',
      token,
      json: { source: csv },
    });
    expect(preview.status).toBe(200);
    expect((await preview.json()).count).toBe(1);
    // A job at its schema's longest, in a script of three bytes a character: about 105 kB.
    const category = await app.fetch('/api/job-categories', {
      method: 'POST',
      token,
      json: { name: 'Localisation' },
    });
    expect(category.status).toBe(201);
    const job = await app.fetch('/api/jobs', {
      method: 'POST',
      token,
      json: {
        title: '翻訳者',
        description: '翻'.repeat(20_000),
        categoryId: (await category.json()).id,
        requirements: '訳'.repeat(5000),
        responsibilities: '訳'.repeat(5000),
        benefits: '訳'.repeat(5000),
      },
    });
    expect(job.status).toBe(201);
    const before = await countEvents();
    const contact = await app.fetch('/api/contact', {
      method: 'POST',
      json: { firstName: 'A', lastName: 'B', email: 'a@b.ca', message: 'x'.repeat(150_000) },
    });
    expect(contact.status).toBe(413);
    expect((await contact.json()).message).toBe('The request body is too large (limit 100kb)');
    // Past the route's own limit, the same clear 413.
    const tooLong = await app.fetch('/api/blog', {
      method: 'POST',
      token,
      json: { title: 'Too long', slug: 'too-long', content: 'x'.repeat(3 * 1024 * 1024) },
    });
    expect(tooLong.status).toBe(413);
    expect((await tooLong.json()).message).toBe('The request body is too large (limit 2mb)');
    expect(await countEvents()).toBe(before);
  });

  it("gives a larger body limit only to administrators' routes", () => {
    const own = routes.filter((r) => r.bodyLimit);
    expect(own.length).toBeGreaterThan(0);
    for (const r of own) expect(r.access, `${r.method} ${r.path}`).toBe('admin');
  });

  it('a stale expected version is a 409 with a message to reload, and only a real bug is a 500', async () => {
    const { createApp } = await import('./app.ts');
    const { route } = await import('@kw/platform/http');
    const services = {
      config: app.config,
      db: app.db,
      store: app.api.runtime.store,
      logger: createLogger('silent', 't'),
    };
    await services.store.append('probe:stale', 0, [{ type: 'ProbeHappened', data: {} }], {
      metadata: { actor: 'test' },
    });
    const probe = createApp({
      services,
      routes: [
        route({
          method: 'put',
          path: '/api/probe',
          access: 'public',
          handler: ({ metadata }) =>
            services.store.append('probe:stale', 0, [{ type: 'ProbeHappened', data: {} }], {
              metadata,
            }),
        }),
        route({
          method: 'get',
          path: '/api/probe/bug',
          access: 'public',
          handler: () => {
            throw new Error('secret internal detail');
          },
        }),
      ],
    });
    const server = probe.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/api/probe`, { method: 'PUT' });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /changed by someone else.*Reload/,
      );
      expect(await services.store.streamVersion('probe:stale')).toBe(1);

      // A real bug is the only 500: it names the request id and leaks nothing.
      const bug = await fetch(`http://127.0.0.1:${port}/api/probe/bug`, {
        headers: { 'x-request-id': 'bug-1' },
      });
      expect(bug.status).toBe(500);
      expect(await bug.json()).toEqual({ message: 'Internal server error', requestId: 'bug-1' });
    } finally {
      server.close();
    }
  });
});
