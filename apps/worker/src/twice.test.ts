import type { EventHandler, StoredEvent } from '@kw/platform';
import { linksIn, type SmtpCatcher, startSmtpCatcher } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationForm,
  apply,
  createCategory,
  createJob,
} from '../../../modules/careers/src/test-fixtures.ts';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { allHandlers } from './worker.ts';

// pg-boss delivers at least once, and with several workers two of them can hold the same job
// (one whose heartbeat was lost is handed to another while it still runs). Every handler of
// the composition, given each of its jobs twice at the same moment (one by one, and in its
// batch form when it has one), leaves what one delivery leaves: each fact recorded once, each
// e-mail sent once, each read-model row written once.

let smtp: SmtpCatcher;
let app: TestApp;
let token: string;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // A worker context without handlers: the test delivers every job itself.
  app = await startTestApp({
    worker: [],
    env: { SMTP_URL: smtp.url, ADMIN_EMAIL: 'owner@example.ca' },
  });
  token = await app.login();
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const ok = async (res: Response, status = 201) => {
  if (res.status !== status) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
};
const ua = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
/** When a form was opened a moment before it was sent: faster than a person, held for review. */
const aMomentAgo = () => Date.now() - 800;

/** What the site's visitors and the administrator do that gives every queue a job. */
async function scenario(): Promise<void> {
  await ok(
    await app.fetch('/api/contact', {
      method: 'POST',
      json: {
        firstName: 'Twice',
        lastName: 'Sent',
        email: 'twice@example.ca',
        message: 'We would like an estimate for an integration project.',
        subscribeNewsletter: true,
      },
      headers: { 'x-forwarded-for': '203.0.113.70', 'user-agent': ua },
    }),
  );
  const signup = await app.fetch('/api/newsletter/subscribe', {
    method: 'POST',
    json: { email: 'reader@example.ca', firstName: 'Rea' },
    headers: { 'x-forwarded-for': '203.0.113.71', 'user-agent': ua },
  });
  expect(signup.status).toBeLessThan(300);
  // Double opt-in: the confirmation e-mail (its job run here, as the worker would), and its
  // link pressed, so that the welcome is owed too.
  const confirm = allHandlers().find((h) => h.queue === 'newsletter.confirm')!;
  for (const e of await eventsOf(confirm.queue)) await confirm.handle(e, app.worker!.context);
  const link = new URL(
    linksIn(smtp.mails.find((m) => m.to.includes('reader@example.ca'))!).find((l) =>
      l.includes('/newsletter/confirm'),
    )!,
  );
  expect((await app.fetch(`${link.pathname}${link.search}`, { method: 'POST' })).status).toBe(200);
  const category = await ok(
    await app.fetch('/api/job-categories', {
      method: 'POST',
      token,
      json: { name: 'Engineering', description: 'People who build things', isActive: true },
    }),
  );
  const job = await ok(
    await app.fetch('/api/jobs', {
      method: 'POST',
      token,
      json: {
        title: 'Data Engineer',
        description: 'Build pipelines for manufacturers across Waterloo Region.',
        categoryId: category.id,
        location: 'Kitchener, ON',
        isPublished: true,
      },
    }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.ca',
    phone: '519-555-0100',
  }))
    form.append(k, v);
  form.append('resume', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'cv.pdf');
  const application = await ok(
    await app.fetch(`/api/jobs/${job.id}/apply`, {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': '203.0.113.72' },
    }),
  );
  // An image for the media library's renditions (a real 1×1 PNG).
  const image = new FormData();
  image.append(
    'file',
    new Blob([
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    ]),
    'dot.png',
  );
  await ok(await app.fetch('/api/media/upload', { method: 'POST', token, body: image }));
  await ok(
    await app.fetch(`/api/job-applications/${application.id}/status`, {
      method: 'PUT',
      token,
      json: { status: 'rejected' },
    }),
    200,
  );
  // Someone who wrote, then asked to be erased (the erasure's files job).
  await ok(
    await app.fetch('/api/contact', {
      method: 'POST',
      json: {
        firstName: 'Gone',
        lastName: 'Soon',
        email: 'gone@example.ca',
        message: 'Please forget me after you answer.',
      },
      headers: { 'x-forwarded-for': '203.0.113.73', 'user-agent': ua },
    }),
  );
  await ok(
    await app.fetch('/api/privacy/erase', {
      method: 'POST',
      token,
      json: { email: 'gone@example.ca', confirmEmail: 'gone@example.ca' },
    }),
    200,
  );
}

/** The jobs waiting in a queue, as the events they carry. */
async function eventsOf(queue: string): Promise<StoredEvent[]> {
  const rows = await app.db
    .withSchema('pgboss')
    .from('job')
    .where({ name: queue, state: 'created' })
    .select(app.db.raw("(data->>'position')::bigint as position"));
  const positions = rows.map((r: { position: number }) => Number(r.position));
  return app.worker!.context.store.readEvents(positions);
}

/** Everything a delivery can leave behind: the log, the read models, the e-mails. */
async function footprint() {
  const events = await app.db('events').count<{ n: number }[]>('* as n').first();
  const activity = await app.db('recent_activity').count<{ n: number }[]>('* as n').first();
  const daily = await app.db('daily_activity_events').count<{ n: number }[]>('* as n').first();
  return {
    events: Number(events!.n),
    activity: Number(activity!.n),
    daily: Number(daily!.n),
    mails: smtp.mails.length,
  };
}

/** A handler's jobs, each delivered twice at the same moment (and its batch form, twice). */
async function run(handler: EventHandler, events: StoredEvent[]): Promise<void> {
  const ctx = app.worker!.context;
  await Promise.all([
    ...events.flatMap((e) => [handler.handle(e, ctx), handler.handle(e, ctx)]),
    ...(handler.handleBatch
      ? [handler.handleBatch(events, ctx), handler.handleBatch(events, ctx)]
      : []),
  ]);
}

