import type { DeletedItem } from '../contract.ts';
import { describeActor } from '../history.ts';
import type { EventStore } from './event-store.ts';
import type { StoredEvent } from './types.ts';

/** How long a deleted post, case study or job can be brought back from "Recently deleted". */
export const RESTORE_DAYS = 30;
const DAY_MS = 86_400_000;

/** What "Recently deleted" needs of a kind: its deletion event, its fold, and a title. */
export interface DeletedKind<State> {
  deletedType: string;
  /** The stream's prefix, as in `post:<id>`. */
  streamPrefix: string;
  fold(history: readonly StoredEvent[]): State;
  /** The item's title and slug before the deletion, when still deleted; else null. */
  describeDeleted(state: State): { title: string; slug: string } | null;
}

/** Items deleted in the last 30 days and still deleted, newest deletion first. */
export async function recentlyDeleted<State>(
  store: EventStore,
  kind: DeletedKind<State>,
  now: Date,
): Promise<DeletedItem[]> {
  const since = new Date(now.getTime() - RESTORE_DAYS * DAY_MS);
  const deletions = await store.readRecent([kind.deletedType], since);
  const items: DeletedItem[] = [];
  const seen = new Set<string>();
  for (const deletion of deletions) {
    if (seen.has(deletion.streamId)) continue;
    seen.add(deletion.streamId);
    const history = await store.readStream(deletion.streamId);
    // Still deleted, and by this deletion (not restored and deleted again earlier).
    if (history.at(-1)?.position !== deletion.position) continue;
    const described = kind.describeDeleted(kind.fold(history));
    if (!described) continue;
    items.push({
      id: deletion.streamId.slice(kind.streamPrefix.length + 1),
      ...described,
      deletedAt: deletion.occurredAt.toISOString(),
      deletedBy: describeActor(deletion.metadata?.actor),
      restorableUntil: new Date(
        deletion.occurredAt.getTime() + RESTORE_DAYS * DAY_MS,
      ).toISOString(),
    });
  }
  return items;
}
