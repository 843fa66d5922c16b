import { projections } from '@kw/composition';
import { confirmToken, subscriberIdFor } from '@kw/newsletter';
import { rebuildProjections } from '@kw/platform';
import { eventually } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { relativeTime } from './contract.ts';
import type { NewActivityEvent } from './events.ts';
import { describeActivity } from './feed.ts';
import { activityProjection } from './projection.ts';
import { dailyActivity } from './queries.ts';
import {
  applicationSubmitted,
  caseStudyCreated,
  contactReceived,
  jobContent,
  pageViewed,
  postCreated,
  subscriberJoined,
} from './test-fixtures.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
  token = await app.login();
});
afterAll(() => app.close());

const append = (stream: string, event: NewActivityEvent) =>
  app.api.runtime.store.append(stream, 'any', [event], { metadata: { actor: 'test' } });

/** Every queued job done: the worker is slow to start on a loaded machine. */
const drained = () =>
  eventually(
    async () => {
      const row = await app.db.raw(
        "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()",
      );
      return row.rows[0].n === 0;
    },
    90_000,
    200,
  );

const feedCount = async () =>
  Number((await app.db('recent_activity').count<{ count: number }[]>('* as count'))[0]!.count);

describe('recent activity, built by the worker', () => {
  it('shows each kind of business event with its title, icon and colour, newest first', {
    timeout: 120_000,
  }, async () => {
    // Events other modules emit, appended directly: the feed reads them by their catalogues.
    const POST = '00000000-0000-4000-8000-0000000000d1';
    await append(`post:${POST}`, postCreated(POST, 'Five AI wins for bakeries'));
    await append(`post:${POST}`, {
      type: 'PostPublished',
      data: { postId: POST, publishedAt: new Date().toISOString() },
    });
    const CASE = '00000000-0000-4000-8000-0000000000e1';
    await append(`case-study:${CASE}`, caseStudyCreated(CASE, 'Quoting in minutes'));
    await append(`case-study:${CASE}`, {
      type: 'CaseStudyPublished',
      data: { caseStudyId: CASE },
    });
    // Some carry only ids: the title and the name come from the stream's earlier events.
    const JOB = '00000000-0000-4000-8000-00000000a001';
    await append(`job:${JOB}`, { type: 'JobCreated', data: jobContent(JOB, 'Senior Developer') });
    await append(`job:${JOB}`, { type: 'JobPublished', data: { jobId: JOB } });
    const A1 = '00000000-0000-4000-8000-0000000000b1';
    const A2 = '00000000-0000-4000-8000-0000000000b2';
    await append(`application:${A1}`, applicationSubmitted(A1, JOB, 'Grace', 'Hopper'));
    await append(`application:${A2}`, applicationSubmitted(A2, JOB, 'Alan', 'Turing'));
    await append(`application:${A2}`, {
      type: 'ApplicationRejected',
      data: { applicationId: A2, notes: '' },
    });
    await append('admin:admin', {
      type: 'AdminPasswordChanged',
      data: { username: 'admin', via: 'settings' },
    });
    // And through the public API.
    const contact = await app.fetch('/api/contact', {
      method: 'POST',
      json: {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.ca',
        message: 'Please call me about a project.',
      },
    });
    expect(contact.status).toBe(201);
    await app.fetch('/api/newsletter/subscribe', {
      method: 'POST',
      json: { email: 'reader@example.ca' },
    });
    // Double opt-in: the subscriber counts (and shows) once the e-mail's link is confirmed.
    const [request] = await app
      .db('events')
      .where({ stream_id: `subscriber:${subscriberIdFor('reader@example.ca')}` })
      .where({ type: 'SubscriptionRequested' });
    const confirmed = await app.fetch(
      `/newsletter/confirm?token=${confirmToken(app.config.jwtSecret, subscriberIdFor('reader@example.ca'), request.data.requestedAt)}`,
      { method: 'POST' },
    );
    expect(confirmed.status).toBe(200);

    await drained();
    expect(await feedCount()).toBe(12);
    const res = await app.fetch('/api/admin/recent-activity', { token });
    expect(res.status).toBe(200);
    const items = await res.json();
    type Item = { title: string; icon: string; color: string; actor: string };
    const lines = Object.fromEntries(
      items.map((i: Item) => [i.title, `${i.icon} ${i.color}`] as const),
    );
    expect(lines).toEqual({
      'Blog post created: Five AI wins for bakeries': 'FileText blue',
      'Case study created: Quoting in minutes': 'BookOpen purple',
      'Job created: Senior Developer': 'Briefcase blue',
      'Blog post published: Five AI wins for bakeries': 'FileText blue',
      'Case study published: Quoting in minutes': 'BookOpen purple',
      'Job published: Senior Developer': 'Briefcase blue',
      'New job application: Grace Hopper for Senior Developer': 'Briefcase indigo',
      'New job application: Alan Turing for Senior Developer': 'Briefcase indigo',
      'Application rejected: Alan Turing': 'Briefcase gray',
      'Administrator password changed': 'FileText gray',
      'New contact submission: Ann Lee': 'Mail green',
      'New newsletter subscriber: reader@example.ca': 'Users orange',
    });
    // Each with its actor: the events appended here by 'test', the forms by a visitor.
    const actors = Object.fromEntries(items.map((i: Item) => [i.title, i.actor] as const));
    expect(actors['New contact submission: Ann Lee']).toBe('a visitor');
    expect(actors['New newsletter subscriber: reader@example.ca']).toBe('a visitor');
    expect(actors['Job published: Senior Developer']).toBe('test');
    const times = items.map((i: { timestamp: string }) => new Date(i.timestamp).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('a job that runs twice changes nothing (idempotent)', async () => {
    const before = await app.db('recent_activity').orderBy('position');
    const events = await app
      .db('events')
      .whereIn('type', activityProjection.handles as string[])
      .orderBy('position');
    const { toStoredEvent } = await import('@kw/platform');
    await app.db.transaction(async (trx) => {
      for (const row of events) await activityProjection.apply(trx, toStoredEvent(row));
    });
    expect(await app.db('recent_activity').orderBy('position')).toEqual(before);
  });

  it('a submission marked as spam leaves the feed; marked not spam, it comes back', {
    timeout: 120_000,
  }, async () => {
    const sent = await app.fetch('/api/contact', {
      method: 'POST',
      json: {
        firstName: 'Vera',
        lastName: 'Verdict',
        email: 'vera@example.ca',
        message: 'Could you help us plan a small AI pilot?',
      },
    });
    expect(sent.status).toBe(201);
    const { id } = await sent.json();
    const stream = `contact:${id}`;
    // Its line naming the person; the spam flag's line names no one.
    const inFeed = async () =>
      Boolean(
        await app
          .db('recent_activity')
          .where({ stream_id: stream })
          .whereILike('title', '%Vera%')
          .first(),
      );
    await eventually(inFeed, 30_000, 100);

    const mark = (isSpam: boolean) =>
      app.fetch(`/api/contact/${id}`, { method: 'PATCH', token, json: { isSpam } });
    expect((await mark(true)).status).toBe(200);
    await eventually(async () => !(await inFeed()), 30_000, 100);
    expect(
      await app.db('recent_activity').where({ stream_id: stream }).select('type', 'title', 'actor'),
    ).toEqual([
      {
        type: 'ContactMarkedSpam',
        title: 'Contact submission marked as spam',
        actor: 'admin:admin',
      },
    ]);
    expect((await mark(false)).status).toBe(200);
    await eventually(inFeed, 30_000, 100);
    const line = await app
      .db('recent_activity')
      .where({ stream_id: stream, type: 'ContactReceived' })
      .first();
    expect(line).toMatchObject({
      type: 'ContactReceived',
      title: 'New contact submission: Vera Verdict',
      actor: 'visitor',
    });
  });

  it('a submission the intake checks flag as spam never shows in the feed', {
    timeout: 120_000,
  }, async () => {
    const sent = await app.fetch('/api/contact', {
      method: 'POST',
      json: {
        firstName: 'Link',
        lastName: 'Farmer',
        email: 'links@example.ca',
        message: 'Buy http://a.example http://b.example http://c.example http://d.example now',
      },
    });
    expect(sent.status).toBe(201);
    const { id } = await sent.json();
    await drained();
    const row = await app.db('contact_submissions').where({ id }).first();
    expect(row.is_spam).toBe(true); // the intake flagged it (more than 3 links)
    expect(
      await app
        .db('recent_activity')
        .where({ stream_id: `contact:${id}` })
        .first(),
    ).toBe(undefined);
  });

  it("deleting a contact submission takes the person's name out of the feed", {
    timeout: 120_000,
  }, async () => {
    const list = await (await app.fetch('/api/contact', { token })).json();
    const id = list.find((s: { email: string }) => s.email === 'ann@example.ca').id;
    expect((await app.fetch(`/api/contact/${id}`, { method: 'DELETE', token })).status).toBe(204);
    // What is left of the stream in the feed: one line naming no one.
    const lines = () =>
      app
        .db('recent_activity')
        .where({ stream_id: `contact:${id}` })
        .select('type', 'title');
    await eventually(
      async () => (await lines()).every((l) => l.type === 'ContactSubmissionDeleted'),
      30_000,
      100,
    );
    expect(await lines()).toEqual([
      { type: 'ContactSubmissionDeleted', title: 'Contact submission deleted' },
    ]);
    expect(await app.db('recent_activity').whereILike('title', '%Ann Lee%').first()).toBe(
      undefined,
    );
  });

  it('rebuilding every projection from the log gives the same tables as the live ones', async () => {
    const tables = [...new Set(projections.flatMap((p) => p.tables))].sort();
    expect(tables).toEqual(
      expect.arrayContaining([
        'recent_activity',
        'daily_activity_events',
        'newsletter_subscribers',
        'contact_submissions',
      ]),
    );
    // Wait for the worker to finish every queued job before comparing.
    await drained();
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of tables) out[table] = await app.db(table).select('*').orderByRaw('1');
      return out;
    };
    const live = await snapshot();
    expect(live.recent_activity!.length).toBeGreaterThan(5);
    await rebuildProjections(app.api.runtime.store, projections);
    expect(await snapshot()).toEqual(live);
  });
});

describe("daily counts for the 30-day chart, on Toronto's calendar", () => {
  it('counts contact submissions, sign-ups and page views per local day, today included', async () => {
    const fresh = await startTestApp();
    try {
      const store = fresh.api.runtime.store;
      const at = async (stream: string, event: NewActivityEvent, when: string) => {
        const [stored] = await store.append(stream, 'any', [event], {
          metadata: { actor: 'test' },
        });
        await fresh
          .db('events')
          .where({ position: stored!.position })
          .update({ occurred_at: when });
      };
      // Now: Saturday 21 November 2026, 23:59 in Toronto (Sunday already in UTC).
      const now = new Date('2026-11-22T04:59:00Z');
      await at('analytics:1', pageViewed(), '2026-11-22T04:30:00Z'); // Sat 23:30: today
      await at('analytics:2', pageViewed(), '2026-11-21T05:00:00Z'); // Sat 00:00: today
      await at('analytics:3', pageViewed(), '2026-11-21T04:59:59Z'); // Fri 23:59:59
      const S1 = '00000000-0000-4000-8000-0000000000a1';
      const S2 = '00000000-0000-4000-8000-0000000000a2';
      const C1 = '00000000-0000-4000-8000-0000000000c1';
      await at(`contact:${C1}`, contactReceived(C1), '2026-11-21T12:00:00Z');
      // Oct 23 00:00 EDT: day 1 of 30; a minute before: outside.
      await at(`subscriber:${S1}`, subscriberJoined(S1, 'a@b.ca'), '2026-10-23T04:00:00Z');
      await at(`subscriber:${S2}`, subscriberJoined(S2, 'c@d.ca'), '2026-10-23T03:59:00Z');
      await rebuildProjections(store, [activityProjection]);
      const days = await dailyActivity(fresh.db, 30, now);
      expect(days).toHaveLength(30);
      expect(days[0]).toEqual({
        date: '2026-10-23',
        contactSubmissions: 0,
        newsletterSignups: 1,
        pageViews: 0,
      });
      expect(days[29]).toEqual({
        date: '2026-11-21',
        contactSubmissions: 1,
        newsletterSignups: 0,
        pageViews: 2,
      });
      expect(days[28]).toEqual({
        date: '2026-11-20',
        contactSubmissions: 0,
        newsletterSignups: 0,
        pageViews: 1,
      });
      expect(days.reduce((n, d) => n + d.newsletterSignups, 0)).toBe(1);
      const res = await fresh.fetch('/api/admin/daily-activity', { token: await fresh.login() });
      expect((await res.json()).length).toBe(30);
    } finally {
      await fresh.close();
    }
  });
});

describe('system status and information', () => {
  it('reports the database, the worker heartbeat, the queue and the mail transport as measured', async () => {
    const res = await app.fetch('/api/admin/system-status', { token });
    expect(res.status).toBe(200);
    const status = await res.json();
    expect(status.database.ok).toBe(true);
    expect(status.worker.ok).toBe(true);
    expect(status.worker.heartbeatAgeSeconds).toBeLessThan(30);
    expect(typeof status.queue.backlog).toBe('number');
    expect(status.email).toEqual({ ok: true, transport: 'files' });
  });

  it('says which database, where files are stored, the environment and the version', async () => {
    const info = await (await app.fetch('/api/admin/system-info', { token })).json();
    expect(info.database.engine).toBe('PostgreSQL');
    expect(info.database.version).toMatch(/^\d+/);
    expect(info.fileStorage).toEqual({ kind: 'local', path: app.config.uploadsDir });
    expect(info.environment).toBe('test');
    expect(info.version).toBe('1.0.0');
  });
});

describe('relative times and titles', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it.each([
    ['2026-11-22T11:59:30Z', 'Just now'],
    ['2026-11-22T11:59:00Z', '1 minute ago'],
    ['2026-11-22T11:15:00Z', '45 minutes ago'],
    ['2026-11-22T11:00:00Z', '1 hour ago'],
    ['2026-11-21T13:00:00Z', '23 hours ago'],
    ['2026-11-21T12:00:00Z', '1 day ago'],
    ['2026-11-12T12:00:00Z', '10 days ago'],
    ['2026-11-22T12:05:00Z', 'Just now'],
  ])('%s reads %s', (when, text) => expect(relativeTime(when, now)).toBe(text));

  it('events outside the feed have no line; missing titles still read well', () => {
    expect(describeActivity('ContactSubmissionEnriched', {})).toBeNull();
    expect(describeActivity('PostPublished', {})).toEqual({
      title: 'Blog post published',
      icon: 'FileText',
      color: 'blue',
    });
  });
});
