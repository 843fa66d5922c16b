import { routes } from '@kw/composition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

/** The spec's public calls (public-site.md §7, admin.md §7 login); everything else is the administrator's. */
const SPEC_PUBLIC = new Set([
  'POST /api/auth/login',
  'POST /api/auth/logout',
  // Beyond the spec: the second step of a two-factor sign-in (the code after the password).
  'POST /api/auth/login/second-factor',
  'POST /api/contact',
  'POST /api/newsletter/subscribe',
  'POST /api/analytics/events',
  'GET /api/blog',
  'GET /api/blog/:slug',
  'GET /api/case-studies',
  'GET /api/case-studies/:slug',
  'GET /api/jobs',
  // Beyond the spec: a job's own page, /careers/{slug} (issue 15).
  'GET /api/jobs/by-slug/:slug',
  'GET /api/job-categories',
  'POST /api/jobs/:jobId/apply',
  // Beyond the spec: the newsletter's signed one-click unsubscribe (CASL, RFC 8058).
  'GET /newsletter/unsubscribe',
  'POST /newsletter/unsubscribe',
  // Beyond the spec: the double opt-in's confirmation link (a page, then the POST that confirms).
  'GET /newsletter/confirm',
  'POST /newsletter/confirm',
  // Beyond the spec: the privacy policy's retention periods, read from Settings → Privacy.
  'GET /api/privacy/retention-policy',
  // Beyond the spec: the founder's photo on the about page, set in Settings → Site (issue 15).
  'GET /api/site/founder-photo',
]);

const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;
const concrete = (path: string) =>
  path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('the route table', () => {
  it('opens to the public only routes in the spec list', () => {
    const open = routes.filter((r) => r.access === 'public').map(key);
    for (const route of open)
      expect(SPEC_PUBLIC, `${route} is public but not in the spec's public list`).toContain(route);
  });

  const guarded = routes.filter((r) => r.access === 'admin' && r.path.startsWith('/api/'));

  it('has admin routes to check', () => {
    expect(guarded.length).toBeGreaterThan(2);
  });

  it.each(guarded.map((r) => [key(r), r] as const))(
    '%s answers 401 without a token or with a bad one',
    async (_, r) => {
      const url = concrete(r.path);
      const method = r.method.toUpperCase();
      const body = method === 'GET' || method === 'DELETE' ? {} : { json: {} };
      const none = await app.fetch(url, { method, ...body });
      expect(none.status).toBe(401);
      expect(await none.json()).toEqual({ message: 'Authentication required' });
      const bad = await app.fetch(url, { method, token: 'not.a.token', ...body });
      expect(bad.status).toBe(401);
    },
  );
});
