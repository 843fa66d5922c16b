import { type EventJob, EventStore } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewActivityEvent } from './events.ts';
import { activityProjection, DAILY_ACTIVITY_EVENTS, RECENT_ACTIVITY } from './projection.ts';
import { contactReceived, pageViewed, postCreated, subscriberJoined } from './test-fixtures.ts';

// Given events appended through the store, when the worker runs the jobs they queued (in the
// order given), then these rows in recent_activity and daily_activity_events.

let tdb: TestDatabase;
let store: EventStore;
let queued: EventJob[] = [];
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db, {
    projections: [activityProjection],
    enqueue: async (_trx, queue, job) => {
      expect(queue).toBe('projection.activity');
      queued.push(job);
    },
  });
});
afterAll(() => tdb?.drop());

const metadata = { actor: 'test' };
const append = (streamId: string, ...events: NewActivityEvent[]) =>
  store.append(streamId, 'any', events, { metadata });

/** Runs the queued jobs as the worker does, each in its transaction; `order` may shuffle them. */
async function work(order: (jobs: EventJob[]) => EventJob[] = (jobs) => jobs) {
  const jobs = order(queued);
  queued = [];
  for (const job of jobs) {
    const event = await store.readEvent(job.position);
    await tdb.db.transaction((trx) => activityProjection.apply(trx, event!));
  }
}

const feed = (streamId: string) =>
  tdb.db(RECENT_ACTIVITY).where({ stream_id: streamId }).orderBy('position');
const counted = (positions: number[]) =>
  tdb
    .db(DAILY_ACTIVITY_EVENTS)
    .whereIn('position', positions)
    .orderBy('position')
    .select('position', 'metric', 'occurred_at');

let next = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

const contact = (submissionId: string) => contactReceived(submissionId);
const joined = (subscriberId: string) =>
  subscriberJoined(subscriberId, `${subscriberId}@example.ca`);

describe('the activity projection: the feed', () => {
  it('given a post created then published, then a line for each, titled by the post, with its actor', async () => {
    const id = uuid();
    const [created, published] = await append(
      `post:${id}`,
      postCreated(id, 'Five AI wins for bakeries'),
      {
        type: 'PostPublished',
        data: { postId: id, publishedAt: '2026-11-22T12:00:00Z' },
      },
    );
    await work();
    expect(await feed(`post:${id}`)).toEqual([
      {
        position: created!.position,
        stream_id: `post:${id}`,
        type: 'PostCreated',
        title: 'Blog post created: Five AI wins for bakeries',
        icon: 'FileText',
        color: 'blue',
        occurred_at: created!.occurredAt,
        actor: 'test',
      },
      {
        position: published!.position,
        stream_id: `post:${id}`,
        type: 'PostPublished',
        title: 'Blog post published: Five AI wins for bakeries',
        icon: 'FileText',
        color: 'blue',
        occurred_at: published!.occurredAt,
        actor: 'test',
      },
    ]);
  });

  it('given the administrator changed the password, then a line naming no one', async () => {
    const [changed] = await append('admin:owner', {
      type: 'AdminPasswordChanged',
      data: { username: 'owner', via: 'settings' },
    });
    await work();
    expect(await feed('admin:owner')).toMatchObject([
      { position: changed!.position, title: 'Administrator password changed', color: 'gray' },
    ]);
  });

  it('given a submission marked spam, then its line gives way to a flag naming no one; unmarked, then its line is back as it was', async () => {
    const id = uuid();
    const stream = `contact:${id}`;
    await append(stream, contact(id));
    await work();
    const [line] = await feed(stream);
    expect(line).toMatchObject({
      type: 'ContactReceived',
      title: 'New contact submission: Ann Lee',
    });
    const [marked] = await append(stream, {
      type: 'ContactMarkedSpam',
      data: { submissionId: id, reason: 'Spam', automatic: false },
    });
    await work();
    const flag = {
      position: marked!.position,
      stream_id: stream,
      type: 'ContactMarkedSpam',
      title: 'Contact submission marked as spam',
      icon: 'Mail',
      color: 'orange',
      occurred_at: marked!.occurredAt,
      actor: 'test',
    };
    expect(await feed(stream)).toEqual([flag]);
    await append(stream, { type: 'ContactUnmarkedSpam', data: { submissionId: id } });
    await work();
    expect(await feed(stream)).toEqual([line, flag]);
  });

  it('given a submission flagged spam at once, then no line even when the worker reads it first', async () => {
    const id = uuid();
    await append(`contact:${id}`, contact(id), {
      type: 'ContactMarkedSpam',
      data: { submissionId: id, reason: 'Too many links', automatic: true },
    });
    await work((jobs) => [...jobs].reverse());
    expect(await feed(`contact:${id}`)).toEqual([]);
  });

  it('given a deleted subscriber, then their line gives way to one naming no one, in either order of the jobs', async () => {
    for (const order of [(j: EventJob[]) => j, (j: EventJob[]) => [...j].reverse()]) {
      const id = uuid();
      await append(`subscriber:${id}`, joined(id));
      const [deleted] = await append(`subscriber:${id}`, {
        type: 'SubscriberDeleted',
        data: { subscriberId: id },
      });
      await work(order);
      expect(await feed(`subscriber:${id}`)).toEqual([
        {
          position: deleted!.position,
          stream_id: `subscriber:${id}`,
          type: 'SubscriberDeleted',
          title: 'Newsletter subscriber deleted',
          icon: 'Users',
          color: 'gray',
          occurred_at: deleted!.occurredAt,
          actor: 'test',
        },
      ]);
    }
  });

  it('given a job that runs twice, then the same rows', async () => {
    const id = uuid();
    await append(`subscriber:${id}`, joined(id));
    const jobs = [...queued];
    await work();
    const once = await feed(`subscriber:${id}`);
    queued = jobs;
    await work();
    expect(await feed(`subscriber:${id}`)).toEqual(once);
    expect(once).toMatchObject([{ title: `New newsletter subscriber: ${id}@example.ca` }]);
  });
});

