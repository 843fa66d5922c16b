import { rebuildProjections, type StoredEvent } from '@kw/platform';
import { SPAM_REASONS } from '@kw/platform/http';
import { eventually, type SmtpCatcher, startSmtpCatcher } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { APPLICATIONS_HELD_PATH, type JobApplication } from './contract.ts';
import {
  APPLICATION_NOTIFICATION_QUEUE,
  APPLICATION_RECEIVED_QUEUE,
  careersModule,
} from './index.ts';
import { careersJobHandlers } from './jobs.ts';
import {
  APPLICANT,
  applicationForm,
  apply,
  createCategory,
  createJob,
  drained,
} from './test-fixtures.ts';

// Issue 11: an application whose only sign of a bot is its speed (a browser's autofill sends as
// fast) is held for review, not dropped as spam: listed with a tag, counted for the dashboard,
// told to the owner as held; released, the applicant's acknowledgement and the owner's usual
// notice follow, each once however often its job runs.

const OWNER = 'hiring@example.ca';
const PUBLIC_URL = 'https://www.example.ca';
let smtp: SmtpCatcher;
let app: TestApp;
let token: string;
let jobId: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({
    worker: true,
    env: { SMTP_URL: smtp.url, ADMIN_EMAIL: OWNER, PUBLIC_URL },
  });
  token = await app.login();
  jobId = await createJob(app, token, await createCategory(app, token));
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const ARRIVAL_QUEUES = [APPLICATION_RECEIVED_QUEUE, APPLICATION_NOTIFICATION_QUEUE];
const list = async (): Promise<JobApplication[]> =>
  (await app.fetch('/api/job-applications', { token })).json();
const heldCount = async () =>
  (
    (await (await app.fetch('/api/job-applications/held-count', { token })).json()) as {
      held: number;
    }
  ).held;