/**
 * Every queue's jobs delivered twice at once, and again (the jobs the handlers' own events
 * created: a notice's round, an enrichment's activity) until nothing new happens.
 */
async function deliverUntilStill(handlers: EventHandler[]): Promise<void> {
  let before = await footprint();
  for (;;) {
    for (const handler of handlers) await run(handler, await eventsOf(handler.queue));
    const after = await footprint();
    if (JSON.stringify(after) === JSON.stringify(before)) break;
    before = after;
  }
}

/** The events of one stream, by type, as recorded. */
const recordedOn = (streamId: string, type: string) =>
  app.db('events').where({ stream_id: streamId, type }).select('data', 'metadata');

describe('every handler, given the same job twice at the same moment', () => {
  it('records each fact once and sends each e-mail once', async () => {
    await scenario();
    const handlers = allHandlers();
    const delivered = new Set<string>();
    for (const handler of handlers) {
      const events = await eventsOf(handler.queue);
      if (events.length > 0) delivered.add(handler.queue);
      await run(handler, events);
    }
    // Every queue of the composition had a job in the scenario (the owner's notices' rounds
    // too: each notice opens or joins one).
    expect([...delivered].sort()).toEqual([...new Set(handlers.map((h) => h.queue))].sort());

    // The jobs the handlers' own events created ran too (the activity of an enrichment):
    // deliver everything once more, twice at once, until nothing new happens.
    await deliverUntilStill(handlers);

    // One of each fact a handler records, per event that caused it.
    const recorded = await app
      .db('events')
      .whereRaw("metadata->>'actor' = 'worker'")
      .select('stream_id', 'type', app.db.raw("metadata->>'causationId' as cause"));
    const keys = recorded.map((r) => `${r.stream_id} ${r.type} ${r.cause}`);
    expect(keys.length).toBeGreaterThan(3);
    expect(new Set(keys).size).toBe(keys.length);
    expect(recorded.map((r) => r.type)).toEqual(
      expect.arrayContaining([
        'ContactSubmissionEnriched',
        'AdminNotifiedOfContact',
        'SubscriberEnriched',
        'ConfirmationSent',
        'SubscriberWelcomed',
        'ApplicationAcknowledged',
        'AdminNotifiedOfApplication',
        'RejectionEmailSent',
        'MediaRenditionsMade',
      ]),
    );

    // One of each e-mail.
    const ids = smtp.mails.map((m) => m.headers['message-id'] ?? m.raw);
    // The enquiry and its newsletter tick's confirmation, the newsletter's confirmation and
    // welcome, two for the application, the rejection.
    expect(ids.length).toBe(7);
    expect(new Set(ids).size).toBe(ids.length);

    // One feed line per event the feed shows, one chart row per counted event.
    const lines = await app.db('recent_activity').select('position');
    expect(new Set(lines.map((l) => l.position)).size).toBe(lines.length);
    expect(lines.length).toBeGreaterThan(0);
  });

  it("a contact message held for review: its notice's jobs twice at once, one held notice, recorded once", async () => {
    const { id } = await ok(
      await app.fetch('/api/contact', {
        method: 'POST',
        json: {
          firstName: 'Held',
          lastName: 'Back',
          email: 'held@example.ca',
          message: 'Sent by a browser that filled the form in by itself.',
          startedAt: aMomentAgo(),
        },
        headers: { 'x-forwarded-for': '203.0.113.74', 'user-agent': ua },
      }),
    );
    // Its notice queued and counted in a round, the round told one by one: each job twice.
    await deliverUntilStill(allHandlers());

    const held = smtp.mails.filter(
      (m) => m.headers.subject === 'Contact message held for review: Held Back',
    );
    expect(held.map((m) => m.to)).toEqual([['owner@example.ca']]);
    // Not the usual notice: it waits for the release.
    expect(smtp.mails.filter((m) => m.raw.includes(`<contact-${id}@`))).toEqual([]);
    const told = await recordedOn(`contact:${id}`, 'AdminNotifiedOfContact');
    expect(told.map((e) => e.data)).toEqual([
      { submissionId: id, to: 'owner@example.ca', held: true },
    ]);
    expect(told[0]!.metadata).toMatchObject({ actor: 'worker' });
  });

  it("a job application held for review: its notice's jobs twice at once, one held notice, recorded once", async () => {
    const categoryId = await createCategory(app, token, 'Operations');
    const jobId = await createJob(app, token, categoryId, { title: 'Site Reliability Engineer' });
    const { id } = await ok(
      await apply(
        app,
        jobId,
        applicationForm({
          firstName: 'Auto',
          lastName: 'Fill',
          email: 'autofill@example.ca',
          phone: '519-555-0101',
          startedAt: new Date(aMomentAgo()).toISOString(),
        }),
      ),
    );
    await deliverUntilStill(allHandlers());

    const held = smtp.mails.filter(
      (m) =>
        m.headers.subject ===
        'Application held for review: Auto Fill for Site Reliability Engineer',
    );
    expect(held.map((m) => m.to)).toEqual([['owner@example.ca']]);
    // Nothing else about it: no acknowledgement nor usual notice until it is released.
    expect(smtp.mails.filter((m) => m.raw.includes(`<application-${id}-`))).toEqual(held);
    const told = await recordedOn(`job-application:${id}`, 'AdminNotifiedOfApplication');
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({ applicationId: id, held: true });
    expect(told[0]!.metadata).toMatchObject({ actor: 'worker' });
  });
});
