import { describe, expect, it } from 'vitest';
import {
  confirmationOutcome,
  confirmationOwed,
  confirmSubscription,
  decideBulkSubscriber,
  deleteSubscriber,
  enrichSubscriber,
  expireRequest,
  markSpam,
  recordConfirmationSent,
  requestSubscription,
  shouldWelcome,
  subscriberIdFor,
  subscriberState,
  suppressForErasure,
  suppressionHash,
  unmarkSpam,
  unsubscribe,
  welcome,
} from './commands.ts';
import { checkConfirmToken, confirmToken } from './confirm-link.ts';
import { newsletterSignupRequestSchema } from './contract.ts';
import type { NewsletterEvent } from './events.ts';
import { CONSENT_WORDING } from './presentation.ts';
import { checkUnsubscribeToken, unsubscribeToken } from './unsubscribe-link.ts';

const visitor = { ip: '203.0.113.7', userAgent: 'UA', referer: 'https://www.example.ca/blog' };
const confirmer = { ip: '198.51.100.9', userAgent: 'Phone', referer: '' };
const id = subscriberIdFor('Ann@Example.ca');
const hash = suppressionHash('k'.repeat(32), 'ann@example.ca');
const DAY = 86_400_000;
const t0 = new Date('2026-11-20T15:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const requested = requestSubscription(
  subscriberState([]),
  { email: 'Ann@Example.ca', source: 'footer', page: '/services' },
  visitor,
  t0,
);
const requestedAt = t0.toISOString();
const confirmed = [
  ...requested,
  ...confirmSubscription(id, subscriberState(requested), requestedAt, confirmer, at(DAY)),
];
const insight = {
  deviceType: 'desktop' as const,
  browserName: 'Firefox',
  browserVersion: '133.0',
  os: 'Linux',
  country: 'CA',
  city: 'Waterloo',
};
const then = (history: NewsletterEvent[], more: NewsletterEvent[]) => [...history, ...more];

