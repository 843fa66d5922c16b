import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { subscriberIdFor } from './commands.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
});
afterAll(async () => {
  await app?.close();
});

let n = 0;
async function subscribe(): Promise<string> {
  n++;
  const email = `reader${n}@example.ca`;
  const res = await app.fetch('/api/newsletter/subscribe', {
    method: 'POST',
    headers: { 'x-forwarded-for': `203.0.113.${100 + n}` },
    json: { email },
  });
  expect(res.status).toBe(200);
  return subscriberIdFor(email);
}

const bulk = (json: unknown) => app.fetch('/api/newsletter/bulk', { method: 'POST', token, json });
const adminTypes = (ids: string[]) =>
  app
    .db('events')
    .whereIn(
      'stream_id',
      ids.map((id) => `subscriber:${id}`),
    )
    .whereRaw("metadata->>'actor' like 'admin:%'")
    .orderBy('position')
    .pluck('type');

describe('bulk actions on newsletter subscriptions', () => {
  it('marks spam with one reason, unmarks and deletes several, each its own event', async () => {
    const ids = [await subscribe(), await subscribe()];
    const spam = await bulk({ action: 'markSpam', reason: 'Fake sign-ups', ids });
    expect(spam.status).toBe(200);
    expect(await spam.json()).toEqual({ count: 2 });
    const rows = await app.db('newsletter_subscribers').whereIn('id', ids);
    expect(rows.map((r) => [r.is_spam, r.spam_reason])).toEqual([
      [true, 'Fake sign-ups'],
      [true, 'Fake sign-ups'],
    ]);
    expect((await bulk({ action: 'unmarkSpam', ids })).status).toBe(200);
    expect((await bulk({ action: 'delete', ids })).status).toBe(200);
    expect(await app.db('newsletter_subscribers').whereIn('id', ids)).toEqual([]);
    expect(await adminTypes(ids)).toEqual([
      'SubscriberMarkedSpam',
      'SubscriberMarkedSpam',
      'SubscriberUnmarkedSpam',
      'SubscriberUnmarkedSpam',
      'SubscriberDeleted',
      'SubscriberDeleted',
    ]);
  });

  it('refuses the whole batch naming unknown ids; a reason is required to mark spam', async () => {
    const known = await subscribe();
    const unknown = '00000000-0000-4000-8000-000000000002';
    const res = await bulk({ action: 'delete', ids: [unknown, known] });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(
      `No such subscriptions: ${unknown}. Nothing was changed.`,
    );
    const noReason = await bulk({ action: 'markSpam', reason: ' ', ids: [known] });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).message).toBe('reason: A reason is required');
    expect(await adminTypes([known])).toEqual([]);
    expect(await app.db('newsletter_subscribers').where({ id: known })).toHaveLength(1);
  });
});
