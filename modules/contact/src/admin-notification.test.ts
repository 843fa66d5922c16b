import { type SmtpCatcher, startSmtpCatcher } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { NOTIFY_ADMIN_QUEUE } from './index.ts';
import { contactHandlers } from './jobs.ts';

// The worker runs no contact job here: the test delivers the notification job itself, twice at
// the same moment, and nothing else can send.

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

const notify = contactHandlers.find((h) => h.queue === NOTIFY_ADMIN_QUEUE)!;

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

/** The job as the worker gets it: the stored ContactReceived, read back from the log. */
async function deliverTwiceAtOnce(id: string): Promise<void> {
  const [row] = await app
    .db('events')
    .where({ stream_id: `contact:${id}`, type: 'ContactReceived' });
  const event = (await app.worker!.context.store.readEvent(row.position))!;
  await Promise.all([
    notify.handle(event, app.worker!.context),
    notify.handle(event, app.worker!.context),
  ]);
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
