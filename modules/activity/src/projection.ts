import { defineProjection, EventStore, type Trx } from '@kw/platform';
import { type ActivityEvent, activityEvents } from './events.ts';
import {
  ANONYMOUS_EVENTS,
  FEED_EVENTS,
  type FeedLine,
  FORGET_EVENTS,
  feedLine,
  isOneOf,
  METRIC_OF,
  metricOf,
  SPAM_MARKED_EVENTS,
  SPAM_UNMARKED_EVENTS,
} from './feed.ts';

export const RECENT_ACTIVITY = 'recent_activity';

/** The feed's lines that name their subject (a person, a title). */
const NAMED_LINES = FEED_EVENTS.filter((type) => !isOneOf(ANONYMOUS_EVENTS, type));
export const DAILY_ACTIVITY_EVENTS = 'daily_activity_events';

/**
 * Built by the worker (async): the dashboard's feed and the events behind its chart, one row
 * per event keyed by its log position, so a job that runs twice changes nothing.
 */
export const activityProjection = defineProjection({
  name: 'activity',
  mode: 'async',
  tables: [RECENT_ACTIVITY, DAILY_ACTIVITY_EVENTS],
  events: activityEvents,
  // An erased person's events still count on the chart (no personal field there); their feed
  // lines, which would name them, are left out.
  erased: 'apply',
  // Each type once: a type listed twice would be queued twice.
  handles: [
    ...new Set([
      ...FEED_EVENTS,
      ...(Object.keys(METRIC_OF) as (keyof typeof METRIC_OF)[]),
      ...FORGET_EVENTS,
      ...SPAM_MARKED_EVENTS,
      ...SPAM_UNMARKED_EVENTS,
    ]),
  ],
  async apply(trx, event) {
    if (isOneOf(FORGET_EVENTS, event.type) || isOneOf(SPAM_MARKED_EVENTS, event.type)) {
      // The lines that name the person leave; those that name nobody stay, this one's too.
      await trx(RECENT_ACTIVITY)
        .where({ stream_id: event.streamId })
        .whereIn('type', NAMED_LINES)
        .delete();
      const line = feedLine(event, await streamOf(trx, event.streamId));
      if (line) await trx(RECENT_ACTIVITY).insert(toRow(line)).onConflict('position').ignore();
      return;
    }
    if (isOneOf(SPAM_UNMARKED_EVENTS, event.type)) {
      // The stream's feed lines come back, each as it was first written.
      const stream = await streamOf(trx, event.streamId);
      if (stream.some((e) => e.erased)) return;
      const lines = stream
        .filter(
          (e) =>
            e.position < event.position &&
            isOneOf(FEED_EVENTS, e.type) &&
            !isOneOf(ANONYMOUS_EVENTS, e.type),
        )
        .map((e) => feedLine(e, stream))
        .filter((line) => line !== undefined);
      if (lines.length > 0)
        await trx(RECENT_ACTIVITY).insert(lines.map(toRow)).onConflict('position').ignore();
      return;
    }
    const metric = metricOf(event.type);
    if (metric) {
      await trx(DAILY_ACTIVITY_EVENTS)
        .insert({ position: event.position, metric, occurred_at: event.occurredAt })
        .onConflict('position')
        .ignore();
    }
    if (!isOneOf(FEED_EVENTS, event.type) || event.erased) return;
    const stream = await streamOf(trx, event.streamId);
    if (stream.some((e) => e.erased)) return;
    const line = feedLine(event, stream);
    if (line) await trx(RECENT_ACTIVITY).insert(toRow(line)).onConflict('position').ignore();
  },
  // A worker's batch: its chart rows in one statement, its feed lines in another (the streams
  // they name come from the batch's one read, see withStreamsRead). A batch with a forgetting
  // or a spam verdict, which removes or brings back lines, goes event by event.
  async applyBatch(trx, events) {
    if (
      events.some(
        (e) =>
          isOneOf(FORGET_EVENTS, e.type) ||
          isOneOf(SPAM_MARKED_EVENTS, e.type) ||
          isOneOf(SPAM_UNMARKED_EVENTS, e.type),
      )
    ) {
      for (const event of events) await activityProjection.apply(trx, event);
      return;
    }
    const metrics = events.flatMap((event) => {
      const metric = metricOf(event.type);
      return metric ? [{ position: event.position, metric, occurred_at: event.occurredAt }] : [];
    });
    const lines: FeedLine[] = [];
    for (const event of events) {
      if (!isOneOf(FEED_EVENTS, event.type) || event.erased) continue;
      const stream = await streamOf(trx, event.streamId);
      if (stream.some((e) => e.erased)) continue;
      const line = feedLine(event, stream);
      if (line) lines.push(line);
    }
    // Each table's rows as one JSON parameter: a batch's 4,000 placeholders cost the driver and
    // the server more than the rows.
    if (metrics.length > 0)
      await trx.raw(
        `insert into ${DAILY_ACTIVITY_EVENTS} (position, metric, occurred_at)
         select * from jsonb_to_recordset(?::jsonb)
           as x(position bigint, metric text, occurred_at timestamptz)
         on conflict (position) do nothing`,
        [JSON.stringify(metrics)],
      );
    if (lines.length > 0)
      await trx.raw(
        `insert into ${RECENT_ACTIVITY}
           (position, stream_id, type, title, icon, color, occurred_at, actor)
         select * from jsonb_to_recordset(?::jsonb)
           as x(position bigint, stream_id text, type text, title text, icon text, color text,
                occurred_at timestamptz, actor text)
         on conflict (position) do nothing`,
        [JSON.stringify(lines.map(toRow))],
      );
  },
});

/**
 * A stream's history, read through the event store in the projection's transaction and parsed;
 * events of other catalogues say nothing about the feed.
 */
async function streamOf(trx: Trx, streamId: string): Promise<ActivityEvent[]> {
  const history = await new EventStore(trx).readStream(streamId);
  return history.filter((e) => activityEvents.has(e.type)).map((e) => activityEvents.parse(e));
}

const toRow = (line: FeedLine) => ({
  position: line.position,
  stream_id: line.streamId,
  type: line.type,
  title: line.title,
  icon: line.icon,
  color: line.color,
  occurred_at: line.occurredAt,
  actor: line.actor,
});
