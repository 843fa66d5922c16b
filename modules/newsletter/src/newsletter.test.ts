import { rebuildProjections } from '@kw/platform';
import {
  type CaughtMail,
  eventually,
  linksIn,
  type SmtpCatcher,
  startSmtpCatcher,
} from '@kw/platform/testing';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import {
  confirmSubscription,
  confirmWithLink,
  requestSubscription,
  signUp,
  subscriberIdFor,
  subscriberState,
  suppressAddress,
  suppressionHash,
} from './commands.ts';
import { confirmToken } from './confirm-link.ts';
import type { NewsletterEvent } from './events.ts';
import {
  CONFIRM_SUBSCRIPTION_QUEUE,
  CONTACT_SIGNUP_QUEUE,
  ENRICH_SUBSCRIBER_QUEUE,
  EXPIRE_REQUEST_QUEUE,
  WELCOME_SUBSCRIBER_QUEUE,
} from './index.ts';
import { expirePendingRequest } from './jobs.ts';
import { CONSENT_WORDING, DEFAULT_CONSENT_WORDING } from './presentation.ts';
import { newsletterSubscribersProjection } from './projection.ts';
import { newsletterAnalytics } from './queries.ts';
import { unsubscribeToken } from './unsubscribe-link.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

// A real SMTP server on 127.0.0.1 receives the confirmation and welcome e-mails.
let smtp: SmtpCatcher;

let app: TestApp;
let token: string;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ worker: true, env: { SMTP_URL: smtp.url } });
  token = await app.login();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

/** Events a visitor or the administrator caused (the worker's enrichment and welcome land at any time). */
const requestEvents = async () =>
  Number(
    (
      await app
        .db('events')
        .whereRaw("metadata->>'actor' <> 'worker'")
        .count<{ count: number }[]>('* as count')
    )[0]!.count,
  );

/** Every newsletter job so far has run: what did not happen by now will not. */
const drained = () =>
  eventually(async () => {
    const pending = await app.db
      .withSchema('pgboss')
      .from('job')
      .whereIn('name', [
        ENRICH_SUBSCRIBER_QUEUE,
        CONFIRM_SUBSCRIPTION_QUEUE,
        WELCOME_SUBSCRIBER_QUEUE,
        CONTACT_SIGNUP_QUEUE,
      ])
      .whereNotIn('state', ['completed', 'failed'])
      // An expiry waits 7 days: only one due now counts.
      .where('start_after', '<=', app.db.fn.now());
    return pending.length === 0;
  }, 60_000);

/** Every message sent to the address so far. */
const mailsTo = (email: string): CaughtMail[] => smtp.mails.filter((m) => m.to.includes(email));
const isConfirmation = (m: CaughtMail) => m.headers.subject?.startsWith('Please confirm') ?? false;
const isWelcome = (m: CaughtMail) => m.headers.subject?.startsWith('Welcome') ?? false;

/** The link of the latest confirmation e-mail to the address, once it has arrived. */
const confirmationLink = async (email: string): Promise<string> => {
  const mail = await eventually(async () => mailsTo(email).filter(isConfirmation).at(-1), 60_000);
  const link = linksIn(mail).find((l) => l.includes('/newsletter/confirm?token='))!;
  return link.replace('https://www.example.ca', '');
};

/** Opens the e-mail's link and presses Confirm, as the person does. */
const confirmByMail = async (email: string, ip = '198.51.100.9') => {
  const link = await confirmationLink(email);
  const res = await app.fetch(link, {
    method: 'POST',
    headers: { 'x-forwarded-for': ip, 'user-agent': 'Phone', origin: 'https://www.example.ca' },
  });
  expect(res.status).toBe(200);
  return res;
};

/** The pending request of an address confirmed at once, without its e-mail (back-office specs). */
const confirmNow = async (email: string) => {
  const id = subscriberIdFor(email);
  const events = await app.worker!.context.store.readStream(`subscriber:${id}`);
  const request = events.filter((e) => e.type === 'SubscriptionRequested').at(-1)!;
  const requestedAt = (request.data as { requestedAt: string }).requestedAt;
  const visitor = { ip: '198.51.100.9', userAgent: 'Phone', referer: '' };
  expect(
    await confirmWithLink(app.worker!.context.store, id, requestedAt, visitor, { actor: 'test' }),
  ).toBe('confirm');
};

const count = async (table: string) =>
  Number((await app.db(table).count<{ count: number }[]>('* as count'))[0]!.count);

const signup = (json: unknown, ip = '203.0.113.10', headers: Record<string, string> = {}) =>
  app.fetch('/api/newsletter/subscribe', {
    method: 'POST',
    json,
    headers: { 'x-forwarded-for': ip, 'user-agent': FIREFOX, ...headers },
  });

