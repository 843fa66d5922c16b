import { deadLetterQueue, type EventHandler, QUEUE_DEFAULTS, type StoredEvent } from '@kw/platform';
import { eventually } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { allHandlers } from './worker.ts';

// A handler of our own on the contact queue, to watch delivery and shutdown from the inside.
const seen: number[] = [];
let slowJobFinished = false;
let inFlight = 0;
let mostAtOnce = 0;
const probe: EventHandler = {
  queue: 'contact.enrich',
  async handle(event) {
    inFlight++;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    try {
      const data = event.data as { message: string };
      if (data.message.startsWith('slow')) {
        await new Promise((r) => setTimeout(r, 1500));
        slowJobFinished = true;
      }
      // A little work of its own, so that jobs of a batch overlap.
      await new Promise((r) => setTimeout(r, 20));
      seen.push(event.position);
    } finally {
      inFlight--;
    }
  },
};

// A handler with a batch form (as the async projections have), on a queue of its own events:
// a batch holding a poisoned event fails as a whole, then each job runs on its own.
const BATCH_QUEUE = 'newsletter.enrich';
const batches: number[][] = [];
const singles: number[] = [];
const isPoison = (event: StoredEvent) => (event.data as { poison?: boolean }).poison === true;
const batchProbe: EventHandler = {
  queue: BATCH_QUEUE,
  async handleBatch(events) {
    batches.push(events.map((e) => e.position));
    if (events.some(isPoison)) throw new Error('a poisoned event in the batch');
  },
  async handle(event) {
    if (isPoison(event)) throw new Error('550 <poisoned@example.ca>: Recipient address rejected');
    singles.push(event.position);
  },
};

const message = (text: string) => ({
  firstName: 'W',
  lastName: 'K',
  email: 'w@k.ca',
  message: text,
});

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: [probe, batchProbe] });
});
afterAll(() => app.close());

describe('worker', () => {
  it('creates every queue with retries, backoff and a dead-letter queue', async () => {
    const boss = app.api.runtime.boss;
    for (const handler of allHandlers()) {
      const queue = await boss.getQueue(handler.queue);
      expect(queue).toMatchObject({
        retryLimit: QUEUE_DEFAULTS.retryLimit,
        retryBackoff: true,
        heartbeatSeconds: QUEUE_DEFAULTS.heartbeatSeconds,
        deadLetter: deadLetterQueue(handler.queue),
      });
      expect(await boss.getQueue(deadLetterQueue(handler.queue))).not.toBeNull();
    }
  });

  it('writes a heartbeat the API reports', async () => {
    const health = await (await app.fetch('/api/health')).json();
    expect(health.worker.ok).toBe(true);
    expect(health.worker.heartbeatAgeSeconds).toBeLessThan(10);
  });

  // How fast is measured by `make bench` (bench/run.ts), beside its target, not here.
  it('each event reaches its handler', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await app.fetch('/api/contact', {
        method: 'POST',
        json: message(`delivery probe ${i}`),
      });
      const { id } = await res.json();
      const event = await app
        .db('events')
        .where({ stream_id: `contact:${id}` })
        .first();
      await eventually(async () => seen.includes(event.position), 10_000, 5);
    }
  });

  it('takes a burst in batches, several jobs at once, each job once', async () => {
    const before = seen.length;
    const positions: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const res = await app.fetch('/api/contact', {
          method: 'POST',
          json: message(`burst probe ${i}`),
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        expect(res.status).toBe(201);
        const { id } = await res.json();
        const event = await app
          .db('events')
          .where({ stream_id: `contact:${id}` })
          .first();
        positions.push(event.position);
      }),
    );
    await eventually(async () => positions.every((p) => seen.includes(p)), 10_000, 5);
    expect(seen.length - before).toBe(8);
    expect(mostAtOnce).toBeGreaterThan(1);
  });

  it("runs a handler's batch form, and each job of a failed batch on its own", async () => {
    const store = app.api.runtime.store;
    const events = [];
    for (const [i, poison] of [false, false, true, false].entries()) {
      const [event] = await store.append(
        `probe:${i}`,
        'any',
        [{ type: 'ProbeHappened', data: { poison } }],
        { metadata: { actor: 'test' } },
      );
      events.push(event!);
    }
    const boss = app.api.runtime.boss;
    // Created in one statement, so that the worker's next fetch takes them as one batch.
    await boss.insert(
      BATCH_QUEUE,
      events.map((e) => ({ data: { position: e.position, streamId: e.streamId, type: e.type } })),
    );
    const good = events.filter((e) => !isPoison(e)).map((e) => e.position);
    await eventually(async () => good.every((p) => singles.includes(p)), 10_000, 5);
    const poisoned = events.find(isPoison)!.position;
    expect(batches.some((b) => b.includes(poisoned) && b.length > 1)).toBe(true);
    expect(singles).not.toContain(poisoned);
    // The poisoned one waits for its retry; the others are done.
    const expected = events.map((e) => [
      String(e.position),
      e.position === poisoned ? 'retry' : 'completed',
    ]);
    await eventually(async () => {
      const rows = await app.db
        .withSchema('pgboss')
        .from('job')
        .where({ name: BATCH_QUEUE })
        .select('state', app.db.raw("data->>'position' as position"));
      const states = new Map(rows.map((r) => [r.position, r.state]));
      return expected.every(([position, state]) => states.get(position) === state);
    }, 10_000);
    // The failure's message is kept in the job's row, without the address it quoted.
    const failed = await app.db
      .withSchema('pgboss')
      .from('job')
      .where({ name: BATCH_QUEUE })
      .whereRaw("data->>'position' = ?", [String(poisoned)])
      .first('output');
    expect(failed.output).toEqual({ message: '550 <…>: Recipient address rejected' });
  });

  it('on shutdown, lets the job in hand finish', async () => {
    await app.fetch('/api/contact', { method: 'POST', json: message('slow job in hand') });
    await eventually(
      async () =>
        (await app.db.withSchema('pgboss').from('job').where({ state: 'active' }).first()) ?? false,
      3000,
      10,
    );
    await app.worker!.stop();
    expect(slowJobFinished).toBe(true);
    app.worker = undefined;
  });
});
