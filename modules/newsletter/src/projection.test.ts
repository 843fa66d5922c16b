import { EventStore } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriberIdFor } from './commands.ts';
import type { NewsletterEvent, SubscriberJoined } from './events.ts';
import {
  NEWSLETTER_SUBSCRIBERS,
  NEWSLETTER_SUPPRESSIONS,
  newsletterSubscribersProjection,
} from './projection.ts';

// Given events appended through the store, then these rows in newsletter_subscribers.

let tdb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db, { projections: [newsletterSubscribersProjection] });
});
afterAll(() => tdb?.drop());

const metadata = { actor: 'test' };
let next = 0;
const emails = new Map<string, string>();
const newId = () => {
  const email = `reader-${++next}@example.ca`;
  const id = subscriberIdFor(email);
  emails.set(id, email);
  return id;
};

const signup = (subscriberId: string, more: Partial<SubscriberJoined['data']> = {}) => ({
  subscriberId,
  email: emails.get(subscriberId)!,
  firstName: null,
  lastName: null,
  source: 'footer',
  ipAddress: '203.0.113.7',
  userAgent: 'UA',
  referer: 'https://www.example.ca/blog',
  utmSource: 'linkedin',
  utmMedium: 'social',
  utmCampaign: 'fall',
  ...more,
});
const joined = (id: string): NewsletterEvent => ({ type: 'SubscriberJoined', data: signup(id) });

async function given(subscriberId: string, ...events: NewsletterEvent[]) {
  await store.append(`subscriber:${subscriberId}`, 'any', events, { metadata });
  return tdb.db(NEWSLETTER_SUBSCRIBERS).where({ id: subscriberId }).first();
}

describe('the newsletter subscribers projection', () => {
  it('given SubscriberJoined (before double opt-in), then an active, clean row with where the sign-up came from, its consent the sign-up alone', async () => {
    const id = newId();
    const row = await given(id, joined(id));
    expect(row).toMatchObject({
      id,
      email: 'reader-1@example.ca',
      first_name: null,
      last_name: null,
      subscribed: true,
      status: 'active',
      is_spam: false,
      spam_reason: null,
      source: 'footer',
      ip_address: '203.0.113.7',
      user_agent: 'UA',
      referer: 'https://www.example.ca/blog',
      utm_source: 'linkedin',
      utm_medium: 'social',
      utm_campaign: 'fall',
      unsubscribed_at: null,
      enriched_at: null,
      version: 1,
    });
    expect(row.updated_at).toEqual(row.created_at);
    expect(row.consent).toEqual({
      method: 'single-opt-in',
      source: 'footer',
      requestedAt: row.created_at.toISOString(),
      requestIp: '203.0.113.7',
      page: 'https://www.example.ca/blog',
      wording: null,
      confirmedAt: null,
      confirmIp: null,
      confirmUserAgent: null,
    });
  });

  it('given a sign-up without a referer, then the referer is empty (null)', async () => {
    const id = newId();
    const row = await given(id, { type: 'SubscriberJoined', data: signup(id, { referer: '' }) });
    expect(row.referer).toBeNull();
  });

  it('given enrichment, then device, browser, OS and place, and when it was learned', async () => {
    const id = newId();
    const row = await given(id, joined(id), {
      type: 'SubscriberEnriched',
      data: {
        subscriberId: id,
        deviceType: 'desktop',
        browserName: 'Firefox',
        browserVersion: '133.0',
        os: 'Linux',
        country: 'CA',
        city: 'Waterloo',
      },
    });
    expect(row).toMatchObject({
      device_type: 'desktop',
      browser_name: 'Firefox',
      browser_version: '133.0',
      os: 'Linux',
      country: 'CA',
      city: 'Waterloo',
      version: 2,
    });
    expect(row.enriched_at).toEqual(row.updated_at);
  });

  it('given unsubscribed, then inactive since then; given a new sign-up, then active again with its new source', async () => {
    const id = newId();
    const gone = await given(id, joined(id), {
      type: 'SubscriberUnsubscribed',
      data: { subscriberId: id, via: 'one-click' },
    });
    expect(gone).toMatchObject({ subscribed: false, status: 'unsubscribed', version: 2 });
    expect(gone.unsubscribed_at).toEqual(gone.updated_at);
    const back = await given(id, {
      type: 'SubscriberResubscribed',
      data: signup(id, { source: 'website', utmSource: null, referer: '' }),
    });
    expect(back).toMatchObject({
      subscribed: true,
      status: 'active',
      unsubscribed_at: null,
      source: 'website',
      utm_source: null,
      referer: null,
      version: 3,
    });
    expect(back.created_at).toEqual(gone.created_at);
  });

  it('given marked spam, then flagged with the reason; unmarked, then clean again', async () => {
    const id = newId();
    const spam = await given(id, joined(id), {
      type: 'SubscriberMarkedSpam',
      data: { subscriberId: id, reason: 'Disposable address', automatic: false },
    });
    expect(spam).toMatchObject({ is_spam: true, spam_reason: 'Disposable address' });
    const clean = await given(id, { type: 'SubscriberUnmarkedSpam', data: { subscriberId: id } });
    expect(clean).toMatchObject({ is_spam: false, spam_reason: null, version: 3 });
  });

  it('given the welcome e-mail, then the row does not change', async () => {
    const id = newId();
    const row = await given(id, joined(id), {
      type: 'SubscriberWelcomed',
      data: { subscriberId: id },
    });
    expect(row).toMatchObject({ version: 1 });
  });

  it('given SubscriberDeleted, then no row is left', async () => {
    const id = newId();
    expect(
      await given(id, joined(id), { type: 'SubscriberDeleted', data: { subscriberId: id } }),
    ).toBeUndefined();
  });
});

