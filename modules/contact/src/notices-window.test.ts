import type { StoredEvent } from '@kw/platform';
import { type SmtpCatcher, startSmtpCatcher } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { NOTIFY_ADMIN_QUEUE, NOTIFY_DIGEST_QUEUE } from './index.ts';
import { contactJobHandlers } from './jobs.ts';

// A worker keeps each notices window's state between batches and reads only what came after
// it (platform's notices.ts). Two databases in one process (as after a restore, or a reset)
// share the window's name: each must be counted from its own log, never added to the other's.

const T = new Date('2031-05-04T10:01:00Z');
let now = T;
const handlers = contactJobHandlers({ now: () => now });
const notify = handlers.find((h) => h.queue === NOTIFY_ADMIN_QUEUE)!;
const digest = handlers.find((h) => h.queue === NOTIFY_DIGEST_QUEUE)!;

let smtp: SmtpCatcher;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const start = (name: string) =>
    startTestApp({
      worker: [],
      env: { SMTP_URL: smtp.url, ADMIN_EMAIL: `owner-${name}@example.ca` },
    });
  [a, b] = await Promise.all([start('a'), start('b')]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await smtp?.close();
});

let sent = 0;
/** `count` messages to `app`, then their notices counted in one batch, at `now`. */
async function sendAndNotify(app: TestApp, count: number): Promise<void> {
  const after = Number((await app.db('events').max('position as max').first())?.max ?? 0);
  for (let i = 0; i < count; i++) {
    const n = ++sent;
    const res = await app.fetch('/api/contact', {
      method: 'POST',
      json: {
        firstName: 'Reader',
        lastName: `Number ${n}`,
        email: `reader${n}@example.ca`,
        message: `Message number ${n}, about our shop's software.`,
      },
    });
    expect(res.status).toBe(201);
  }
  const received = await stored(app, 'ContactReceived', after);
  expect(received).toHaveLength(count);
  await notify.handleBatch!(received, app.worker!.context);
}

async function stored(app: TestApp, type: string, after = 0): Promise<StoredEvent[]> {
  const positions: number[] = await app
    .db('events')
    .where({ type })
    .where('position', '>', after)
    .orderBy('position')
    .pluck('position');
  return app.worker!.context.store.readEvents(positions);
}

const mailsTo = (owner: string) => smtp.mails.filter((m) => m.to.includes(owner));

describe("the owner's notices, on two databases in one worker process", () => {
  it('each database’s round counts its own notices only', async () => {
    await sendAndNotify(a, 1);
    await sendAndNotify(b, 3);
    now = new Date(T.getTime() + 1_000);
    await sendAndNotify(a, 1);
    await sendAndNotify(b, 1);

    // When the rounds are due: two told one by one on the first, one digest of four on the other.
    now = new Date(T.getTime() + 2_000);
    for (const app of [a, b]) {
      const rounds = await stored(app, 'ContactDigestScheduled');
      expect(rounds).toHaveLength(1);
      await digest.handle(rounds[0]!, app.worker!.context);
    }
    expect(mailsTo('owner-a@example.ca').map((m) => m.headers.subject)).toEqual([
      'New contact submission from Reader Number 1',
      'New contact submission from Reader Number 5',
    ]);
    expect(mailsTo('owner-b@example.ca').map((m) => m.headers.subject)).toEqual([
      '4 new contact submissions',
    ]);
  });
});
