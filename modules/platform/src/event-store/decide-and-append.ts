import { ConcurrencyError } from '../errors.ts';
import type { EventStore } from './event-store.ts';
import type { EventMetadata, NewEvent, StoredEvent } from './types.ts';

/**
 * Reads a stream, decides, appends at the version read. When the worker appended meanwhile
 * (enrichment, a notification) the decision is made again on the fresh history, so an
 * administrator's click never fails on the worker's bookkeeping nor overwrites a real change.
 */
export async function decideAndAppend(
  store: EventStore,
  streamId: string,
  decide: (history: StoredEvent[]) => NewEvent[],
  metadata: EventMetadata,
): Promise<StoredEvent[]> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    try {
      return await store.append(streamId, history.length, decide(history), { metadata });
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < 3) continue;
      throw error;
    }
  }
}
