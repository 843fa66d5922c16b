import { SPAM_REASONS } from '@kw/platform/http';
import { eventually, startSmtpCatcher } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { MARKED_AS_SPAM_REASON } from './contract.ts';
import { APPLICATION_NOTIFICATION_QUEUE, APPLICATION_RECEIVED_QUEUE } from './index.ts';
import {
  APPLICANT,
  applicationForm,
  apply,
  createCategory,
  createJob,
  drained,
} from './test-fixtures.ts';

// Issue 6: the spam checks shared with the contact and newsletter forms, on job applications.

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

const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();

async function submit(fields: Record<string, string>, ip?: string): Promise<string> {
  const res = await apply(app, jobId, applicationForm({ ...APPLICANT, ...fields }), ip);
  expect(res.status).toBe(201);
  expect((await res.json()).message).toBe('Application received');
  return (await (await app.fetch('/api/job-applications', { token })).json()).find(
    (a: { email: string }) => a.email === fields.email,
  ).id;
}

const listed = async (id: string) =>
  (
    (await (await app.fetch('/api/job-applications', { token })).json()) as Array<{
      id: string;
      isSpam: boolean;
      spamReason: string | null;
      held: boolean;
      heldReason: string | null;
    }>
  ).find((a) => a.id === id);

// First, before the other tests queue their e-mails ahead of these.
describe('given a spam application, when the worker runs', () => {
  it('neither the applicant nor the administrator gets an e-mail; a real one gets both', async () => {
    // A filled honeypot: spam (one only too fast is held for review instead, see held.api.test.ts).
    await submit({
      email: 'spammer@example.ca',
      website: 'http://spam.example',
      firstName: 'Spammy',
    });
    await submit({ email: 'real@example.ca', startedAt: secondsAgo(120), firstName: 'Realname' });
    await eventually(async () => smtp.mails.find((m) => m.to.includes('real@example.ca')), 15_000);
    await eventually(
      async () => smtp.mails.find((m) => (m.headers.subject ?? '').includes('Realname')),
      15_000,
    );
    // Both were queued together: once every arrival job has run, the spam ones sent nothing.
    await drained(app.db, [APPLICATION_RECEIVED_QUEUE, APPLICATION_NOTIFICATION_QUEUE]);
    expect(smtp.mails.filter((m) => m.to.includes('spammer@example.ca'))).toEqual([]);
    expect(smtp.mails.filter((m) => (m.headers.subject ?? '').includes('Spammy'))).toEqual([]);
  });
});

describe('given an application, when the intake checks run', () => {
  it('a filled honeypot is flagged with its reason, the applicant sees the usual answer', async () => {
    const id = await submit({ email: 'pot@example.ca', website: 'http://spam.example' });
    expect(await listed(id)).toMatchObject({ isSpam: true, spamReason: SPAM_REASONS.honeypot });
  });

  it('one sent faster than a person could type is held for review, not spam; one at a human pace is neither', async () => {
    const fast = await submit({ email: 'fast@example.ca', startedAt: secondsAgo(1) });
    expect(await listed(fast)).toMatchObject({
      isSpam: false,
      spamReason: null,
      held: true,
      heldReason: SPAM_REASONS.tooFast,
    });
    const human = await submit({ email: 'human@example.ca', startedAt: secondsAgo(90) });
    expect(await listed(human)).toMatchObject({ isSpam: false, spamReason: null, held: false });
  });

  it('startedAt is optional, and when sent must be an ISO date', async () => {
    const none = await submit({ email: 'nostart@example.ca' });
    expect(await listed(none)).toMatchObject({ isSpam: false });
    const res = await apply(
      app,
      jobId,
      applicationForm({ ...APPLICANT, email: 'bad@example.ca', startedAt: 'yesterday' }),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('startedAt must be an ISO date');
  });

  it('a cover letter full of links is flagged', async () => {
    const links = [1, 2, 3, 4].map((n) => `https://cheap-pills-${n}.example`).join(' ');
    const id = await submit({ email: 'links@example.ca', coverLetter: `Buy now ${links}` });
    expect(await listed(id)).toMatchObject({ isSpam: true, spamReason: SPAM_REASONS.links });
  });

  it('a burst of the same cover letter from one IP is flagged from the third; another IP is not', async () => {
    const coverLetter = 'I am the best candidate for every position you will ever have.';
    const ip = '198.51.100.7';
    const first = await submit({ email: 'b1@example.ca', coverLetter }, ip);
    const second = await submit({ email: 'b2@example.ca', coverLetter }, ip);
    const third = await submit({ email: 'b3@example.ca', coverLetter }, ip);
    const elsewhere = await submit({ email: 'b4@example.ca', coverLetter }, '198.51.100.8');
    expect((await listed(first))?.isSpam).toBe(false);
    expect((await listed(second))?.isSpam).toBe(false);
    expect(await listed(third)).toMatchObject({ isSpam: true, spamReason: SPAM_REASONS.burst });
    expect((await listed(elsewhere))?.isSpam).toBe(false);
  });

  it('empty cover letters from one office IP are not a burst', async () => {
    const ip = '198.51.100.9';
    const ids = [];
    for (const n of [1, 2, 3])
      ids.push(await submit({ email: `e${n}@example.ca`, coverLetter: '' }, ip));
    for (const id of ids) expect((await listed(id))?.isSpam).toBe(false);
  });
});

describe('given a flagged application, when the administrator reviews it', () => {
  it('reverses the verdict and can flag it again by hand, each as an event with the actor', async () => {
    const links = [1, 2, 3, 4].map((n) => `https://shop-${n}.example`).join(' ');
    const id = await submit({ email: 'falsepos@example.ca', coverLetter: `My shops: ${links}` });
    const unmark = await app.fetch(`/api/job-applications/${id}/spam`, { method: 'DELETE', token });
    expect(unmark.status).toBe(200);
    expect(await unmark.json()).toMatchObject({ id, isSpam: false, spamReason: null });
    const mark = await app.fetch(`/api/job-applications/${id}/spam`, { method: 'POST', token });
    expect(await mark.json()).toMatchObject({ isSpam: true, spamReason: MARKED_AS_SPAM_REASON });
    const events = await app
      .db('events')
      .where({ stream_id: `job-application:${id}` })
      .whereIn('type', ['ApplicationMarkedSpam', 'ApplicationUnmarkedSpam'])
      .orderBy('version');
    expect(events.map((e) => [e.type, e.data.automatic])).toEqual([
      ['ApplicationMarkedSpam', true],
      ['ApplicationUnmarkedSpam', undefined],
      ['ApplicationMarkedSpam', false],
    ]);
    expect(events[1].metadata.actor).toBe('admin:admin');
    expect(events[2].metadata.actor).toBe('admin:admin');
  });

  it('only an administrator may, and an unknown application is 404', async () => {
    const id = await submit({ email: 'anon@example.ca' });
    const anon = await app.fetch(`/api/job-applications/${id}/spam`, { method: 'POST' });
    expect(anon.status).toBe(401);
    expect((await listed(id))?.isSpam).toBe(false);
    const unknown = await app.fetch(
      '/api/job-applications/00000000-0000-4000-8000-000000000000/spam',
      { method: 'POST', token },
    );
    expect(unknown.status).toBe(404);
  });
});