/** A quoted-printable body as read. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const mailsOf = (id: string) => smtp.mails.filter((m) => m.raw.includes(`<application-${id}-`));
const withId = (id: string, kind: string) => (m: { raw: string }) =>
  m.raw.includes(`<application-${id}-${kind}@`);

describe('an application sent too fast, end to end', () => {
  it('is held (listed, counted, told to the owner as held, no acknowledgement); released, the acknowledgement and the usual notice go out, each once', {
    timeout: 120_000,
  }, async () => {
    const res = await apply(
      app,
      jobId,
      applicationForm({
        ...APPLICANT,
        firstName: 'Autofill',
        email: 'autofill@example.ca',
        startedAt: new Date(Date.now() - 800).toISOString(),
      }),
    );
    expect(res.status).toBe(201);
    // The applicant sees the usual answer.
    const { id, message } = await res.json();
    expect(message).toBe('Application received');

    expect((await list()).find((a) => a.id === id)).toMatchObject({
      held: true,
      heldReason: SPAM_REASONS.tooFast,
      isSpam: false,
      spamReason: null,
    });
    expect(await heldCount()).toBe(1);

    // The owner hears of it as held, with the link to the held ones; the applicant hears nothing.
    const heldMail = await eventually(async () => smtp.mails.find(withId(id, 'held')), 30_000);
    expect(heldMail.to).toEqual([OWNER]);
    expect(heldMail.headers.subject).toBe(
      'Application held for review: Autofill Lovelace for Machine Learning Engineer',
    );
    expect(decoded(heldMail.raw)).toContain(`${PUBLIC_URL}${APPLICATIONS_HELD_PATH}`);
    await drained(app.db, ARRIVAL_QUEUES);
    expect(mailsOf(id).map((m) => m.headers.subject)).toEqual([heldMail.headers.subject]);
    expect(smtp.mails.filter((m) => m.to.includes('autofill@example.ca'))).toEqual([]);

    // 'Not spam' on a held one releases it.
    const released = await app.fetch(`/api/job-applications/${id}/spam`, {
      method: 'DELETE',
      token,
    });
    expect(released.status).toBe(200);
    expect(await released.json()).toMatchObject({
      id,
      held: false,
      heldReason: null,
      isSpam: false,
    });
    expect(await heldCount()).toBe(0);

    const ack = await eventually(async () => smtp.mails.find(withId(id, 'received')), 30_000);
    expect(ack.to).toEqual(['autofill@example.ca']);
    const notice = await eventually(
      async () => smtp.mails.find(withId(id, 'notification')),
      30_000,
    );
    expect(notice.headers.subject).toBe(
      'New application: Autofill Lovelace for Machine Learning Engineer',
    );
    await drained(app.db, ARRIVAL_QUEUES);

    // Every arrival job delivered again, twice at once: nothing goes out twice.
    const ctx = app.worker!.context;
    const handlers = careersJobHandlers();
    const events: StoredEvent[] = [];
    for (const e of await app.db('events').where({ stream_id: `job-application:${id}` }))
      if (e.type === 'ApplicationSubmitted' || e.type === 'ApplicationReleased')
        events.push((await ctx.store.readEvent(e.position))!);
    await Promise.all(
      handlers
        .filter((h) => ARRIVAL_QUEUES.includes(h.queue))
        .flatMap((h) => events.flatMap((e) => [h.handle(e, ctx), h.handle(e, ctx)])),
    );
    expect(mailsOf(id).filter(withId(id, 'held'))).toHaveLength(1);
    expect(mailsOf(id).filter(withId(id, 'received'))).toHaveLength(1);
    expect(mailsOf(id).filter(withId(id, 'notification'))).toHaveLength(1);
    expect(mailsOf(id)).toHaveLength(3);

    const types = (
      await app
        .db('events')
        .where({ stream_id: `job-application:${id}` })
        .orderBy('version')
    ).map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['ApplicationSubmitted', 'ApplicationHeld']);
    expect(types).toContain('ApplicationReleased');
    expect(types).not.toContain('ApplicationMarkedSpam');
    expect(types.filter((t) => t === 'ApplicationAcknowledged')).toHaveLength(1);
    expect(types.filter((t) => t === 'AdminNotifiedOfApplication')).toHaveLength(2);
  });

  it('held, then marked spam: no longer held, and no e-mail but the held notice', {
    timeout: 60_000,
  }, async () => {
    const res = await apply(
      app,
      jobId,
      applicationForm({
        ...APPLICANT,
        firstName: 'Botty',
        email: 'botty@example.ca',
        startedAt: new Date(Date.now() - 500).toISOString(),
      }),
    );
    const { id } = await res.json();
    expect(await heldCount()).toBe(1);
    await eventually(async () => smtp.mails.find(withId(id, 'held')), 30_000);
    const marked = await app.fetch(`/api/job-applications/${id}/spam`, { method: 'POST', token });
    expect(await marked.json()).toMatchObject({ isSpam: true, held: false, heldReason: null });
    expect(await heldCount()).toBe(0);
    await drained(app.db, ARRIVAL_QUEUES);
    expect(mailsOf(id)).toHaveLength(1);
  });

  it("the held count is the administrator's only", async () => {
    expect((await app.fetch('/api/job-applications/held-count')).status).toBe(401);
  });

  it('the read model rebuilt from the log equals the live one, held columns included', async () => {
    // One still held, beside the released and the spam ones above.
    const res = await apply(
      app,
      jobId,
      applicationForm({
        ...APPLICANT,
        email: 'waiting@example.ca',
        startedAt: new Date(Date.now() - 500).toISOString(),
      }),
    );
    expect(res.status).toBe(201);
    await drained(app.db, ARRIVAL_QUEUES);
    const snapshot = () => app.db('job_applications').orderBy('id');
    const live = await snapshot();
    expect(live.filter((r) => r.held)).toHaveLength(1);
    await rebuildProjections(app.api.runtime.store, careersModule.projections);
    expect(await snapshot()).toEqual(live);
  });
});