describe('the activity projection: the daily counts', () => {
  it('given a submission, sign-ups, page views and a named event, then one row per counted event', async () => {
    const C = uuid();
    const S = uuid();
    const [received] = await append(`contact:${C}`, contact(C));
    const [signedUp, resubscribed] = await append(
      `subscriber:${S}`,
      joined(S),
      { type: 'SubscriberUnsubscribed', data: { subscriberId: S, via: 'link' } },
      { type: 'SubscriberResubscribed', data: joined(S).data },
    ).then((events) => [events[0], events[2]]);
    const [viewed] = await append(`analytics:${uuid()}`, pageViewed());
    const [named] = await append(`analytics:${uuid()}`, {
      type: 'AnalyticsEventRecorded',
      data: {
        category: 'engagement',
        action: 'service_interest',
        label: '',
        value: null,
        path: '/',
      },
    });
    await work();
    await work(); // nothing left: each fact counted once
    const stored = [received!, signedUp!, resubscribed!, viewed!, named!];
    expect(await counted(stored.map((e) => e.position))).toEqual([
      { position: received!.position, metric: 'contact', occurred_at: received!.occurredAt },
      { position: signedUp!.position, metric: 'signup', occurred_at: signedUp!.occurredAt },
      { position: resubscribed!.position, metric: 'signup', occurred_at: resubscribed!.occurredAt },
      { position: viewed!.position, metric: 'pageview', occurred_at: viewed!.occurredAt },
    ]);
  });

  it('queues each event it handles once, and no event it does not', () => {
    const handles = activityProjection.handles;
    expect(new Set(handles).size).toBe(handles.length);
    expect(handles).not.toContain('AnalyticsEventRecorded');
    expect(handles).not.toContain('SubscriberUnsubscribed');
  });
});

describe("the activity projection: a worker's batch", () => {
  /** The rows of these positions: applied job by job, then again as one batch, each from empty. */
  async function bothWays(jobs: EventJob[]) {
    const positions = jobs.map((j) => j.position);
    const events = (await store.readEvents(positions)).sort((a, b) => a.position - b.position);
    const streams = [...new Set(events.map((e) => e.streamId))];
    const rows = async () => ({
      feed: await tdb.db(RECENT_ACTIVITY).whereIn('stream_id', streams).orderBy('position'),
      counted: await counted(positions),
    });
    const clear = () =>
      Promise.all([
        tdb.db(RECENT_ACTIVITY).whereIn('stream_id', streams).delete(),
        tdb.db(DAILY_ACTIVITY_EVENTS).whereIn('position', positions).delete(),
      ]);
    for (const event of events)
      await tdb.db.transaction((trx) => activityProjection.apply(trx, event));
    const oneByOne = await rows();
    await clear();
    await tdb.db.transaction((trx) => activityProjection.applyBatch!(trx, events));
    const batched = await rows();
    // Twice: nothing more.
    await tdb.db.transaction((trx) => activityProjection.applyBatch!(trx, events));
    expect(await rows()).toEqual(batched);
    return { oneByOne, batched };
  }

  it('given new submissions, sign-ups, a post and page views, then the same rows as job by job, in two statements', async () => {
    queued = [];
    const post = uuid();
    await append(`contact:${uuid()}`, contact(uuid()));
    await append(`post:${post}`, postCreated(post, 'Batches'));
    const member = uuid();
    await append(`subscriber:${member}`, joined(member));
    await append(`analytics:${uuid()}`, pageViewed());
    await append(`contact:${uuid()}`, contact(uuid()));
    const jobs = queued;
    queued = [];
    const { oneByOne, batched } = await bothWays(jobs);
    expect(oneByOne.feed).toHaveLength(4);
    expect(oneByOne.counted).toHaveLength(4);
    expect(batched).toEqual(oneByOne);
  });

  it('given a submission and its spam marking in one batch, then the same rows as job by job', async () => {
    queued = [];
    const id = uuid();
    await append(`contact:${id}`, contact(id), {
      type: 'ContactMarkedSpam',
      data: { submissionId: id, reason: 'Spam', automatic: false },
    });
    const jobs = queued;
    queued = [];
    const { oneByOne, batched } = await bothWays(jobs);
    expect(oneByOne.feed.map((l) => l.type)).toEqual(['ContactMarkedSpam']);
    expect(batched).toEqual(oneByOne);
  });
});
