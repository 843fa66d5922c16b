import type { EventStore } from '@kw/platform';
import { ConcurrencyError } from '@kw/platform';
import { demoContactEvents } from './demo/contact.ts';

const SEED_STREAM = 'seed:demo';

/**
 * Appends the demo content once: a marker stream makes a second run a no-op, so `make run`
 * can call it on every start and `make seed` is safe to repeat.
 */
export async function seedDemoContent(store: EventStore): Promise<{ seeded: boolean }> {
  try {
    await store.db.transaction(async (trx) => {
      await store.append(SEED_STREAM, 0, [{ type: 'DemoContentSeeded', data: {} }], {
        metadata: { actor: 'seed' },
        trx,
      });
      for (const { streamId, events } of demoContactEvents()) {
        await store.append(streamId, 0, events, { metadata: { actor: 'seed' }, trx });
      }
    });
    return { seeded: true };
  } catch (error) {
    if (error instanceof ConcurrencyError && error.streamId === SEED_STREAM)
      return { seeded: false };
    throw error;
  }
}
