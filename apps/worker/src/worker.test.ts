import { deadLetterQueue, type EventHandler, QUEUE_DEFAULTS } from '@kw/platform';
import { eventually } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { allHandlers } from './worker.ts';

// A handler of our own on the contact queue, to watch delivery and shutdown from the inside.
const seen: number[] = [];
let slowJobFinished = false;
const probe: EventHandler = {
  queue: 'contact.enrich',
  async handle(event) {
    const data = event.data as { message: string };
    if (data.message.startsWith('slow')) {
      await new Promise((r) => setTimeout(r, 1500));
      slowJobFinished = true;
    }
    seen.push(event.position);
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
  app = await startTestApp({ worker: [probe] });
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
