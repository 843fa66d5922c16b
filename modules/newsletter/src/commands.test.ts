import { describe, expect, it } from 'vitest';
import {
  decideBulkSubscriber,
  deleteSubscriber,
  enrichSubscriber,
  markSpam,
  shouldWelcome,
  subscribe,
  subscriberIdFor,
  subscriberState,
  unmarkSpam,
  unsubscribe,
  welcome,
} from './commands.ts';
import { newsletterSignupRequestSchema } from './contract.ts';
import type { NewsletterEvent } from './events.ts';
import { checkUnsubscribeToken, unsubscribeToken } from './unsubscribe-link.ts';

const visitor = { ip: '203.0.113.7', userAgent: 'UA', referer: 'https://www.example.ca/blog' };
const id = subscriberIdFor('Ann@Example.ca');
const joined = subscribe(subscriberState([]), { email: 'Ann@Example.ca' }, visitor);
const insight = {
  deviceType: 'desktop' as const,
  browserName: 'Firefox',
  browserVersion: '133.0',
  os: 'Linux',
  country: 'CA',
  city: 'Waterloo',
};

describe('subscriber ids', () => {
  it('the same address, in any case or spacing, is the same subscriber; the id is a UUID', () => {
    expect(subscriberIdFor(' ann@example.ca ')).toBe(id);
    expect(subscriberIdFor('bob@example.ca')).not.toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('subscribe', () => {
  it('given a new address, when it signs up, then SubscriberJoined with source website by default', () => {
    expect(joined).toEqual([
      {
        type: 'SubscriberJoined',
        data: {
          subscriberId: id,
          email: 'ann@example.ca',
          firstName: null,
          lastName: null,
          source: 'website',
          ipAddress: '203.0.113.7',
          userAgent: 'UA',
          referer: 'https://www.example.ca/blog',
          utmSource: null,
          utmMedium: null,
          utmCampaign: null,
        },
      },
    ]);
  });

  it('given an active subscriber, when the same address signs up again, then nothing happens', () => {
    expect(subscribe(subscriberState(joined), { email: 'ann@example.ca' }, visitor)).toEqual([]);
  });

  it('given an unsubscribed address, when it signs up again, then SubscriberResubscribed', () => {
    const history = [...joined, ...unsubscribe(id, subscriberState(joined), 'link')];
    const [event] = subscribe(
      subscriberState(history),
      { email: 'ann@example.ca', source: 'footer' },
      visitor,
    );
    expect(event?.type).toBe('SubscriberResubscribed');
    expect(event?.data).toMatchObject({ source: 'footer' });
  });

  it('given a spam verdict, then the sign-up is recorded and flagged with its reason', () => {
    const events = subscribe(subscriberState([]), { email: 'x@example.ca' }, visitor, {
      isSpam: true,
      reason: 'Submitted faster than a person could type',
    });
    expect(events.map((e) => e.type)).toEqual(['SubscriberJoined', 'SubscriberMarkedSpam']);
    expect(events[1]?.data).toMatchObject({ automatic: true });
  });

  it('the request schema refuses a filled honeypot with the spec message and accepts startedAt', () => {
    const bad = newsletterSignupRequestSchema.safeParse({ email: 'a@b.ca', name: 'bot' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Please try again.');
    expect(newsletterSignupRequestSchema.parse({ email: 'a@b.ca', startedAt: 5 }).startedAt).toBe(
      5,
    );
  });
});

describe('spam, unsubscribe, delete, enrichment', () => {
  const state = subscriberState(joined);

  it('mark spam records the reason; unmark clears it; unmark on a clean one does nothing', () => {
    const marked = markSpam(id, state, 'Disposable address');
    expect(marked).toEqual([
      {
        type: 'SubscriberMarkedSpam',
        data: { subscriberId: id, reason: 'Disposable address', automatic: false },
      },
    ]);
    expect(unmarkSpam(id, subscriberState([...joined, ...marked]))).toEqual([
      { type: 'SubscriberUnmarkedSpam', data: { subscriberId: id } },
    ]);
    expect(unmarkSpam(id, state)).toEqual([]);
  });

  it('unsubscribing twice changes nothing the second time', () => {
    const first = unsubscribe(id, state, 'one-click');
    expect(first).toHaveLength(1);
    expect(unsubscribe(id, subscriberState([...joined, ...first]), 'link')).toEqual([]);
  });

  it('an unknown or deleted subscriber cannot be marked or deleted (404)', () => {
    const deleted = [...joined, ...deleteSubscriber(id, state)];
    expect(() => markSpam(id, subscriberState(deleted), 'x')).toThrow('Subscription not found');
    expect(() => deleteSubscriber(id, subscriberState([]))).toThrow('Subscription not found');
  });

  it('enrichment and the welcome happen once per sign-up; never for spam', () => {
    const enriched = enrichSubscriber(id, state, insight);
    expect(enriched).toHaveLength(1);
    expect(enrichSubscriber(id, subscriberState([...joined, ...enriched]), insight)).toEqual([]);
    expect(shouldWelcome(state)).toBe(true);
    const welcomed: NewsletterEvent[] = [
      ...joined,
      { type: 'SubscriberWelcomed', data: { subscriberId: id } },
    ];
    expect(shouldWelcome(subscriberState(welcomed))).toBe(false);
    expect(shouldWelcome(subscriberState([...joined, ...markSpam(id, state, 'x')]))).toBe(false);
  });

  it('when a welcome is owed, then SubscriberWelcomed records it; after it, or for spam, nothing; a new sign-up is welcomed again', () => {
    const recorded = welcome(id, state);
    expect(recorded).toEqual([{ type: 'SubscriberWelcomed', data: { subscriberId: id } }]);
    const history = [...joined, ...recorded];
    expect(welcome(id, subscriberState(history))).toEqual([]);
    expect(welcome(id, subscriberState([...joined, ...markSpam(id, state, 'x')]))).toEqual([]);
    const gone = [...history, ...unsubscribe(id, subscriberState(history), 'link')];
    expect(welcome(id, subscriberState(gone))).toEqual([]);
    const back = [
      ...gone,
      ...subscribe(subscriberState(gone), { email: 'ann@example.ca' }, visitor),
    ];
    expect(welcome(id, subscriberState(back))).toEqual(recorded);
  });
});

describe('unsubscribe tokens', () => {
  const secret = 'a-secret-that-is-long-enough-for-tests-0123';
  const now = new Date('2026-11-22T12:00:00Z');
  const token = unsubscribeToken(secret, id, now);

  it('a token signed with the secret is accepted', () => {
    expect(checkUnsubscribeToken(secret, token, now)).toEqual({ ok: true, subscriberId: id });
  });

  it('a tampered token (another id, another expiry, another signature, another secret) is refused', () => {
    const [, expires, sig] = token.split('.') as [string, string, string];
    const other = subscriberIdFor('bob@example.ca');
    expect(checkUnsubscribeToken(secret, `${other}.${expires}.${sig}`, now).ok).toBe(false);
    expect(checkUnsubscribeToken(secret, `${id}.${Number(expires) + 1}.${sig}`, now).ok).toBe(
      false,
    );
    expect(checkUnsubscribeToken(secret, `${id}.${expires}.${'A'.repeat(43)}`, now).ok).toBe(false);
    expect(checkUnsubscribeToken(`${secret}x`, token, now).ok).toBe(false);
    expect(checkUnsubscribeToken(secret, undefined, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkUnsubscribeToken(secret, 'garbage', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('a token past its year is refused as expired', () => {
    const later = new Date(now.getTime() + 366 * 86_400_000);
    expect(checkUnsubscribeToken(secret, token, later)).toEqual({ ok: false, reason: 'expired' });
  });
});

describe('decideBulkSubscriber', () => {
  it('given a subscriber, when marked spam in bulk, then the reason given; again, then nothing', () => {
    const state = subscriberState(joined);
    const marked = decideBulkSubscriber(id, state, { action: 'markSpam', reason: 'Fake' });
    expect(marked).toEqual([
      {
        type: 'SubscriberMarkedSpam',
        data: { subscriberId: id, reason: 'Fake', automatic: false },
      },
    ]);
    const after = subscriberState([...joined, ...marked]);
    expect(decideBulkSubscriber(id, after, { action: 'markSpam', reason: 'Fake' })).toEqual([]);
    expect(decideBulkSubscriber(id, after, { action: 'unmarkSpam' })).toEqual([
      { type: 'SubscriberUnmarkedSpam', data: { subscriberId: id } },
    ]);
  });

  it('given no subscriber, when deleted in bulk, then not found (the batch names the id)', () => {
    expect(() => decideBulkSubscriber(id, subscriberState([]), { action: 'delete' })).toThrow(
      'Subscription not found',
    );
  });
});
