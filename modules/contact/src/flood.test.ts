import http from 'node:http';
import type { StoredEvent } from '@kw/platform';
import { type SmtpCatcher, startSmtpCatcher } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { ENRICH_CONTACT_QUEUE, NOTIFY_ADMIN_QUEUE, NOTIFY_DIGEST_QUEUE } from './index.ts';
import { contactJobHandlers } from './jobs.ts';

// A flood cannot bury the owner. The worker runs no contact job here: the test delivers the
// jobs itself (each twice, all at once), on a clock of its own for the notices windows.

const OWNER = 'owner@example.ca';
const T = new Date('2031-03-02T15:01:00Z');
const MINUTE = 60_000;
let now = T;
const handlers = contactJobHandlers({ now: () => now });
const notify = handlers.find((h) => h.queue === NOTIFY_ADMIN_QUEUE)!;
const digest = handlers.find((h) => h.queue === NOTIFY_DIGEST_QUEUE)!;
const enrich = handlers.find((h) => h.queue === ENRICH_CONTACT_QUEUE)!;

let smtp: SmtpCatcher;
let app: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ worker: [], env: { SMTP_URL: smtp.url, ADMIN_EMAIL: OWNER } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** POST /api/contact from a loopback address of its own (127.0.0.x): a real client address. */
function postFrom(localAddress: string, json: unknown): Promise<number> {
  const body = Buffer.from(JSON.stringify(json));
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${app.url}/api/contact`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': body.length },
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

let sent = 0;
/**
 * `count` submissions at once, 10 from each address (the form's limit per address), every
 * tenth sent too fast (held for review).
 */
async function flood(count: number, firstAddress: number): Promise<void> {
  const statuses = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const n = ++sent;
      return postFrom(`127.0.0.${firstAddress + Math.floor(i / 10)}`, {
        firstName: 'Bot',
        lastName: `Number ${n}`,
        email: `bot${n}@example.com`,
        message: `Flood message number ${n}, for the owner to read.`,
        // Sent at once after opening the form (unless the machine is too busy to take it
        // within 3 s: the tests count the held ones rather than assume them).
        ...(n % 10 === 0 ? { startedAt: Date.now() } : {}),
      });
    }),
  );
  expect(statuses.filter((s) => s !== 201)).toEqual([]);
}

const ctx = () => app.worker!.context;

/** The stored events of a type since `after`, as the worker's jobs get them. */
async function stored(type: string, after = 0): Promise<StoredEvent[]> {
  const positions = await app
    .db('events')
    .where({ type })
    .where('position', '>', after)
    .orderBy('position')
    .pluck('position');
  return Promise.all(positions.map(async (p: number) => (await ctx().store.readEvent(p))!));
}

const lastPosition = async () =>
  Number((await app.db('events').max('position as max').first())?.max ?? 0);

/**
 * Each job delivered twice at the same moment, and its batch form twice too, a few dozen jobs
 * at a time: hundreds of transactions queued on the notices' lock at once would outwait the
 * pool's acquire timeout.
 */
async function deliverTwiceAtOnce(events: StoredEvent[], handler: typeof notify): Promise<void> {
  for (let i = 0; i < events.length; i += 20) {
    const group = events.slice(i, i + 20);
    await Promise.all([
      ...group.flatMap((e) => [handler.handle(e, ctx()), handler.handle(e, ctx())]),
      ...(handler.handleBatch
        ? [handler.handleBatch(group, ctx()), handler.handleBatch(group, ctx())]
        : []),
    ]);
  }
}

const ownerMails = () => smtp.mails.filter((m) => m.to.includes(OWNER));
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const dataOf = async (type: string) =>
  (await app.db('events').where({ type }).orderBy('position')).map((e) => e.data);

describe('a flood of contact messages', () => {
  it('300 at once: no e-mail while they come; when they stop, ONE digest counting them all and the held among them; every job twice at once, nothing twice', {
    timeout: 240_000,
  }, async () => {
    await flood(300, 2);
    const received = await stored('ContactReceived');
    expect(received).toHaveLength(300);

    // The first 200 counted at T (the first opens a round, due 2 s later), the rest at T + 1.5 s.
    await deliverTwiceAtOnce(received.slice(0, 200), notify);
    now = new Date(T.getTime() + 1_500);
    await deliverTwiceAtOnce(received.slice(200), notify);
    expect(ownerMails()).toHaveLength(0);
    const queued = await dataOf('ContactNoticeQueued');
    expect(queued).toHaveLength(300);
    expect(new Set(queued.map((q) => q.mode))).toEqual(new Set(['gathered']));
    const heldTotal = (await dataOf('ContactHeld')).length;
    expect(heldTotal).toBeGreaterThan(0);
    expect(queued.filter((q) => q.kind === 'held')).toHaveLength(heldTotal);
    // Each counted once in the window, a batch's notices by one event.
    const counted = (await dataOf('ContactNoticesCounted')).flatMap(
      (c: { notices: { submissionId: string }[] }) => c.notices.map((n) => n.submissionId),
    );
    expect(counted.toSorted()).toEqual(queued.map((q) => q.submissionId).toSorted());

    // One round, due 2 s after the first: its job waits until then.
    const scheduled = await stored('ContactDigestScheduled');
    expect(scheduled.map((e) => e.data)).toEqual([
      {
        window: '2031-03-02T15:00:00.000Z',
        dueAt: '2031-03-02T15:01:02.000Z',
        at: '2031-03-02T15:01:00.000Z',
      },
    ]);
    const jobs = await app.db('pgboss.job').where({ name: NOTIFY_DIGEST_QUEUE });
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0].start_after).toISOString()).toBe('2031-03-02T15:01:02.000Z');

    // Due while they still came (the last 0.5 s before): put off until they paused 750 ms.
    now = new Date(T.getTime() + 2_000);
    await deliverTwiceAtOnce(scheduled, digest);
    expect(ownerMails()).toHaveLength(0);
    const putOff = await stored('ContactDigestScheduled', scheduled.at(-1)!.position);
    expect(putOff.map((e) => (e.data as { dueAt: string }).dueAt)).toEqual([
      '2031-03-02T15:01:02.250Z',
    ]);

    now = new Date(T.getTime() + 2_250);
    await deliverTwiceAtOnce(putOff, digest);
    const mails = ownerMails();
    expect(mails).toHaveLength(1);
    const summary = mails[0]!;
    expect(summary.headers.subject).toBe(
      `300 new contact submissions (${heldTotal} held for review)`,
    );
    const text = decoded(summary.raw);
    expect(text).toContain(
      `${heldTotal} ${heldTotal === 1 ? 'of them is' : 'of them are'} held for your review`,
    );
    expect(text).toContain('https://www.example.ca/admin/contact?spam=held');
    expect(text).toContain('Open the back office: https://www.example.ca/admin/contact');
    expect(text).toMatch(/- Bot Number \d+ <bot\d+@example\.com>/);
    expect(await dataOf('ContactDigestSent')).toEqual([
      {
        window: '2031-03-02T15:00:00.000Z',
        to: OWNER,
        count: 300,
        held: heldTotal,
        at: '2031-03-02T15:01:02.250Z',
      },
    ]);

    // Their enrichments, a batch at a time (and one by one), twice at once: each once, its
    // place sealed under the person's key.
    await deliverTwiceAtOnce(received, enrich);
    const enriched = await app.db('events').where({ type: 'ContactSubmissionEnriched' });
    expect(enriched).toHaveLength(300);
    expect(new Set(enriched.map((e) => e.stream_id)).size).toBe(300);
    for (const e of enriched) {
      expect(e.data).toHaveProperty('$personal');
      expect(e.data).not.toHaveProperty('country');
    }
    expect(
      Number(
        (await app.db('contact_submissions').whereNotNull('enriched_at').count('* as n').first())
          ?.n,
      ),
    ).toBe(300);

    // Delivered again later: still one.
    await deliverTwiceAtOnce(received.slice(0, 50), notify);
    await deliverTwiceAtOnce([...scheduled, ...putOff], digest);
    expect(ownerMails()).toHaveLength(1);
    // Nothing a person sent is lost: every one of them is listed.
    expect(Number((await app.db('contact_submissions').count('* as n').first())?.n)).toBe(300);
  });

  it('going on a minute later: no e-mail of its own, one more digest 5 minutes after the first', {
    timeout: 120_000,
  }, async () => {
    const after = await lastPosition();
    const heldBefore = (await dataOf('ContactHeld')).length;
    now = new Date(T.getTime() + MINUTE);
    await flood(50, 40);
    await deliverTwiceAtOnce(await stored('ContactReceived', after), notify);
    expect(ownerMails()).toHaveLength(1);
    const scheduled = await stored('ContactDigestScheduled', after);
    expect(scheduled.map((e) => (e.data as { dueAt: string }).dueAt)).toEqual([
      '2031-03-02T15:06:02.250Z',
    ]);
    now = new Date('2031-03-02T15:06:02.250Z');
    await deliverTwiceAtOnce(scheduled, digest);
    expect(ownerMails()).toHaveLength(2);
    const held = (await dataOf('ContactHeld')).length - heldBefore;
    expect(ownerMails()[1]!.headers.subject).toBe(
      `50 new contact submissions${held > 0 ? ` (${held} held for review)` : ''}`,
    );
  });

  it('once it is over: a straggler waits for its round 5 minutes after the digest and is told on its own; later, a lone one within seconds', {
    timeout: 60_000,
  }, async () => {
    let after = await lastPosition();
    now = new Date('2031-03-02T15:08:00Z');
    await flood(1, 50);
    await deliverTwiceAtOnce(await stored('ContactReceived', after), notify);
    expect(ownerMails()).toHaveLength(2);
    const scheduled = await stored('ContactDigestScheduled', after);
    expect(scheduled.map((e) => (e.data as { dueAt: string }).dueAt)).toEqual([
      '2031-03-02T15:11:02.250Z',
    ]);
    now = new Date('2031-03-02T15:11:02.250Z');
    await deliverTwiceAtOnce(scheduled, digest);
    expect(ownerMails()).toHaveLength(3);
    expect(ownerMails()[2]!.headers.subject).toMatch(
      /^(New contact submission from|Contact message held for review:) Bot Number 351$/,
    );

    after = await lastPosition();
    now = new Date('2031-03-02T15:30:00Z');
    await flood(1, 51);
    await deliverTwiceAtOnce(await stored('ContactReceived', after), notify);
    const lone = await stored('ContactDigestScheduled', after);
    expect(lone.map((e) => (e.data as { dueAt: string }).dueAt)).toEqual([
      '2031-03-02T15:30:02.000Z',
    ]);
    now = new Date('2031-03-02T15:30:02Z');
    await deliverTwiceAtOnce(lone, digest);
    expect(ownerMails()).toHaveLength(4);
    expect(ownerMails()[3]!.headers.subject).toMatch(
      /^(New contact submission from|Contact message held for review:) Bot Number 352$/,
    );
    expect(new Set(ownerMails().map((m) => m.headers['message-id'])).size).toBe(4);
  });
});
