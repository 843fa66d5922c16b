import { randomUUID } from 'node:crypto';
import { projections } from '@kw/composition';
import { seedDemoContent } from '@kw/db';
import {
  bumpContentRevision,
  contentRevisionStamp,
  contentRevisions,
  EventStore,
  REBUILD_SCHEMA,
  rebuildProjections,
} from '@kw/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// `make rebuild-projections` replays the log into fresh tables beside the live ones and swaps
// them in: the site answers throughout, events that arrive meanwhile are caught up, and the
// result equals the live tables the projections built one event at a time.

let app: TestApp;
/** Every projection applied in the append's transaction, as make run's seed and the CLI do. */
let inline: EventStore;
const tables = [...new Set(projections.flatMap((p) => p.tables))].sort();

beforeAll(async () => {
  app = await startTestApp();
  inline = new EventStore(app.db, {
    projections: projections.map((p) => ({ ...p, mode: 'inline' as const })),
  });
  await seedDemoContent(inline);
  // A log of some size, through the real projections: enquiries with what the worker adds,
  // sign-ups, page views, some deleted, some marked as spam.
  for (let i = 0; i < 150; i++) await someActivity(i);
}, 120_000);
afterAll(() => app?.close());

const ua = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
const metadata = { actor: 'test' };

async function someActivity(i: number): Promise<void> {
  const contact = randomUUID();
  await inline.append(
    `contact:${contact}`,
    0,
    [
      {
        type: 'ContactReceived',
        data: {
          submissionId: contact,
          firstName: 'Rebuild',
          lastName: `Sender ${i}`,
          email: `sender${i}@example.ca`,
          phone: '',
          company: '',
          service: 'integration',
          message: `Message ${i}`,
          subscribeNewsletter: false,
          ipAddress: `198.51.100.${i % 250}`,
          userAgent: ua,
          referer: '',
        },
      },
      {
        type: 'ContactSubmissionEnriched',
        data: {
          submissionId: contact,
          deviceType: 'desktop',
          browserName: 'Firefox',
          browserVersion: '140.0',
          os: 'Linux',
          country: null,
          city: null,
        },
      },
    ],
    { metadata },
  );
  if (i % 7 === 0)
    await inline.append(
      `contact:${contact}`,
      2,
      [
        {
          type: 'ContactMarkedSpam',
          data: { submissionId: contact, reason: 'test', automatic: false },
        },
      ],
      { metadata },
    );
  if (i % 11 === 0)
    await inline.append(
      `contact:${contact}`,
      'any',
      [{ type: 'ContactSubmissionDeleted', data: { submissionId: contact } }],
      { metadata },
    );
  const subscriber = randomUUID();
  await inline.append(
    `subscriber:${subscriber}`,
    0,
    [
      {
        type: 'SubscriberJoined',
        data: {
          subscriberId: subscriber,
          email: `reader${i}@example.ca`,
          firstName: null,
          lastName: null,
          source: 'website',
          ipAddress: `203.0.113.${i % 250}`,
          userAgent: ua,
          referer: '',
          utmSource: null,
          utmMedium: null,
          utmCampaign: null,
        },
      },
    ],
    { metadata },
  );
  if (i % 5 === 0)
    await inline.append(
      `subscriber:${subscriber}`,
      1,
      [{ type: 'SubscriberUnsubscribed', data: { subscriberId: subscriber, via: 'link' } }],
      { metadata },
    );
  await inline.append(
    `analytics:${randomUUID()}`,
    0,
    [
      {
        type: 'PageViewed',
        data: {
          path: '/services',
          referrer: '',
          utmSource: '',
          utmMedium: '',
          utmCampaign: '',
          userAgent: ua,
          ipAddress: '192.0.2.1',
        },
      },
    ],
    { metadata },
  );
}

async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = await app.db(table).select('*').orderByRaw('1');
  return out;
}