describe('double opt-in rows and the suppression list', () => {
  const requestedAt = '2026-11-20T15:00:00.000Z';
  const requested = (id: string, at = requestedAt): NewsletterEvent => ({
    type: 'SubscriptionRequested',
    data: { ...signup(id), requestedAt: at, page: '/services', wording: 'Newsletter: …' },
  });
  const consent = {
    source: 'footer',
    requestedAt,
    requestIp: '203.0.113.7',
    page: '/services',
    wording: 'Newsletter: …',
    confirmedAt: '2026-11-21T09:30:00.000Z',
    confirmIp: '198.51.100.9',
    confirmUserAgent: 'Phone',
    method: 'confirm-button' as const,
  };
  const confirmedEvent = (id: string): NewsletterEvent => ({
    type: 'SubscriptionConfirmed',
    data: { subscriberId: id, consent },
  });
  const suppressions = () => tdb.db(NEWSLETTER_SUPPRESSIONS).orderBy('email_hash');

  it('given SubscriptionRequested, then a pending row, not subscribed, with the request time and no consent yet', async () => {
    const id = newId();
    const row = await given(id, requested(id));
    expect(row).toMatchObject({
      status: 'pending',
      subscribed: false,
      requested_at: new Date(requestedAt),
      confirmed_at: null,
      consent: null,
      source: 'footer',
      ip_address: '203.0.113.7',
      version: 1,
    });
  });

  it('given SubscriptionConfirmed, then active with the proof of consent', async () => {
    const id = newId();
    const row = await given(id, requested(id), confirmedEvent(id));
    expect(row).toMatchObject({
      status: 'active',
      subscribed: true,
      requested_at: null,
      confirmed_at: new Date(consent.confirmedAt),
      consent,
      version: 2,
    });
  });

  it('given a request that lapsed, never confirmed, then no row is left', async () => {
    const id = newId();
    expect(
      await given(id, requested(id), {
        type: 'SubscriptionExpired',
        data: { subscriberId: id, requestedAt },
      }),
    ).toBeUndefined();
  });

  it('given unsubscribed with a suppression entry, then an entry with the hash only; a new request that lapses leaves the row unsubscribed with its old consent', async () => {
    const id = newId();
    const hash = 'a'.repeat(64);
    const gone = await given(
      id,
      requested(id),
      confirmedEvent(id),
      { type: 'SubscriberUnsubscribed', data: { subscriberId: id, via: 'link' } },
      {
        type: 'SubscriberSuppressed',
        data: { subscriberId: id, emailHash: hash, reason: 'unsubscribed' },
      },
    );
    expect(gone).toMatchObject({ status: 'unsubscribed', subscribed: false, consent });
    expect(await suppressions()).toEqual([
      { email_hash: hash, reason: 'unsubscribed', suppressed_at: expect.any(Date) },
    ]);
    const again = '2026-12-20T15:00:00.000Z';
    const pending = await given(id, requested(id, again));
    expect(pending).toMatchObject({ status: 'pending', requested_at: new Date(again), consent });
    const lapsed = await given(id, {
      type: 'SubscriptionExpired',
      data: { subscriberId: id, requestedAt: again },
    });
    expect(lapsed).toMatchObject({ status: 'unsubscribed', requested_at: null, consent });
  });

  it('given SuppressionLifted, then the entry is gone; a deletion leaves entries alone', async () => {
    const id = newId();
    const hash = 'b'.repeat(64);
    await given(id, requested(id), {
      type: 'SubscriberSuppressed',
      data: { subscriberId: id, emailHash: hash, reason: 'erased' },
    });
    await given(id, { type: 'SubscriberDeleted', data: { subscriberId: id } });
    expect((await suppressions()).map((r) => r.email_hash)).toContain(hash);
    await given(id, { type: 'SuppressionLifted', data: { subscriberId: id, emailHash: hash } });
    expect((await suppressions()).map((r) => r.email_hash)).not.toContain(hash);
  });
});
