import { type SmtpCatcher, startSmtpCatcher } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { confirmWithLink, subscriberIdFor } from './commands.ts';
import { ENRICH_SUBSCRIBER_QUEUE, WELCOME_SUBSCRIBER_QUEUE } from './index.ts';
import { newsletterHandlers } from './jobs.ts';

// The worker runs no newsletter job here: the test confirms the sign-up and delivers the
// welcome job itself, twice at the same moment (with the enrichment writing the same stream),
// and nothing else can send.

let smtp: SmtpCatcher;
let app: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ worker: [], env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const handler = (queue: string) => newsletterHandlers.find((h) => h.queue === queue)!;

async function signup(json: Record<string, unknown>, ip: string) {
  const res = await app.fetch('/api/newsletter/subscribe', {
    method: 'POST',
    json,
    headers: { 'x-forwarded-for': ip },
  });
  expect(res.status).toBe(200);
  const id = subscriberIdFor(String(json.email));
  const store = app.worker!.context.store;
  const [request] = (await store.readStream(`subscriber:${id}`)).filter(
    (e) => e.type === 'SubscriptionRequested',
  );
  const { requestedAt } = request!.data as { requestedAt: string };
  const visitor = { ip, userAgent: 'UA', referer: '' };
  expect(await confirmWithLink(store, id, requestedAt, visitor, { actor: 'test' })).toBe('confirm');
}

/** The job as the worker gets it: the stored sign-up, read back from the log. */
async function deliverTwiceAtOnce(email: string) {
  const id = subscriberIdFor(email);
  const [row] = await app
    .db('events')
    .where({ stream_id: `subscriber:${id}` })
    .whereIn('type', ['SubscriptionConfirmed'])
    .orderBy('version', 'desc');
  const event = (await app.worker!.context.store.readEvent(row.position))!;
  const context = app.worker!.context;
  await Promise.all([
    handler(WELCOME_SUBSCRIBER_QUEUE).handle(event, context),
    handler(ENRICH_SUBSCRIBER_QUEUE).handle(event, context),
    handler(WELCOME_SUBSCRIBER_QUEUE).handle(event, context),
  ]);
  return { id, position: row.position as number };
}

const welcomed = (id: string) =>
  app.db('events').where({ stream_id: `subscriber:${id}`, type: 'SubscriberWelcomed' });

describe('the welcome e-mail', () => {
  it('delivered twice at the same moment, sends one e-mail, in text and HTML, with its unsubscribe headers, and records it once', async () => {
    await signup({ email: 'twice@example.ca' }, '203.0.113.60');
    const { id, position } = await deliverTwiceAtOnce('twice@example.ca');

    const mails = smtp.mails.filter((m) => m.to.includes('twice@example.ca'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.headers.subject).toBe('Welcome to the Grand River Digital newsletter');
    expect(mail!.headers['message-id']).toBe(
      `<newsletter-welcome-${id}-${position}@www.example.ca>`,
    );
    expect(mail!.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail!.raw).toContain('Content-Type: text/plain');
    expect(mail!.raw).toContain('Content-Type: text/html');
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/www\.example\.ca\/newsletter\/unsubscribe\?token=/,
    );
    expect(await welcomed(id)).toHaveLength(1);

    // Delivered again later: still one.
    await deliverTwiceAtOnce('twice@example.ca');
    expect(smtp.mails.filter((m) => m.to.includes('twice@example.ca'))).toHaveLength(1);
  });

  it('a sign-up flagged as spam is not welcomed', async () => {
    // The sixth sign-up from one address in a few minutes is flagged.
    for (let i = 0; i < 5; i++) await signup({ email: `first${i}@example.com` }, '203.0.113.61');
    await signup({ email: 'quick@example.com' }, '203.0.113.61');
    const { id } = await deliverTwiceAtOnce('quick@example.com');
    expect(smtp.mails.filter((m) => m.to.includes('quick@example.com'))).toEqual([]);
    expect(await welcomed(id)).toEqual([]);
  });
});
