import type { EventJob } from '@kw/platform';
import { type CaughtMail, eventually, startSmtpCatcher } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import {
  APPLICATION_DIGEST_QUEUE,
  APPLICATION_NOTIFICATION_QUEUE,
  APPLICATION_RECEIVED_QUEUE,
  REJECTION_EMAIL_QUEUE,
} from './index.ts';
import { acknowledgementHandler, adminNotificationHandler, rejectionEmailHandler } from './jobs.ts';
import { apply, createCategory, createJob, drained } from './test-fixtures.ts';

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let app: TestApp;
let token: string;
let jobId: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({
    worker: true,
    env: { SMTP_URL: smtp.url, ADMIN_EMAIL: 'hiring@grandriverdigital.ca' },
  });
  token = await app.login();
  jobId = await createJob(app, token, await createCategory(app, token));
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const mailsTo = (address: string, subject: RegExp) =>
  smtp.mails.filter((m) => m.to.includes(address) && subject.test(m.headers.subject ?? ''));
const REJECTION = /^Your application for /;

async function newApplication(email: string): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    phone: '519-555-0100',
  }))
    form.append(k, v);
  form.append('resume', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'cv.pdf');
  const res = await apply(app, jobId, form);
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

/** An application's event, as the queue carries it and as the handler reads it. */
async function eventOf(id: string, type: string) {
  const [row] = await app.db('events').where({ stream_id: `job-application:${id}`, type });
  const job: EventJob = { position: row.position, streamId: row.stream_id, type: row.type };
  return { job, event: (await app.worker!.context.store.readEvent(row.position))! };
}

const setStatus = (id: string, status: string) =>
  app.fetch(`/api/job-applications/${id}/status`, { method: 'PUT', token, json: { status } });

describe('when an application arrives', () => {
  it('the applicant gets an acknowledgement and the administrator a notification, naming the job', async () => {
    await newApplication('grace@example.ca');
    const ack = await eventually(
      async () => mailsTo('grace@example.ca', /^We received your application/)[0],
      15_000,
    );
    expect(ack.headers.subject).toBe('We received your application for Machine Learning Engineer');
    const note = await eventually(
      async () => mailsTo('hiring@grandriverdigital.ca', /^New application/)[0],
      15_000,
    );
    expect(note.headers.subject).toBe(
      'New application: Ada Lovelace for Machine Learning Engineer',
    );
    expect(note.headers['reply-to']).toBe('grace@example.ca');
  });

  it('sends each of them once, even when their jobs are delivered again or run twice at once', async () => {
    const id = await newApplication('hedy@example.ca');
    const ack = /^We received your application/;
    await eventually(async () => mailsTo('hedy@example.ca', ack)[0], 15_000);
    const { job, event } = await eventOf(id, 'ApplicationSubmitted');
    for (const queue of [APPLICATION_RECEIVED_QUEUE, APPLICATION_NOTIFICATION_QUEUE])
      await app.api.runtime.boss.send(queue, job);
    await Promise.all(
      [
        acknowledgementHandler,
        adminNotificationHandler,
        acknowledgementHandler,
        adminNotificationHandler,
      ].map((handler) => handler.handle(event, app.worker!.context)),
    );
    // Every delivery has run, and the round of notices they joined: whatever it sent is in the
    // catcher already.
    await drained(app.db, [
      APPLICATION_RECEIVED_QUEUE,
      APPLICATION_NOTIFICATION_QUEUE,
      APPLICATION_DIGEST_QUEUE,
    ]);

    expect(mailsTo('hedy@example.ca', ack)).toHaveLength(1);
    const notes = smtp.mails.filter(
      (m) =>
        m.to.includes('hiring@grandriverdigital.ca') && m.headers['reply-to'] === 'hedy@example.ca',
    );
    expect(notes).toHaveLength(1);
    // Read through the store, which opens the sealed personal fields (the applicant's address).
    const recorded = (await app.worker!.context.store.readStream(`job-application:${id}`))
      .filter((e) => ['ApplicationAcknowledged', 'AdminNotifiedOfApplication'].includes(e.type))
      .sort((a, b) => a.type.localeCompare(b.type)) as { type: string; data: { to: string } }[];
    expect(recorded.map((e) => [e.type, e.data.to])).toEqual([
      ['AdminNotifiedOfApplication', 'hiring@grandriverdigital.ca'],
      ['ApplicationAcknowledged', 'hedy@example.ca'],
    ]);
  });
});

