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
      const stream = await readStream(trx, event.streamId);
      const lines = stream
        .filter((e) => e.position < event.position && isOneOf(e.type, FEED_EVENTS))
        .map((e) => feedLine(e, stream))
        .filter((line) => line !== undefined);
      if (lines.length > 0)
        await trx(RECENT_ACTIVITY).insert(lines).onConflict('position').ignore();
      return;
    }
    const metric = metricOf(event.type);
    if (metric) {
      await trx(DAILY_ACTIVITY_EVENTS)
        .insert({ position: event.position, metric, occurred_at: event.occurredAt })
        .onConflict('position')
        .ignore();
    }
    if (!describeActivity(event.type, event.data)) return;
    const line = feedLine(event, await readStream(trx, event.streamId));
    if (line) await trx(RECENT_ACTIVITY).insert(line).onConflict('position').ignore();
  },
};

const isOneOf = (type: string, types: readonly string[]) => types.includes(type);

async function readStream(trx: Trx, streamId: string): Promise<StoredEvent[]> {
  const rows = await trx('events').where({ stream_id: streamId }).orderBy('position');
  return rows.map(toStoredEvent);
}

/**
 * The feed row of one event, given its whole stream (one read): none when the stream was
 * deleted after it, or its latest spam verdict says spam, whatever the order the worker sees
 * the events in.
 */
function feedLine(event: StoredEvent, stream: StoredEvent[]) {
  // Some events carry only ids (JobPublished, ApplicationRejected): the stream's earlier
  // events hold the title or the person's name.
  const earlier = stream.filter((e) => e.position < event.position).map((e) => e.data);
  const line = describeActivity(event.type, Object.assign({}, ...earlier, event.data as object));
  if (!line) return undefined;
  if (stream.some((e) => e.position > event.position && isOneOf(e.type, FORGET_EVENTS)))
    return undefined;
  const verdict = stream.findLast(
    (e) => isOneOf(e.type, SPAM_MARKED_EVENTS) || isOneOf(e.type, SPAM_UNMARKED_EVENTS),
  );
  if (verdict && isOneOf(verdict.type, SPAM_MARKED_EVENTS)) return undefined;
  return {
    position: event.position,
    stream_id: event.streamId,
    type: event.type,
    title: line.title.slice(0, 300),
    icon: line.icon,
    color: line.color,
    occurred_at: event.occurredAt,
  };
}
