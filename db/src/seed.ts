import type { EventStore } from '@kw/platform';
import { ConcurrencyError } from '@kw/platform';
import { demoCareersStreams } from './demo/careers.ts';
import { demoContactStreams } from './demo/contact.ts';
import { demoContentStreams } from './demo/content.ts';
import type { DemoStream } from './demo/types.ts';

/** Each group of demo content is appended once, marked by a stream of its own. */
const GROUPS: { name: string; streams: () => DemoStream[] }[] = [
  { name: 'contact', streams: demoContactStreams },
  { name: 'content', streams: demoContentStreams },
  { name: 'careers', streams: demoCareersStreams },
];

/**
 * Appends the demo content that is not there yet. A group's marker stream makes a second run a
 * no-op, so `make run` calls it on every start and `make seed` is safe to repeat.
 */
export async function seedDemoContent(store: EventStore): Promise<{ seeded: boolean }> {
  let seeded = false;
  for (const group of GROUPS) {
    const marker = `seed:${group.name}`;
    const streams = group.streams();
    if (streams.length === 0) continue;
    try {
      await store.db.transaction(async (trx) => {
        await store.append(
          marker,
          0,
          [{ type: 'DemoContentSeeded', data: { group: group.name } }],
          {
            metadata: { actor: 'seed' },
            trx,
          },
        );
        for (const { streamId, events } of streams) {
          await store.append(streamId, 0, events, { metadata: { actor: 'seed' }, trx });
        }
      });
      seeded = true;
    } catch (error) {
      if (!(error instanceof ConcurrencyError && error.streamId === marker)) throw error;
    }
  }
  return { seeded };
}
