import http from 'node:http';
import type { StoredEvent } from '@kw/platform';
import { type SmtpCatcher, startSmtpCatcher } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { APPLICATION_DIGEST_QUEUE, APPLICATION_NOTIFICATION_QUEUE } from './index.ts';
import { careersJobHandlers } from './jobs.ts';
import { APPLICANT, applicationForm, createCategory, createJob } from './test-fixtures.ts';

// A flood of applications cannot bury the administrator either. The worker runs no careers job
// here: the test delivers the jobs itself (each twice, all at once), on a clock of its own.

const OWNER = 'hiring@example.ca';
let now = new Date('2031-03-02T15:01:00Z');
const handlers = careersJobHandlers({ now: () => now });
const notify = handlers.find((h) => h.queue === APPLICATION_NOTIFICATION_QUEUE)!;
const digest = handlers.find((h) => h.queue === APPLICATION_DIGEST_QUEUE)!;

let smtp: SmtpCatcher;
let app: TestApp;
let jobId: string;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ worker: [], env: { SMTP_URL: smtp.url, ADMIN_EMAIL: OWNER } });
  const token = await app.login();
  jobId = await createJob(app, token, await createCategory(app, token));
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** An application sent from a loopback address of its own (127.0.0.x): a real client address. */
async function applyFrom(localAddress: string, n: number): Promise<number> {
  const form = new Response(
    applicationForm({
      ...APPLICANT,
      firstName: 'Bot',
      lastName: `Number ${n}`,
      email: `bot${n}@example.com`,
      coverLetter: `Application number ${n}.`,
    }),
  );
  const body = Buffer.from(await form.arrayBuffer());
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${app.url}/api/jobs/${jobId}/apply`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': form.headers.get('content-type')!,
          'content-length': body.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ctx = () => app.worker!.context;
async function stored(type: string): Promise<StoredEvent[]> {
  const positions = await app.db('events').where({ type }).orderBy('position').pluck('position');
  return Promise.all(positions.map(async (p: number) => (await ctx().store.readEvent(p))!));
}
/** Each job delivered twice at the same moment, and its batch form twice too. */
const deliverTwiceAtOnce = (events: StoredEvent[], handler: typeof notify) =>
  Promise.all([
    ...events.flatMap((e) => [handler.handle(e, ctx()), handler.handle(e, ctx())]),
    ...(handler.handleBatch
      ? [handler.handleBatch(events, ctx()), handler.handleBatch(events, ctx())]
      : []),
  ]);
const ownerMails = () => smtp.mails.filter((m) => m.to.includes(OWNER));

describe('a flood of applications', () => {
  it('40 at once: nothing on their own; when their round is due, one digest counting all 40; every job twice at once, nothing twice', {
    timeout: 120_000,
  }, async () => {
    // 10 from each of 4 addresses: the apply form's limit per address.
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => applyFrom(`127.0.0.${2 + Math.floor(i / 10)}`, i + 1)),
    );
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const submitted = await stored('ApplicationSubmitted');
    expect(submitted).toHaveLength(40);

    await deliverTwiceAtOnce(submitted, notify);
    expect(ownerMails()).toHaveLength(0);
    const queued = (await app.db('events').where({ type: 'ApplicationNoticeQueued' })).map(
      (e) => e.data,
    );
    expect(queued).toHaveLength(40);
    expect(queued.filter((q) => q.mode === 'gathered')).toHaveLength(40);

    // One round, due 2 s after the first notice.
    const scheduled = await stored('ApplicationDigestScheduled');
    expect(scheduled.map((e) => e.data)).toEqual([
      {
        window: '2031-03-02T15:00:00.000Z',
        dueAt: '2031-03-02T15:01:02.000Z',
        at: '2031-03-02T15:01:00.000Z',
      },
    ]);
    const [job] = await app.db('pgboss.job').where({ name: APPLICATION_DIGEST_QUEUE });
    expect(new Date(job.start_after).toISOString()).toBe('2031-03-02T15:01:02.000Z');

    now = new Date('2031-03-02T15:01:02Z');
    await deliverTwiceAtOnce(scheduled, digest);
    await deliverTwiceAtOnce(submitted.slice(0, 5), notify);
    const mails = ownerMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers.subject).toBe('40 new applications');
    expect(mails[0]!.raw).toMatch(
      /- Bot Number \d+ <bot\d+@example\.com> for Machine Learning Engineer/,
    );
    expect(
      (await app.db('events').where({ type: 'ApplicationDigestSent' })).map((e) => e.data),
    ).toEqual([
      {
        window: '2031-03-02T15:00:00.000Z',
        to: OWNER,
        count: 40,
        at: '2031-03-02T15:01:02.000Z',
      },
    ]);
    // Every one of them is in the back office's list.
    expect(Number((await app.db('job_applications').count('* as n').first())?.n)).toBe(40);
  });
});