describe('subscriber ids', () => {
  it('the same address, in any case or spacing, is the same subscriber; the id is a UUID', () => {
    expect(subscriberIdFor(' ann@example.ca ')).toBe(id);
    expect(subscriberIdFor('bob@example.ca')).not.toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('the suppression hash is keyed: the same address and key give it, another key does not', () => {
    expect(suppressionHash('k'.repeat(32), ' ANN@example.ca')).toBe(hash);
    expect(suppressionHash('j'.repeat(32), 'ann@example.ca')).not.toBe(hash);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('double opt-in: the request', () => {
  it("given a new address, when it signs up, then a pending SubscriptionRequested with the consent asked: when, from where, the page and the form's wording", () => {
    expect(requested).toEqual([
      {
        type: 'SubscriptionRequested',
        data: {
          subscriberId: id,
          email: 'ann@example.ca',
          firstName: null,
          lastName: null,
          source: 'footer',
          ipAddress: '203.0.113.7',
          userAgent: 'UA',
          referer: 'https://www.example.ca/blog',
          utmSource: null,
          utmMedium: null,
          utmCampaign: null,
          requestedAt: '2026-11-20T15:00:00.000Z',
          page: '/services',
          wording: CONSENT_WORDING.footer,
        },
      },
    ]);
    const state = subscriberState(requested);
    expect(state).toMatchObject({ exists: true, subscribed: false });
    expect(state.pending).toMatchObject({ requestedAt, confirmationSent: false });
  });

  it("without a page, the referrer's path; without a source, website and the default wording", () => {
    const [event] = requestSubscription(
      subscriberState([]),
      { email: 'b@example.ca' },
      visitor,
      t0,
    );
    expect(event?.data).toMatchObject({ source: 'website', page: '/blog' });
    expect((event!.data as { wording: string }).wording).toMatch(/unsubscribe at any time/);
  });

  it('given a pending request, a second sign-up within 10 minutes does nothing; later, a new request (a new e-mail)', () => {
    const state = subscriberState(requested);
    expect(
      requestSubscription(state, { email: 'ann@example.ca' }, visitor, at(9 * 60_000)),
    ).toEqual([]);
    const again = requestSubscription(state, { email: 'ann@example.ca' }, visitor, at(11 * 60_000));
    expect(again.map((e) => e.type)).toEqual(['SubscriptionRequested']);
  });

  it('given an active subscriber, when the same address signs up again, then nothing happens', () => {
    expect(
      requestSubscription(
        subscriberState(confirmed),
        { email: 'ann@example.ca' },
        visitor,
        at(2 * DAY),
      ),
    ).toEqual([]);
  });

  it('given a spam verdict, then the request is recorded and flagged, and no confirmation e-mail is owed', () => {
    const events = requestSubscription(
      subscriberState([]),
      { email: 'x@example.ca' },
      visitor,
      t0,
      {
        isSpam: true,
        reason: 'Submitted faster than a person could type',
      },
    );
    expect(events.map((e) => e.type)).toEqual(['SubscriptionRequested', 'SubscriberMarkedSpam']);
    expect(events[1]?.data).toMatchObject({ automatic: true });
    expect(confirmationOwed(subscriberState(events), t0.toISOString())).toBe(false);
  });

  it('the confirmation e-mail is owed once per request', () => {
    const sent = recordConfirmationSent(id, subscriberState(requested), requestedAt);
    expect(sent).toEqual([{ type: 'ConfirmationSent', data: { subscriberId: id, requestedAt } }]);
    expect(recordConfirmationSent(id, subscriberState(then(requested, sent)), requestedAt)).toEqual(
      [],
    );
    // An older request's job, once a newer one waits: not owed.
    const newer = then(
      requested,
      requestSubscription(
        subscriberState(requested),
        { email: 'ann@example.ca' },
        visitor,
        at(DAY),
      ),
    );
    expect(confirmationOwed(subscriberState(newer), requestedAt)).toBe(false);
  });

  it('the request schema refuses a filled honeypot with the spec message, accepts startedAt, and a page only as a path', () => {
    const bad = newsletterSignupRequestSchema.safeParse({ email: 'a@b.ca', name: 'bot' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Please try again.');
    expect(newsletterSignupRequestSchema.parse({ email: 'a@b.ca', startedAt: 5 }).startedAt).toBe(
      5,
    );
    const page = newsletterSignupRequestSchema.safeParse({ email: 'a@b.ca', page: 'https://x' });
    expect(page.error?.issues[0]?.message).toBe('page must be a path starting with /');
  });
});

describe('double opt-in: the confirmation', () => {
  it('given a pending request, when Confirm is pressed within 7 days, then SubscriptionConfirmed with the whole proof of consent', () => {
    expect(confirmed.slice(1)).toEqual([
      {
        type: 'SubscriptionConfirmed',
        data: {
          subscriberId: id,
          consent: {
            source: 'footer',
            requestedAt,
            requestIp: '203.0.113.7',
            page: '/services',
            wording: CONSENT_WORDING.footer,
            confirmedAt: at(DAY).toISOString(),
            confirmIp: '198.51.100.9',
            confirmUserAgent: 'Phone',
            method: 'confirm-button',
          },
        },
      },
    ]);
    expect(subscriberState(confirmed)).toMatchObject({ subscribed: true, pending: null });
  });

  it('confirming twice: the second is "already" and records nothing', () => {
    const state = subscriberState(confirmed);
    expect(confirmationOutcome(state, requestedAt, at(DAY))).toBe('already');
    expect(confirmSubscription(id, state, requestedAt, confirmer, at(DAY))).toEqual([]);
  });

  it('7 days after the request (injected clock), the link is expired and confirms nothing', () => {
    const state = subscriberState(requested);
    expect(confirmationOutcome(state, requestedAt, at(7 * DAY - 1))).toBe('confirm');
    expect(confirmationOutcome(state, requestedAt, at(7 * DAY))).toBe('expired');
    expect(confirmSubscription(id, state, requestedAt, confirmer, at(7 * DAY))).toEqual([]);
  });

  it('a link replaced by a newer request, or for no request at all, confirms nothing', () => {
    const newer = then(
      requested,
      requestSubscription(
        subscriberState(requested),
        { email: 'ann@example.ca' },
        visitor,
        at(DAY),
      ),
    );
    expect(confirmationOutcome(subscriberState(newer), requestedAt, at(DAY))).toBe('replaced');
    expect(
      confirmSubscription(id, subscriberState(newer), requestedAt, confirmer, at(DAY)),
    ).toEqual([]);
    expect(confirmationOutcome(subscriberState([]), requestedAt, at(DAY))).toBe('unknown');
  });
});

describe('double opt-in: expiry', () => {
  it('given a request never confirmed, 7 days later it lapses and the address is forgotten', () => {
    const state = subscriberState(requested);
    expect(expireRequest(id, state, requestedAt, at(7 * DAY - 1))).toEqual([]);
    const expired = expireRequest(id, state, requestedAt, at(7 * DAY));
    expect(expired).toEqual([
      { type: 'SubscriptionExpired', data: { subscriberId: id, requestedAt } },
    ]);
    expect(subscriberState(then(requested, expired))).toMatchObject({
      exists: false,
      pending: null,
    });
  });

  it('a confirmed request, or one replaced by a newer one, does not lapse', () => {
    expect(expireRequest(id, subscriberState(confirmed), requestedAt, at(8 * DAY))).toEqual([]);
    const newer = then(
      requested,
      requestSubscription(
        subscriberState(requested),
        { email: 'ann@example.ca' },
        visitor,
        at(DAY),
      ),
    );
    expect(expireRequest(id, subscriberState(newer), requestedAt, at(8 * DAY))).toEqual([]);
  });
});

describe('unsubscribe and the suppression list', () => {
  const state = subscriberState(confirmed);

  it('unsubscribing stops mail at once and suppresses the address by its hash; twice changes nothing', () => {
    const first = unsubscribe(id, state, 'one-click', hash);
    expect(first).toEqual([
      { type: 'SubscriberUnsubscribed', data: { subscriberId: id, via: 'one-click' } },
      {
        type: 'SubscriberSuppressed',
        data: { subscriberId: id, emailHash: hash, reason: 'unsubscribed' },
      },
    ]);
    const after = subscriberState(then(confirmed, first));
    expect(after).toMatchObject({ subscribed: false, suppressionHash: hash });
    expect(shouldWelcome(after)).toBe(false);
    expect(unsubscribe(id, after, 'link', hash)).toEqual([]);
  });

  it('signing up again after unsubscribing asks for a new confirmation; confirming lifts the suppression', () => {
    const gone = then(confirmed, unsubscribe(id, state, 'link', hash));
    const again = then(
      gone,
      requestSubscription(
        subscriberState(gone),
        { email: 'ann@example.ca' },
        visitor,
        at(30 * DAY),
      ),
    );
    expect(again.at(-1)?.type).toBe('SubscriptionRequested');
    expect(shouldWelcome(subscriberState(again))).toBe(false);
    const back = confirmSubscription(
      id,
      subscriberState(again),
      at(30 * DAY).toISOString(),
      confirmer,
      at(31 * DAY),
    );
    expect(back.map((e) => e.type)).toEqual(['SubscriptionConfirmed', 'SuppressionLifted']);
    expect(back[1]?.data).toEqual({ subscriberId: id, emailHash: hash });
    expect(shouldWelcome(subscriberState(then(again, back)))).toBe(true);
  });

  it('an unsubscribed address whose new request lapses stays known, unsubscribed and suppressed', () => {
    const gone = then(confirmed, unsubscribe(id, state, 'link', hash));
    const again = then(
      gone,
      requestSubscription(
        subscriberState(gone),
        { email: 'ann@example.ca' },
        visitor,
        at(30 * DAY),
      ),
    );
    const lapsed = then(
      again,
      expireRequest(id, subscriberState(again), at(30 * DAY).toISOString(), at(37 * DAY)),
    );
    expect(subscriberState(lapsed)).toMatchObject({
      exists: true,
      subscribed: false,
      suppressionHash: hash,
    });
  });

  it('an erasure unsubscribes and suppresses whatever the state; an unknown address is suppressed too', () => {
    expect(suppressForErasure(id, state, hash).map((e) => e.type)).toEqual([
      'SubscriberUnsubscribed',
      'SubscriberSuppressed',
    ]);
    expect(suppressForErasure(id, subscriberState([]), hash)).toEqual([
      {
        type: 'SubscriberSuppressed',
        data: { subscriberId: id, emailHash: hash, reason: 'erased' },
      },
    ]);
  });
});

describe('spam, delete, enrichment, welcome', () => {
  const state = subscriberState(confirmed);

  it('mark spam records the reason; unmark clears it; unmark on a clean one does nothing', () => {
    const marked = markSpam(id, state, 'Disposable address');
    expect(marked).toEqual([
      {
        type: 'SubscriberMarkedSpam',
        data: { subscriberId: id, reason: 'Disposable address', automatic: false },
      },
    ]);
    expect(unmarkSpam(id, subscriberState(then(confirmed, marked)))).toEqual([
      { type: 'SubscriberUnmarkedSpam', data: { subscriberId: id } },
    ]);
    expect(unmarkSpam(id, state)).toEqual([]);
  });

  it('an unknown or deleted subscriber cannot be marked or deleted (404)', () => {
    const deleted = then(confirmed, deleteSubscriber(id, state));
    expect(() => markSpam(id, subscriberState(deleted), 'x')).toThrow('Subscription not found');
    expect(() => deleteSubscriber(id, subscriberState([]))).toThrow('Subscription not found');
  });

  it('enrichment happens once per sign-up; the welcome once per confirmation, never while pending or for spam', () => {
    const enriched = enrichSubscriber(id, state, insight);
    expect(enriched).toHaveLength(1);
    expect(enrichSubscriber(id, subscriberState(then(confirmed, enriched)), insight)).toEqual([]);
    expect(shouldWelcome(subscriberState(requested))).toBe(false);
    expect(shouldWelcome(state)).toBe(true);
    const recorded = welcome(id, state);
    expect(recorded).toEqual([{ type: 'SubscriberWelcomed', data: { subscriberId: id } }]);
    expect(welcome(id, subscriberState(then(confirmed, recorded)))).toEqual([]);
    expect(welcome(id, subscriberState(then(confirmed, markSpam(id, state, 'x'))))).toEqual([]);
  });

  it('a sign-up from before double opt-in (SubscriberJoined) is active and welcomed', () => {
    const legacy: NewsletterEvent[] = [
      {
        type: 'SubscriberJoined',
        data: { ...(requested[0]!.data as object), subscriberId: id } as never,
      },
    ];
    expect(subscriberState(legacy)).toMatchObject({ exists: true, subscribed: true });
    expect(shouldWelcome(subscriberState(legacy))).toBe(true);
  });
});

describe('confirmation tokens', () => {
  const secret = 'a-secret-that-is-long-enough-for-tests-0123';
  const token = confirmToken(secret, id, requestedAt);

  it('a token signed with the secret names the subscriber and the request', () => {
    expect(checkConfirmToken(secret, token)).toEqual({ ok: true, subscriberId: id, requestedAt });
  });

  it('a tampered token (another id, another request, another signature, another secret) is refused', () => {
    const [, ms, sig] = token.split('.') as [string, string, string];
    const other = subscriberIdFor('bob@example.ca');
    expect(checkConfirmToken(secret, `${other}.${ms}.${sig}`).ok).toBe(false);
    expect(checkConfirmToken(secret, `${id}.${Number(ms) + 1}.${sig}`).ok).toBe(false);
    expect(checkConfirmToken(`${secret}x`, token).ok).toBe(false);
    expect(checkConfirmToken(secret, undefined)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkConfirmToken(secret, 'garbage')).toEqual({ ok: false, reason: 'invalid' });
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
    const state = subscriberState(confirmed);
    const marked = decideBulkSubscriber(id, state, { action: 'markSpam', reason: 'Fake' });
    expect(marked).toEqual([
      {
        type: 'SubscriberMarkedSpam',
        data: { subscriberId: id, reason: 'Fake', automatic: false },
      },
    ]);
    const after = subscriberState([...confirmed, ...marked]);
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