describe('rebuilding the read models', () => {
  it('answers public reads throughout, catches up what arrives meanwhile, and equals the live tables', async () => {
    const before = await snapshot();
    expect(before.contact_submissions!.length).toBeGreaterThan(100);
    expect(before.recent_activity!.length).toBeGreaterThan(100);

    const stamp = await contentRevisionStamp(app.db);
    let stampMidway: string | undefined;
    const answered: number[] = [];
    const lines: string[] = [];
    let written: string | undefined;
    let live: Record<string, unknown[]> | undefined;
    const result = await rebuildProjections(app.api.runtime.store, projections, {
      batchSize: 200,
      log: (line) => lines.push(line),
      async onBatch(replayed) {
        if (replayed !== 200) return;
        // The replay moves no page-cache revision: cached pages stay valid until the swap.
        stampMidway = await contentRevisionStamp(app.db);
        // In the middle of the replay: the public pages' data comes from the live tables,
        // at once (the old rebuild held them locked until it ended: this would wait forever).
        for (const path of ['/api/blog?published=true', '/api/case-studies', '/api/jobs']) {
          const res = await app.fetch(path);
          answered.push(res.status);
          expect((await res.json()).length).toBeGreaterThan(0);
        }
        // A visitor writes meanwhile: the rebuilt tables must have it too.
        written = randomUUID();
        await inline.append(
          `contact:${written}`,
          0,
          [
            {
              type: 'ContactReceived',
              data: {
                submissionId: written,
                firstName: 'During',
                lastName: 'Rebuild',
                email: 'during@example.ca',
                phone: '',
                company: '',
                service: '',
                message: 'Sent while the read models were being rebuilt.',
                subscribeNewsletter: false,
                ipAddress: '198.51.100.99',
                userAgent: ua,
                referer: '',
              },
            },
          ],
          { metadata },
        );
      },
      async beforeSwap() {
        // What the live tables hold at the swap (nothing writes after this point).
        live = await snapshot();
        // A long read holds one live table when the swap comes: the swap gives way (its lock
        // wait is short) and tries again, rather than making every other read queue behind it.
        const trx = await app.db.transaction();
        await trx('blog_posts').select('id').limit(1);
        setTimeout(() => void trx.commit(), 700);
      },
    });

    expect(answered).toEqual([200, 200, 200]);
    expect(stampMidway).toBe(stamp);
    // The log's content is what the live tables showed: every cached page stays valid.
    expect(await contentRevisionStamp(app.db)).toBe(stamp);
    expect(lines).toContainEqual(expect.stringMatching(/^swap: a lock was busy, trying again/));
    // Every projection of the site is replayed in memory, none through the database.
    expect(result.direct).toEqual([]);
    expect(result.tables.sort()).toEqual(tables);
    expect(written).toBeDefined();
    expect(live!.contact_submissions).toHaveLength(before.contact_submissions!.length + 1);
    const after = await snapshot();
    expect(after).toEqual(live);
    expect(await app.db('contact_submissions').where({ id: written }).first()).toMatchObject({
      first_name: 'During',
    });
    // The fresh tables took the live ones' places: no schema left behind, the same indexes.
    const schema = await app.db.raw('select 1 from pg_namespace where nspname = ?', [
      REBUILD_SCHEMA,
    ]);
    expect(schema.rows).toEqual([]);
    const indexes = await app.db.raw(
      `select tablename, indexname from pg_indexes where schemaname = 'public' and tablename = any(?) order by 1, 2`,
      [tables],
    );
    expect(indexes.rows.map((r: { indexname: string }) => r.indexname)).toEqual(
      expect.arrayContaining([
        'contact_submissions_pkey',
        'contact_submissions_created_at_index',
        'blog_posts_slug_unique',
        'recent_activity_stream_id_index',
      ]),
    );
  }, 60_000);

  it('makes stale the cached answers of the content it changed, and those alone', async () => {
    // The live posts disagree with the log, as after a change of the blog's projection: one
    // title as an older projection wrote it, and its answers cached.
    const post = await app.db('blog_posts').where({ published: true }).first();
    await app.db.transaction(async (trx) => {
      await trx('blog_posts')
        .where({ id: post.id })
        .update({ title: 'As an older projection had it' });
      await bumpContentRevision(trx, 'blog');
    });
    const titles = async () =>
      ((await (await app.fetch('/api/blog?published=true')).json()) as { title: string }[]).map(
        (p) => p.title,
      );
    expect(await titles()).toContain('As an older projection had it');
    const before = await contentRevisions(app.db);

    await rebuildProjections(app.api.runtime.store, projections);
    const after = await contentRevisions(app.db);
    expect(after.get('blog')).toBe(before.get('blog')! + 1);
    for (const [scope, revision] of before)
      if (scope !== 'blog') expect(after.get(scope), scope).toBe(revision);
    expect(await titles()).toContain(post.title);
    expect(await titles()).not.toContain('As an older projection had it');
  }, 60_000);

  it('a second rebuild at the same time is refused, and leaves the first one be', async () => {
    let second: Promise<unknown> | undefined;
    await rebuildProjections(app.api.runtime.store, projections, {
      batchSize: 500,
      onBatch(replayed) {
        if (replayed === 500)
          second = rebuildProjections(app.api.runtime.store, projections).catch((e) => e);
      },
      async beforeSwap() {
        const refused = await second;
        expect(refused).toBeInstanceOf(Error);
        expect((refused as Error).message).toBe('Another rebuild of the read models is running');
      },
    });
    expect(second).toBeDefined();
  }, 60_000);
});