describe('POST /api/newsletter/subscribe: double opt-in', () => {
  it('records a pending subscription (IP, user agent, referer, UTM, source, page) and sends a confirmation e-mail; the worker adds device, browser, OS', {
    timeout: 120_000,
  }, async () => {
    const res = await signup(
      {
        email: 'Ann@Example.ca',
        name: '',
        utmSource: 'linkedin',
        utmMedium: 'social',
        utmCampaign: 'fall',
        page: '/blog/ai',
      },
      '24.114.0.1',
      { referer: 'https://www.example.ca/blog/ai' },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Check your inbox to confirm your subscription.' });
    const id = subscriberIdFor('ann@example.ca');
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toMatchObject({
      email: 'ann@example.ca',
      subscribed: false,
      status: 'pending',
      consent: null,
      source: 'website',
      ip_address: '24.114.0.1',
      user_agent: FIREFOX,
      referer: 'https://www.example.ca/blog/ai',
      utm_source: 'linkedin',
      utm_medium: 'social',
      utm_campaign: 'fall',
      is_spam: false,
    });
    const enriched = await eventually(
      () => app.db('newsletter_subscribers').where({ id }).whereNotNull('enriched_at').first(),
      60_000,
    );
    expect(enriched).toMatchObject({
      device_type: 'desktop',
      browser_name: 'Firefox',
      browser_version: '133.0',
      os: 'Linux',
    });
    const mail = await eventually(
      async () => mailsTo('ann@example.ca').find(isConfirmation),
      60_000,
    );
    expect(mail.headers['message-id']).toMatch(/^<newsletter-confirm-[\w-]+@www\.example\.ca>$/);
    expect(mail.headers.from).toBe('Grand River Digital <hello@grandriverdigital.ca>');
    expect(linksIn(mail)).toContain(
      `https://www.example.ca/newsletter/confirm?token=${confirmToken(
        app.config.jwtSecret,
        id,
        (await app.db('newsletter_subscribers').where({ id }).first()).requested_at.toISOString(),
      )}`,
    );
    // Not active yet: no welcome, not in the active list, not counted.
    expect(mailsTo('ann@example.ca').filter(isWelcome)).toEqual([]);
    const active = await (await app.fetch('/api/newsletter', { token })).json();
    expect(active.some((s: { id: string }) => s.id === id)).toBe(false);
  });

  it('link scanners: a GET of the link shows a Confirm button and confirms nothing', async () => {
    const id = subscriberIdFor('ann@example.ca');
    const link = await confirmationLink('ann@example.ca');
    const before = await requestEvents();
    for (let i = 0; i < 2; i++) {
      const page = await app.fetch(link, { headers: { 'user-agent': 'LinkScanner/1.0' } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<button type="submit">Confirm</button>');
      expect(html).toContain('method="post"');
      expect(html).toContain('ann@example.ca');
    }
    const head = await app.fetch(link, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await requestEvents()).toBe(before);
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toMatchObject({
      status: 'pending',
      subscribed: false,
    });
  });

  it('pressing Confirm (the POST) makes it active with its proof of consent; the welcome follows, with its one-click unsubscribe', {
    timeout: 120_000,
  }, async () => {
    const id = subscriberIdFor('ann@example.ca');
    const res = await confirmByMail('ann@example.ca', '198.51.100.9');
    const html = await res.text();
    expect(html).toContain('Subscription confirmed');
    expect(html).toContain('been subscribed to our newsletter.');
    const row = await app.db('newsletter_subscribers').where({ id }).first();
    expect(row).toMatchObject({ status: 'active', subscribed: true, requested_at: null });
    expect(row.consent).toEqual({
      source: 'website',
      requestedAt: expect.any(String),
      requestIp: '24.114.0.1',
      page: '/blog/ai',
      wording: DEFAULT_CONSENT_WORDING,
      confirmedAt: row.confirmed_at.toISOString(),
      confirmIp: '198.51.100.9',
      confirmUserAgent: 'Phone',
      method: 'confirm-button',
    });
    const welcome = await eventually(async () => mailsTo('ann@example.ca').find(isWelcome), 60_000);
    expect(welcome.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(welcome.raw).toMatch(
      /List-Unsubscribe:\s+<https:\/\/www\.example\.ca\/newsletter\/unsubscribe\?token=/,
    );
    // Pressing it again: already subscribed, nothing recorded.
    const before = await requestEvents();
    const again = await app.fetch(await confirmationLink('ann@example.ca'), { method: 'POST' });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("You're already subscribed");
    expect(await requestEvents()).toBe(before);
  });

  it('the same address again once active: the same answer, no new request, no second e-mail', async () => {
    await drained();
    const before = [
      await count('newsletter_subscribers'),
      await requestEvents(),
      mailsTo('ann@example.ca').length,
    ];
    const res = await signup({ email: 'ann@example.ca' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Check your inbox to confirm your subscription.' });
    await drained();
    expect([
      await count('newsletter_subscribers'),
      await requestEvents(),
      mailsTo('ann@example.ca').length,
    ]).toEqual(before);
  });

  it('a tampered or unknown confirmation link is refused with a clear page, on GET and POST, and changes nothing', async () => {
    const id = subscriberIdFor('ann@example.ca');
    const tampered = confirmToken(app.config.jwtSecret, id, new Date().toISOString()).replace(
      /.$/,
      (c) => (c === 'A' ? 'B' : 'A'),
    );
    const before = await requestEvents();
    for (const method of ['GET', 'POST']) {
      const res = await app.fetch(`/newsletter/confirm?token=${tampered}`, { method });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('This confirmation link is not valid');
    }
    expect((await app.fetch('/newsletter/confirm')).status).toBe(400);
    const nobody = confirmToken(
      app.config.jwtSecret,
      subscriberIdFor('nobody@example.ca'),
      new Date().toISOString(),
    );
    const unknown = await app.fetch(`/newsletter/confirm?token=${nobody}`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('We could not find this sign-up');
    expect(await requestEvents()).toBe(before);
  });

  it('a page that is not a path is refused with 400 naming the field, and nothing is stored', async () => {
    const before = [await requestEvents(), await count('newsletter_subscribers')];
    const res = await signup({ email: 'page@example.ca', page: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      { path: 'page', message: 'page must be a path starting with /' },
    ]);
    expect([await requestEvents(), await count('newsletter_subscribers')]).toEqual(before);
  });

  it('a filled honeypot is refused with 400 and nothing is stored', async () => {
    const before = [await requestEvents(), await count('newsletter_subscribers')];
    const res = await signup({ email: 'bot@example.com', name: 'Bot McBotface' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'name: Please try again.',
      errors: [{ path: 'name', message: 'Please try again.' }],
    });
    expect([await requestEvents(), await count('newsletter_subscribers')]).toEqual(before);
  });

  it('an invalid or missing e-mail is refused with the field named', async () => {
    const res = await signup({ email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      { path: 'email', message: 'Invalid email address' },
    ]);
  });

  it('a form sent faster than a person could type is not spam: it waits for its confirmation like any other', async () => {
    const res = await signup(
      { email: 'fast@example.com', startedAt: Date.now() - 500 },
      '203.0.113.11',
    );
    expect(res.status).toBe(200);
    // Autofill sends as fast as a bot; only the person can confirm from their inbox.
    expect(
      await app.db('newsletter_subscribers').where({ email: 'fast@example.com' }).first(),
    ).toMatchObject({ is_spam: false, spam_reason: null, status: 'pending' });
  });

  it('more than 10 sign-ups from one IP in 10 minutes get 429 with a clear message; from the 6th they are flagged', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 10; i++)
      expect((await signup({ email: `flood${i}@example.com` }, ip)).status).toBe(200);
    const flagged = await app
      .db('newsletter_subscribers')
      .where({ ip_address: ip, is_spam: true })
      .pluck('spam_reason');
    expect(flagged).toHaveLength(5);
    expect(new Set(flagged)).toEqual(
      new Set(['Many submissions from one address in a few minutes']),
    );
    const res = await signup({ email: 'flood-last@example.com' }, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).message).toBe(
      'Too many sign-ups from your address. Please try again later.',
    );
  });
});

describe('the back office', () => {
  it('lists active (confirmed) subscriptions, or all, pending ones too, with includeUnsubscribed; details carry device, browser, campaign, the consent record and an unsubscribe link', async () => {
    const list = await (await app.fetch('/api/newsletter', { token })).json();
    expect(list.map((s: { status: string }) => s.status)).toEqual(list.map(() => 'active'));
    const ann = list.find((s: { email: string }) => s.email === 'ann@example.ca');
    expect(ann.consent).toMatchObject({
      method: 'confirm-button',
      requestIp: '24.114.0.1',
      page: '/blog/ai',
      confirmIp: '198.51.100.9',
    });
    expect(ann.confirmedAt).toBe(ann.consent.confirmedAt);
    expect(ann).toMatchObject({
      status: 'active',
      subscribed: true,
      isSpam: false,
      source: 'website',
      deviceType: 'desktop',
      browserInfo: { name: 'Firefox', version: '133.0', os: 'Linux' },
      utmSource: 'linkedin',
      referer: 'https://www.example.ca/blog/ai',
      ipAddress: '24.114.0.1',
    });
    expect(ann.unsubscribeUrl).toMatch(
      /^https:\/\/www\.example\.ca\/newsletter\/unsubscribe\?token=/,
    );
    const bad = await app.fetch('/api/newsletter?includeUnsubscribed=maybe', { token });
    expect(bad.status).toBe(400);

    await signup({ email: 'waiting@example.ca', source: 'footer' }, '203.0.113.13');
    const all = await (
      await app.fetch('/api/newsletter?includeUnsubscribed=true', { token })
    ).json();
    const waiting = all.find((s: { email: string }) => s.email === 'waiting@example.ca');
    expect(waiting).toMatchObject({ status: 'pending', subscribed: false, consent: null });
    expect(Date.parse(waiting.expiresAt) - Date.parse(waiting.requestedAt)).toBe(7 * 86_400_000);
    const counts = await (await app.fetch('/api/newsletter/analytics', { token })).json();
    expect(counts.activeSubscriptions).toBe(list.length);
    expect(counts.pendingSubscriptions).toBeGreaterThanOrEqual(1);
  });

  it('mark spam needs a reason; marks; unmarks; unknown ids are 404 and bad ids 400', async () => {
    const id = subscriberIdFor('ann@example.ca');
    const noReason = await app.fetch(`/api/newsletter/${id}/spam`, {
      method: 'POST',
      token,
      json: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).errors[0]).toEqual({
      path: 'reason',
      message: 'A reason is required',
    });
    const marked = await app.fetch(`/api/newsletter/${id}/spam`, {
      method: 'POST',
      token,
      json: { reason: 'Competitor scraping' },
    });
    expect(marked.status).toBe(200);
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toMatchObject({
      is_spam: true,
      spam_reason: 'Competitor scraping',
    });
    expect(
      (await app.fetch(`/api/newsletter/${id}/spam`, { method: 'DELETE', token })).status,
    ).toBe(200);
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toMatchObject({
      is_spam: false,
      spam_reason: null,
    });
    const actors = await app
      .db('events')
      .where({ stream_id: `subscriber:${id}` })
      .whereIn('type', ['SubscriberMarkedSpam', 'SubscriberUnmarkedSpam'])
      .pluck('metadata');
    expect(actors.map((m: { actor: string }) => m.actor)).toEqual(['admin:admin', 'admin:admin']);
    const unknown = subscriberIdFor('nobody@example.ca');
    expect(
      (await app.fetch(`/api/newsletter/${unknown}`, { method: 'DELETE', token })).status,
    ).toBe(404);
    expect((await app.fetch('/api/newsletter/42/spam', { method: 'DELETE', token })).status).toBe(
      400,
    );
  });

  it('a sign-up flagged as spam gets no confirmation e-mail; cleared by the administrator, it gets one', {
    timeout: 120_000,
  }, async () => {
    // The sixth sign-up from one address in a few minutes is flagged (the first five are not).
    for (let i = 0; i < 5; i++) await signup({ email: `before${i}@example.ca` }, '203.0.113.14');
    await signup({ email: 'hasty@example.ca' }, '203.0.113.14');
    const id = subscriberIdFor('hasty@example.ca');
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toMatchObject({
      status: 'pending',
      is_spam: true,
    });
    await drained();
    expect(mailsTo('hasty@example.ca')).toEqual([]);
    const cleared = await app.fetch(`/api/newsletter/${id}/spam`, { method: 'DELETE', token });
    expect(cleared.status).toBe(200);
    await eventually(async () => mailsTo('hasty@example.ca').find(isConfirmation), 60_000);
    await drained();
    expect(mailsTo('hasty@example.ca')).toHaveLength(1);
  });

  it('exports CSV with a file name, neutralising cells that begin with = + - @', async () => {
    await signup(
      {
        email: 'x@example.com',
        utmCampaign: '=HYPERLINK("http://evil")',
        utmSource: '+1',
        utmMedium: '@SUM(A1)',
        source: '-footer',
      },
      '203.0.113.12',
    );
    await confirmNow('x@example.com');
    const res = await app.fetch('/api/newsletter/export', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    const x = rows.find((r) => r.Email === 'x@example.com')!;
    expect(x['UTM Campaign']).toBe(`'=HYPERLINK("http://evil")`);
    expect(x['UTM Source']).toBe(`'+1`);
    expect(x['UTM Medium']).toBe(`'@SUM(A1)`);
    expect(x.Source).toBe(`'-footer`);
    expect(rows.find((r) => r.Email === 'ann@example.ca')).toMatchObject({
      Status: 'Active',
      Device: 'desktop',
      'Consent Method':
        'Double opt-in: pressed Confirm on the page linked from the confirmation e-mail',
      'Consent Source': 'website',
      'Consent Request IP': '24.114.0.1',
      'Consent Page': '/blog/ai',
      'Consent Wording': DEFAULT_CONSENT_WORDING,
      'Confirmation IP': '198.51.100.9',
      'Confirmation User Agent': 'Phone',
    });
    expect(rows.find((r) => r.Email === 'ann@example.ca')!.Confirmed).toMatch(/^\d{4}-\d\d-\d\dT/);
    // A pending sign-up has consented to nothing yet: it is not exported.
    expect(rows.some((r) => r.Email === 'waiting@example.ca')).toBe(false);
  });

  it('the export starts with a byte-order mark, so spreadsheet programs read accents, then the header', async () => {
    const res = await app.fetch('/api/newsletter/export', { token });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\n')[0]).toBe(
      'Email,Name,Status,Spam,Spam Reason,Source,Device,Browser,OS,City,Country,IP Address,UTM Source,UTM Medium,UTM Campaign,Referrer,Created,Consent Method,Consent Source,Consent Requested,Consent Request IP,Consent Page,Consent Wording,Confirmed,Confirmation IP,Confirmation User Agent',
    );
  });

  it('deletes a subscription and its personal data from the read model', async () => {
    const id = subscriberIdFor('x@example.com');
    expect((await app.fetch(`/api/newsletter/${id}`, { method: 'DELETE', token })).status).toBe(
      204,
    );
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toBeUndefined();
    expect((await app.fetch(`/api/newsletter/${id}`, { method: 'DELETE', token })).status).toBe(
      404,
    );
  });
});

describe('one-click unsubscribe', () => {
  const id = subscriberIdFor('ann@example.ca');

  it('GET shows a confirmation page; POST (RFC 8058 form) unsubscribes; the back office sees the status', async () => {
    const link = `/newsletter/unsubscribe?token=${unsubscribeToken(app.config.jwtSecret, id)}`;
    const page = await app.fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Unsubscribe from our newsletter?');
    expect(html).toContain('ann@example.ca');
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toMatchObject({
      subscribed: true,
    });

    const post = await app.fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toContain("You're unsubscribed");
    const events = await app
      .db('events')
      .where({ stream_id: `subscriber:${id}`, type: 'SubscriberUnsubscribed' });
    expect(events).toHaveLength(1);
    expect(events[0].data).toEqual({ subscriberId: id, via: 'one-click' });
    // The suppression entry: the keyed hash of the address, never the address.
    const hash = suppressionHash(app.config.dataKey, 'ann@example.ca');
    expect(await app.db('newsletter_suppressions').select('email_hash', 'reason')).toEqual([
      { email_hash: hash, reason: 'unsubscribed' },
    ]);
    const [suppressed] = await app
      .db('events')
      .where({ stream_id: `subscriber:${id}`, type: 'SubscriberSuppressed' });
    expect(JSON.stringify(suppressed.data)).not.toContain('ann@');

    const active = await (await app.fetch('/api/newsletter', { token })).json();
    expect(active.some((s: { id: string }) => s.id === id)).toBe(false);
    const all = await (
      await app.fetch('/api/newsletter?includeUnsubscribed=true', { token })
    ).json();
    expect(all.find((s: { id: string }) => s.id === id)).toMatchObject({ subscribed: false });

    // The link opened again says it is done, and no longer shows the address.
    const again = await (await app.fetch(link)).text();
    expect(again).toContain("You're already unsubscribed");
    expect(again).not.toContain('ann@example.ca');
    // A second click changes nothing.
    expect((await app.fetch(link, { method: 'POST' })).status).toBe(200);
    expect(
      await app
        .db('events')
        .where({ stream_id: `subscriber:${id}`, type: 'SubscriberUnsubscribed' }),
    ).toHaveLength(1);
  });

  it('an unsubscribed address is not mailed again: a job delivered again sends nothing', async () => {
    const id = subscriberIdFor('ann@example.ca');
    const before = mailsTo('ann@example.ca').length;
    const [confirmed] = await app
      .db('events')
      .where({ stream_id: `subscriber:${id}`, type: 'SubscriptionConfirmed' });
    const event = (await app.worker!.context.store.readEvent(confirmed.position))!;
    const { newsletterHandlers } = await import('./jobs.ts');
    for (const handler of newsletterHandlers.filter((h) => h.queue !== CONTACT_SIGNUP_QUEUE))
      await handler.handle(event, app.worker!.context);
    expect(mailsTo('ann@example.ca')).toHaveLength(before);
  });

  it('signing up again after unsubscribing asks for a new confirmation; confirming lifts the suppression and welcomes again', {
    timeout: 120_000,
  }, async () => {
    const welcomes = mailsTo('ann@example.ca').filter(isWelcome).length;
    const confirmations = mailsTo('ann@example.ca').filter(isConfirmation).length;
    expect((await signup({ email: 'ann@example.ca', source: 'footer' })).status).toBe(200);
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toMatchObject({
      status: 'pending',
      subscribed: false,
      source: 'footer',
    });
    await eventually(
      async () => mailsTo('ann@example.ca').filter(isConfirmation).length > confirmations,
      60_000,
    );
    await confirmByMail('ann@example.ca');
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toMatchObject({
      status: 'active',
      subscribed: true,
    });
    expect(await app.db('newsletter_suppressions')).toEqual([]);
    await eventually(
      async () => mailsTo('ann@example.ca').filter(isWelcome).length > welcomes,
      60_000,
    );
  });

  it('a tampered link is refused with a clear page, on GET and POST, and changes nothing', async () => {
    const good = unsubscribeToken(app.config.jwtSecret, id);
    const other = subscriberIdFor('fast@example.com');
    const tampered = good.replace(id, other);
    const before = await requestEvents();
    for (const method of ['GET', 'POST']) {
      const res = await app.fetch(`/newsletter/unsubscribe?token=${tampered}`, { method });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('This unsubscribe link is not valid');
    }
    expect((await app.fetch('/newsletter/unsubscribe')).status).toBe(400);
    expect(await requestEvents()).toBe(before);
  });

  it('an expired link is refused with a clear page', async () => {
    const old = unsubscribeToken(app.config.jwtSecret, id, new Date(Date.now() - 400 * 86_400_000));
    const res = await app.fetch(`/newsletter/unsubscribe?token=${old}`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This unsubscribe link has expired');
  });
});

describe('analytics in the business time zone (America/Toronto)', () => {
  it("counts today, this week (from Monday) and this month on Toronto's calendar, across the DST change", async () => {
    const fresh = await startTestApp();
    try {
      const store = fresh.api.runtime.store;
      // Now: Saturday 21 November 2026, 23:59 in Toronto (already Sunday the 22nd in UTC).
      const now = new Date('2026-11-22T04:59:00Z');
      const at = {
        'today-start@example.ca': '2026-11-21T05:00:00Z', // Sat 00:00 EST: today
        'yesterday-end@example.ca': '2026-11-21T04:59:59Z', // Fri 23:59:59: this week, not today
        'monday-start@example.ca': '2026-11-16T05:00:00Z', // Mon 00:00: this week
        'sunday-end@example.ca': '2026-11-16T04:59:00Z', // Sun 15th 23:59: this month only
        'month-start@example.ca': '2026-11-01T04:00:00Z', // 1 Nov 00:00 EDT (before DST ended)
        'october@example.ca': '2026-11-01T03:59:00Z', // 31 Oct 23:59 EDT: last month
      };
      const visitor = { ip: '203.0.113.1', userAgent: '', referer: '' };
      // Each confirmed at its time (the request an hour before): a subscription counts from
      // its confirmation.
      for (const [email, when] of Object.entries(at)) {
        const asked = new Date(Date.parse(when) - 3_600_000);
        const requested = requestSubscription(subscriberState([]), { email }, visitor, asked);
        const id = subscriberIdFor(email);
        const confirmed = confirmSubscription(
          id,
          subscriberState(requested),
          asked.toISOString(),
          visitor,
          new Date(when),
        );
        await store.append(
          `subscriber:${id}`,
          0,
          [...requested, ...confirmed] as NewsletterEvent[],
          {
            metadata: { actor: 'test' },
          },
        );
      }
      // One waits for its confirmation (asked yesterday): pending, counted nowhere else.
      const waiting = requestSubscription(
        subscriberState([]),
        { email: 'waiting@example.ca' },
        visitor,
        new Date('2026-11-21T12:00:00Z'),
      );
      await store.append(`subscriber:${subscriberIdFor('waiting@example.ca')}`, 0, waiting, {
        metadata: { actor: 'test' },
      });
      await store.append(
        `subscriber:${subscriberIdFor('october@example.ca')}`,
        2,
        [
          {
            type: 'SubscriberMarkedSpam',
            data: {
              subscriberId: subscriberIdFor('october@example.ca'),
              reason: 'x',
              automatic: false,
            },
          },
        ],
        { metadata: { actor: 'test' } },
      );
      await store.append(
        `subscriber:${subscriberIdFor('sunday-end@example.ca')}`,
        2,
        [
          {
            type: 'SubscriberUnsubscribed',
            data: { subscriberId: subscriberIdFor('sunday-end@example.ca'), via: 'link' },
          },
        ],
        { metadata: { actor: 'test' } },
      );
      await rebuildProjections(store, [newsletterSubscribersProjection]);
      expect(await newsletterAnalytics(fresh.db, now)).toEqual({
        totalSubscriptions: 6,
        activeSubscriptions: 5,
        pendingSubscriptions: 1,
        spamCount: 1,
        recentSignups: 1,
        weeklySignups: 3,
        monthlySignups: 5,
      });
      // A minute later it is Sunday in Toronto: a new day, still the same week.
      expect(await newsletterAnalytics(fresh.db, new Date('2026-11-22T05:00:30Z'))).toMatchObject({
        recentSignups: 0,
        weeklySignups: 3,
      });
      const res = await fresh.fetch('/api/newsletter/analytics', { token: await fresh.login() });
      expect(Object.keys(await res.json()).sort()).toEqual([
        'activeSubscriptions',
        'monthlySignups',
        'pendingSubscriptions',
        'recentSignups',
        'spamCount',
        'totalSubscriptions',
        'weeklySignups',
      ]);
    } finally {
      await fresh.close();
    }
  });
});

describe('the spam rules keep their own clock', () => {
  const deps = () => ({ db: app.db, store: app.api.runtime.store });
  const visitor = { ip: '198.51.100.200', userAgent: FIREFOX, referer: '' };
  const spamOf = async (email: string) =>
    (await app.db('newsletter_subscribers').where({ email }).first()).spam_reason;

  it('five sign-ups from one address make the next one in 10 minutes look automated; 10 minutes on, it does not', async () => {
    const start = new Date();
    const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
    for (let i = 0; i < 5; i++)
      await signUp(deps(), { email: `clock${i}@example.com` }, visitor, { actor: 'test' }, start);
    expect(await spamOf('clock4@example.com')).toBeNull();
    await signUp(
      deps(),
      { email: 'clock-later@example.com' },
      visitor,
      { actor: 'test' },
      minutes(11),
    );
    expect(await spamOf('clock-later@example.com')).toBeNull();
    await signUp(
      deps(),
      { email: 'clock-sooner@example.com' },
      visitor,
      { actor: 'test' },
      minutes(9),
    );
    expect(await spamOf('clock-sooner@example.com')).toBe(
      'Many submissions from one address in a few minutes',
    );
  });

  it('a form opened under 3 seconds before the clock says it was sent is not flagged for it (the confirmation is the check)', async () => {
    const now = new Date('2031-05-01T12:00:00Z');
    const other = { ...visitor, ip: '198.51.100.201' };
    const at = (ms: number) => ({
      email: `opened-${ms}@example.com`,
      startedAt: now.getTime() - ms,
    });
    await signUp(deps(), at(2_999), other, { actor: 'test' }, now);
    expect(await spamOf('opened-2999@example.com')).toBeNull();
    await signUp(deps(), at(3_000), other, { actor: 'test' }, now);
    expect(await spamOf('opened-3000@example.com')).toBeNull();
  });
});

describe('pending sign-ups expire after 7 days (injected clock)', () => {
  it('the expiry job, run before the 7 days are over, changes nothing; after, a never-confirmed address is forgotten', async () => {
    const deps = { db: app.db, store: app.api.runtime.store };
    const visitor = { ip: '198.51.100.210', userAgent: FIREFOX, referer: '' };
    const asked = new Date('2031-01-10T12:00:00.000Z');
    await signUp(
      deps,
      { email: 'late@example.ca', startedAt: asked.getTime() - 60_000 },
      visitor,
      { actor: 'test' },
      asked,
    );
    const id = subscriberIdFor('late@example.ca');
    const [row] = await app
      .db('events')
      .where({ stream_id: `subscriber:${id}`, type: 'SubscriptionRequested' });
    // Its expiry job waits until the 7 days are over.
    const [job] = await app.db
      .withSchema('pgboss')
      .from('job')
      .where({ name: EXPIRE_REQUEST_QUEUE })
      .whereRaw("data->>'position' = ?", [String(row.position)]);
    expect(new Date(job.start_after)).toEqual(new Date('2031-01-17T12:00:00.000Z'));
    const event = (await app.worker!.context.store.readEvent(row.position))!;
    const ctx = app.worker!.context;
    await expirePendingRequest(event as never, ctx, new Date('2031-01-17T11:59:59.999Z'));
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toMatchObject({
      status: 'pending',
    });
    await expirePendingRequest(event as never, ctx, new Date('2031-01-17T12:00:00.000Z'));
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toBeUndefined();
    const types = await app
      .db('events')
      .where({ stream_id: `subscriber:${id}` })
      .whereNotIn('type', ['SubscriberEnriched', 'ConfirmationSent'])
      .orderBy('version')
      .pluck('type');
    expect(types).toEqual(['SubscriptionRequested', 'SubscriptionExpired']);
  });

  it("a request made 8 days ago: its link says expired and records nothing; the worker's expiry job, due since, forgets it", async () => {
    const deps = { db: app.db, store: app.api.runtime.store };
    const visitor = { ip: '198.51.100.211', userAgent: FIREFOX, referer: '' };
    const asked = new Date(Date.now() - 8 * 86_400_000);
    await signUp(deps, { email: 'stale@example.ca' }, visitor, { actor: 'test' }, asked);
    const id = subscriberIdFor('stale@example.ca');
    const link = `/newsletter/confirm?token=${confirmToken(app.config.jwtSecret, id, asked.toISOString())}`;
    for (const method of ['GET', 'POST']) {
      const late = await app.fetch(link, { method });
      expect(late.status).toBe(410);
      expect(await late.text()).toContain('This confirmation link has expired');
    }
    await eventually(
      async () => (await app.db('newsletter_subscribers').where({ id }).first()) === undefined,
      60_000,
    );
    const types = await app
      .db('events')
      .where({ stream_id: `subscriber:${id}` })
      .whereNotIn('type', ['SubscriberEnriched', 'ConfirmationSent'])
      .orderBy('version')
      .pluck('type');
    expect(types).toEqual(['SubscriptionRequested', 'SubscriptionExpired']);
  });
});

describe('the contact form\'s "subscribe to the newsletter" tick', () => {
  it("goes through the same double opt-in, with the contact form's consent record; unticked, nothing", {
    timeout: 120_000,
  }, async () => {
    const message = (email: string, subscribeNewsletter: boolean) =>
      app.fetch('/api/contact', {
        method: 'POST',
        json: {
          firstName: 'Dana',
          lastName: 'Roy',
          email,
          message: 'We would like to automate our invoicing.',
          subscribeNewsletter,
          startedAt: Date.now() - 60_000,
        },
        headers: { 'x-forwarded-for': '203.0.113.88', 'user-agent': FIREFOX },
      });
    expect((await message('dana@example.ca', true)).status).toBe(201);
    expect((await message('eli@example.ca', false)).status).toBe(201);
    const id = subscriberIdFor('dana@example.ca');
    await eventually(() => app.db('newsletter_subscribers').where({ id }).first(), 60_000);
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toMatchObject({
      status: 'pending',
      subscribed: false,
      source: 'contact-form',
    });
    await confirmByMail('dana@example.ca', '198.51.100.33');
    const row = await app.db('newsletter_subscribers').where({ id }).first();
    expect(row.consent).toMatchObject({
      source: 'contact-form',
      requestIp: '203.0.113.88',
      page: '/contact',
      wording: CONSENT_WORDING['contact-form'],
      confirmIp: '198.51.100.33',
      method: 'confirm-button',
    });
    await drained();
    expect(
      await app.db('newsletter_subscribers').where({ email: 'eli@example.ca' }).first(),
    ).toBeUndefined();
    expect(mailsTo('eli@example.ca')).toEqual([]);
  });
});

describe('the erasure hook: suppressAddress', () => {
  it('unsubscribes an active subscriber at once and keeps only the keyed hash; an unknown address is suppressed too', {
    timeout: 120_000,
  }, async () => {
    const store = app.api.runtime.store;
    await signup({ email: 'gone@example.ca' }, '203.0.113.15');
    await confirmNow('gone@example.ca');
    await drained();
    await suppressAddress(store, 'Gone@Example.ca', app.config.dataKey, { actor: 'admin:admin' });
    const id = subscriberIdFor('gone@example.ca');
    expect(await app.db('newsletter_subscribers').where({ id }).first()).toMatchObject({
      status: 'unsubscribed',
      subscribed: false,
    });
    await suppressAddress(store, 'never@example.ca', app.config.dataKey, { actor: 'admin:admin' });
    expect(
      await app
        .db('newsletter_subscribers')
        .where({ id: subscriberIdFor('never@example.ca') })
        .first(),
    ).toBeUndefined();
    const entries = await app
      .db('newsletter_suppressions')
      .whereIn('email_hash', [
        suppressionHash(app.config.dataKey, 'gone@example.ca'),
        suppressionHash(app.config.dataKey, 'never@example.ca'),
      ])
      .pluck('reason');
    expect(entries).toEqual(['erased', 'erased']);
    // Twice is the same.
    const before = await requestEvents();
    await suppressAddress(store, 'gone@example.ca', app.config.dataKey, { actor: 'admin:admin' });
    expect(await requestEvents()).toBe(before);
  });
});
