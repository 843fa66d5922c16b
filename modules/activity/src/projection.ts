import { type Projection, type StoredEvent, type Trx, toStoredEvent } from '@kw/platform';
import {
  describeActivity,
  FEED_EVENTS,
  FORGET_EVENTS,
  metricOf,
  SPAM_MARKED_EVENTS,
  SPAM_UNMARKED_EVENTS,
} from './describe.ts';

export const RECENT_ACTIVITY = 'recent_activity';
export const DAILY_ACTIVITY_EVENTS = 'daily_activity_events';

/**
 * Built by the worker (async): the dashboard's feed and the events behind its chart, one row
 * per event keyed by its log position, so a job that runs twice changes nothing.
 */
export const activityProjection: Projection = {
  name: 'activity',
  mode: 'async',
  tables: [RECENT_ACTIVITY, DAILY_ACTIVITY_EVENTS],
  handles: [
    ...FEED_EVENTS,
    'SubscriberResubscribed',
    'PageViewed',
    ...FORGET_EVENTS,
    ...SPAM_MARKED_EVENTS,
    ...SPAM_UNMARKED_EVENTS,
  ],
  async apply(trx: Trx, event: StoredEvent) {
    if (isOneOf(event.type, FORGET_EVENTS) || isOneOf(event.type, SPAM_MARKED_EVENTS)) {
      await trx(RECENT_ACTIVITY).where({ stream_id: event.streamId }).delete();
      return;
    }
    if (isOneOf(event.type, SPAM_UNMARKED_EVENTS)) {
      // The stream's feed lines come back, each as it was first written.
      const earlier = await trx('events')
        .where({ stream_id: event.streamId })
        .whereIn('type', FEED_EVENTS as unknown as string[])
        .where('position', '<', event.position)
        .orderBy('position');
      for (const row of earlier) await addLine(trx, toStoredEvent(row));
      return;
    }
    const metric = metricOf(event.type);
    if (metric) {
      await trx(DAILY_ACTIVITY_EVENTS)
        .insert({ position: event.position, metric, occurred_at: event.occurredAt })
        .onConflict('position')
        .ignore();
    }
    await addLine(trx, event);
  },
};

const isOneOf = (type: string, types: readonly string[]) => types.includes(type);

/** The feed line of one event, unless its stream was deleted or is marked as spam now. */
async function addLine(trx: Trx, event: StoredEvent): Promise<void> {
  if (!describeActivity(event.type, event.data)) return;
  // Some events carry only ids (JobPublished, ApplicationRejected): the stream's earlier
  // events hold the title or the person's name.
  const earlier = await trx('events')
    .where({ stream_id: event.streamId })
    .where('position', '<', event.position)
    .orderBy('position')
    .pluck('data');
  const context = Object.assign({}, ...earlier, event.data as object);
  const line = describeActivity(event.type, context);
  if (!line) return;
  // The worker may see a deletion before a retried creation: a forgotten stream stays forgotten.
  const forgotten = await trx('events')
    .where({ stream_id: event.streamId })
    .whereIn('type', FORGET_EVENTS as unknown as string[])
    .where('position', '>', event.position)
    .first('position');
  if (forgotten) return;
  // Whatever the order the worker sees them in, the latest spam verdict decides.
  const verdict = await trx('events')
    .where({ stream_id: event.streamId })
    .whereIn('type', [...SPAM_MARKED_EVENTS, ...SPAM_UNMARKED_EVENTS])
    .orderBy('position', 'desc')
    .first('type');
  if (verdict && isOneOf(verdict.type, SPAM_MARKED_EVENTS)) return;
  await trx(RECENT_ACTIVITY)
    .insert({
      position: event.position,
      stream_id: event.streamId,
      type: event.type,
      title: line.title.slice(0, 300),
      icon: line.icon,
      color: line.color,
      occurred_at: event.occurredAt,
    })
    .onConflict('position')
    .ignore();
}
