import { type SmtpCatcher, startSmtpCatcher } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { NOTIFY_ADMIN_QUEUE, NOTIFY_DIGEST_QUEUE } from './index.ts';
import { contactJobHandlers } from './jobs.ts';

// The worker runs no contact job here: the test delivers the notification job and its round's
// job itself, each twice at the same moment, on a clock of its own, and nothing else can send.

let smtp: SmtpCatcher;
let app: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({
    worker: [],
    env: { SMTP_URL: smtp.url, ADMIN_EMAIL: 'owner@example.ca' },
  });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

let now = new Date('2031-05-04T10:00:00Z');
const handlers = contactJobHandlers({ now: () => now });
const notify = handlers.find((h) => h.queue === NOTIFY_ADMIN_QUEUE)!;
const round = handlers.find((h) => h.queue === NOTIFY_DIGEST_QUEUE)!;

async function submit(json: Record<string, unknown>, ip: string): Promise<string> {
  const res = await app.fetch('/api/contact', {
    method: 'POST',
    json: {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.ca',
      phone: '519-555-0100',
      company: 'Lee Bakery',
      service: 'integration',
      message: 'Our point of sale and our books do not talk to each other.',
      ...json,
    },
    headers: { 'x-forwarded-for': ip },
  });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

/**
 * The jobs as the worker gets them: the stored ContactReceived, read back from the log, then,
 * 2 s later by the test's clock, the job of the round it opened; each twice at once.
 */
async function deliverTwiceAtOnce(id: string): Promise<void> {
  const ctx = app.worker!.context;
  const [row] = await app
    .db('events')
    .where({ stream_id: `contact:${id}`, type: 'ContactReceived' });
  const event = (await ctx.store.readEvent(row.position))!;
  const before = Number((await app.db('events').max('position as max').first())?.max ?? 0);
  await Promise.all([notify.handle(event, ctx), notify.handle(event, ctx)]);
  now = new Date(now.getTime() + 2_000);
  const rounds = await app
    .db('events')
    .where({ type: 'ContactDigestScheduled' })
    .where('position', '>', before)
    .pluck('position');
  for (const position of rounds) {
    const scheduled = (await ctx.store.readEvent(position))!;
    await Promise.all([round.handle(scheduled, ctx), round.handle(scheduled, ctx)]);
  }
  // The next one comes in a quiet period.
  now = new Date(now.getTime() + 10 * 60_000);
}

describe("the administrator's notification", () => {
  it('delivered twice at the same moment, sends one e-mail, in text and HTML, and records it once', async () => {
    const id = await submit({ firstName: 'Twice' }, '203.0.113.40');
    await deliverTwiceAtOnce(id);

    const mails = smtp.mails.filter(
      (m) => m.headers['message-id'] === `<contact-${id}@www.example.ca>`,
    );
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual(['owner@example.ca']);
    expect(mail!.headers.subject).toBe('New contact submission from Twice Lee');
    // Replying answers the enquirer, not the company's mailbox the notice comes from.
    expect(mail!.headers['reply-to']).toBe('ann@example.ca');
    expect(mail!.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail!.raw).toContain('Content-Type: text/plain');
    expect(mail!.raw).toContain('Content-Type: text/html');
    expect(mail!.raw).toContain('Service: Integration & Automation');
    expect(mail!.raw).toContain('Open the back office: https://www.example.ca/admin/contact');

    const recorded = await app
      .db('events')
      .where({ stream_id: `contact:${id}`, type: 'AdminNotifiedOfContact' });
    expect(recorded).toHaveLength(1);
    expect(recorded[0].data).toEqual({ submissionId: id, to: 'owner@example.ca' });
    expect(recorded[0].metadata).toMatchObject({
      actor: 'worker',
      causationId: expect.any(Number),
    });

    // Delivered again later: still one.
    await deliverTwiceAtOnce(id);
    expect(
      smtp.mails.filter((m) => m.headers['message-id'] === `<contact-${id}@www.example.ca>`),
    ).toHaveLength(1);
  });

  it('a submission flagged as spam sends nothing and records nothing', async () => {
    const id = await submit(
      { email: 'spam@example.com', message: 'x http://a.b http://c.d http://e.f http://g.h' },
      '203.0.113.41',
    );
    const before = smtp.mails.length;
    await deliverTwiceAtOnce(id);
    expect(smtp.mails).toHaveLength(before);
    expect(
      await app.db('events').where({ stream_id: `contact:${id}`, type: 'AdminNotifiedOfContact' }),
    ).toEqual([]);
  });
});