describe('rejecting an application', () => {
  it('sends exactly one kind e-mail, in text and HTML, naming the job, even when the job is delivered again', async () => {
    const id = await newApplication('alan@example.ca');
    expect((await setStatus(id, 'rejected')).status).toBe(200);
    const [mail] = (await eventually(async () => {
      const found = mailsTo('alan@example.ca', REJECTION);
      return found.length > 0 ? found : undefined;
    }, 15_000)) as CaughtMail[];
    expect(mail!.headers.subject).toBe(
      'Your application for Machine Learning Engineer at Grand River Digital',
    );
    // Named after the rejection's version on the stream (the worker's own records of the
    // arrival, the notice queued among them, may come before it).
    const rejection = (await eventOf(id, 'ApplicationRejected')).event.version;
    expect(rejection).toBeGreaterThanOrEqual(2);
    expect(mail!.headers['message-id']).toBe(
      `<application-${id}-rejection-${rejection}@www.example.ca>`,
    );
    expect(mail!.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail!.raw).toContain('Content-Type: text/plain');
    expect(mail!.raw).toContain('Content-Type: text/html');
    expect(mail!.raw).toMatch(/Thank you for applying for the Machine Learning Engineer/);

    // The same job delivered twice more through the queue, and the handler run twice at once.
    const { job, event } = await eventOf(id, 'ApplicationRejected');
    await app.api.runtime.boss.send(REJECTION_EMAIL_QUEUE, job);
    await app.api.runtime.boss.send(REJECTION_EMAIL_QUEUE, job);
    await Promise.all([
      rejectionEmailHandler.handle(event, app.worker!.context),
      rejectionEmailHandler.handle(event, app.worker!.context),
    ]);
    await drained(app.db, [REJECTION_EMAIL_QUEUE]);

    expect(mailsTo('alan@example.ca', REJECTION)).toHaveLength(1);
    const sent = (await app.worker!.context.store.readStream(`job-application:${id}`)).filter(
      (e) => e.type === 'RejectionEmailSent',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toMatchObject({ rejectionVersion: rejection, to: 'alan@example.ca' });
    const list = (await (await app.fetch('/api/job-applications', { token })).json()) as {
      id: string;
      rejectionEmailSentAt: string | null;
    }[];
    expect(list.find((a) => a.id === id)?.rejectionEmailSentAt).toEqual(expect.any(String));
  });

  it('rejecting again once rejected changes nothing and sends nothing more', async () => {
    const id = await newApplication('edsger@example.ca');
    await setStatus(id, 'rejected');
    await eventually(async () => mailsTo('edsger@example.ca', REJECTION).length === 1, 15_000);
    expect((await setStatus(id, 'rejected')).status).toBe(200);
    await drained(app.db, [REJECTION_EMAIL_QUEUE]);
    expect(mailsTo('edsger@example.ca', REJECTION)).toHaveLength(1);
  });

  it('a later, new rejection (after reconsidering) is a new e-mail with its own id', async () => {
    const id = await newApplication('barbara@example.ca');
    // The worker records its e-mails on the same stream meanwhile: a clash is decided again.
    expect((await setStatus(id, 'rejected')).status).toBe(200);
    await eventually(async () => mailsTo('barbara@example.ca', REJECTION).length === 1, 15_000);
    expect((await setStatus(id, 'reviewing')).status).toBe(200);
    expect((await setStatus(id, 'rejected')).status).toBe(200);
    const both = await eventually(async () => {
      const found = mailsTo('barbara@example.ca', REJECTION);
      return found.length === 2 ? found : undefined;
    }, 15_000);
    expect(new Set(both.map((m) => m.headers['message-id'])).size).toBe(2);
  });
});
