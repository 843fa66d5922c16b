import { personalDataSources } from '@kw/composition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { type PrivacyDeps, runRetention } from './erasure.ts';

// Retention with an injected clock: the daily run, called as its scheduled job calls it, at
// chosen moments after the records were made.

const DAY = 86_400_000;
let app: TestApp;
let token: string;
let deps: PrivacyDeps;
let address = 20;
const t0 = new Date();
const at = (days: number) => new Date(t0.getTime() + days * DAY);

async function contact(lastName: string, email: string) {
  const res = await app.fetch('/api/contact', {
    method: 'POST',
    headers: { 'x-forwarded-for': `203.0.113.${address++}` },
    json: { firstName: 'Test', lastName, email, message: `Hello from ${lastName}`, startedAt: 0 },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const holds = async (email: string) =>
  !(
    await (
      await app.fetch(`/api/privacy/search?email=${encodeURIComponent(email)}`, { token })
    ).json()
  ).nothingHeld;

beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
  deps = {
    config: app.config,
    db: app.db,
    store: app.api.runtime.store,
    sources: personalDataSources,
  };
  await contact('Dana', 'dana@example.ca');
  const spam = await contact('Eve', 'eve@example.ca');
  const marked = await app.fetch(`/api/contact/${spam}`, {
    method: 'PATCH',
    token,
    json: { isSpam: true, spamReason: 'Selling SEO' },
  });
  expect(marked.status).toBe(200);
  const joined = await app.fetch('/api/newsletter/subscribe', {
    method: 'POST',
    headers: { 'x-forwarded-for': `203.0.113.${address++}` },
    json: { email: 'gus@example.ca', startedAt: 0 },
  });
  expect(joined.status).toBeLessThan(300);
  await app.fetch('/api/newsletter/subscribe', {
    method: 'POST',
    headers: { 'x-forwarded-for': `203.0.113.${address++}` },
    json: { email: 'hal@example.ca', startedAt: 0 },
  });
  const list = await (
    await app.fetch('/api/newsletter?includeUnsubscribed=true', { token })
  ).json();
  const gus = (list.subscriptions ?? list.items ?? list).find(
    (s: { email: string }) => s.email === 'gus@example.ca',
  );
  const link = new URL(gus.unsubscribeUrl);
  const out = await app.fetch(`${link.pathname}${link.search}`, { method: 'POST' });
  expect(out.status).toBeLessThan(300);
});
afterAll(() => app.close());

describe('retention, with an injected clock', () => {
  it('has the issue’s defaults in Settings → Privacy, and the public policy reads the same', async () => {
    const settings = await (await app.fetch('/api/privacy/retention', { token })).json();
    expect(
      Object.fromEntries(
        settings.periods.map((p: { kind: string; days: number }) => [p.kind, p.days]),
      ),
    ).toEqual({ applications: 365, 'contact-submissions': 730, spam: 30, unsubscribed: 0 });
    expect(settings.lastRun).toBeNull();
    const policy = await (await app.fetch('/api/privacy/retention-policy')).json();
    expect(policy.periods.map((p: { days: number }) => p.days)).toEqual([365, 730, 30, 0]);
  });

  it('the next day: only the unsubscribed address goes (kept as no more than its suppression hash)', async () => {
    expect(await runRetention(deps, at(1))).toBe(1);
    expect(await holds('gus@example.ca')).toBe(false);
    for (const kept of ['hal@example.ca', 'eve@example.ca', 'dana@example.ca'])
      expect(await holds(kept)).toBe(true);
    const settings = await (await app.fetch('/api/privacy/retention', { token })).json();
    expect(settings.lastRun).toEqual({ ranAt: at(1).toISOString(), erased: 1 });
  });

  it('after 31 days: the spam goes too; a second run that day finds nothing more', async () => {
    expect(await runRetention(deps, at(31))).toBe(1);
    expect(await holds('eve@example.ca')).toBe(false);
    expect(await holds('dana@example.ca')).toBe(true);
    expect(await runRetention(deps, at(31))).toBe(0);
  });

  it('a shorter period set in Settings → Privacy applies at the next run, and the policy says so', async () => {
    const bad = await app.fetch('/api/privacy/retention', {
      method: 'PUT',
      token,
      json: { periods: { 'contact-submissions': -1 } },
    });
    expect(bad.status).toBe(400);
    const res = await app.fetch('/api/privacy/retention', {
      method: 'PUT',
      token,
      json: { periods: { 'contact-submissions': 40 } },
    });
    expect(res.status).toBe(200);
    const policy = await (await app.fetch('/api/privacy/retention-policy')).json();
    expect(
      policy.periods.find((p: { kind: string }) => p.kind === 'contact-submissions').days,
    ).toBe(40);
    expect(await runRetention(deps, at(39))).toBe(0);
    expect(await runRetention(deps, at(41))).toBe(1);
    expect(await holds('dana@example.ca')).toBe(false);
    // Each erasure through the same path: one PersonErased per person, by the retention job.
    const erased = await app.db('events').where({ type: 'PersonErased' });
    expect(erased.map((e) => e.data.requestedBy)).toEqual(['retention', 'retention', 'retention']);
  });
});
