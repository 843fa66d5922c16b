import { contentRevisions, EventStore, rebuildProjections } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  erasureStream,
  type PrivacyEvent,
  RETENTION_RUNS_STREAM,
  RETENTION_SETTINGS_STREAM,
} from './events.ts';
import {
  PRIVACY_CONTENT,
  PRIVACY_ERASURES,
  PRIVACY_RETENTION_PERIODS,
  PRIVACY_RETENTION_RUNS,
  privacyErasuresProjection,
  retentionSettingsProjection,
} from './projection.ts';

// Given the privacy module's events appended through the store, then these rows in
// privacy_erasures, privacy_retention_periods and privacy_retention_runs, and the page cache's
// 'privacy' revision moved when the periods the policy states changed.

let tdb: TestDatabase;
let store: EventStore;
const projections = [privacyErasuresProjection, retentionSettingsProjection];
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db, { projections });
});
afterAll(() => tdb?.drop());

const metadata = { actor: 'test' };
let next = 0;
const newId = () => `8c2e4b1a-5d7f-4a3e-b9c0-${String(++next).padStart(12, '0')}`;

const hash = 'c'.repeat(64);
const salt = 'd'.repeat(32);
const started = (erasureId: string, files = ['resumes/ann-lee.pdf']): PrivacyEvent => ({
  type: 'ErasureStarted',
  data: {
    erasureId,
    emailHash: hash,
    salt,
    requestedBy: 'admin:admin',
    scope: 'person',
    records: 3,
    files,
  },
});
const erased = (erasureId: string): PrivacyEvent => ({
  type: 'PersonErased',
  data: {
    erasureId,
    emailHash: hash,
    salt,
    requestedBy: 'admin:admin',
    scope: 'person',
    records: 3,
    requestedAt: '2026-11-20T15:00:00.000Z',
  },
});

function given(streamId: string, ...events: PrivacyEvent[]) {
  return store.append(streamId, 'any', events, { metadata });
}
const erasure = (id: string) => tdb.db(PRIVACY_ERASURES).where({ id }).first();
const periods = () => tdb.db(PRIVACY_RETENTION_PERIODS).orderBy('kind');
const runs = () => tdb.db(PRIVACY_RETENTION_RUNS).orderBy('position');
const revision = async () => (await contentRevisions(tdb.db)).get(PRIVACY_CONTENT) ?? 0;

describe('the privacy erasures projection', () => {
  it('given ErasureStarted, then a pending row with the hash (never the address or salt), who asked, the scope, the count and the files left', async () => {
    const id = newId();
    const [stored] = await given(erasureStream(id), started(id));
    expect(await erasure(id)).toEqual({
      id,
      email_hash: hash,
      requested_by: 'admin:admin',
      scope: 'person',
      records: 3,
      files: ['resumes/ann-lee.pdf'],
      status: 'pending',
      requested_at: stored!.occurredAt,
      completed_at: null,
    });
  });

  it('given a retention erasure of some records with no files, then a pending row of scope records and no files', async () => {
    const id = newId();
    await given(erasureStream(id), {
      type: 'ErasureStarted',
      data: {
        erasureId: id,
        emailHash: hash,
        salt,
        requestedBy: 'retention',
        scope: 'records',
        records: 1,
        files: [],
      },
    });
    expect(await erasure(id)).toMatchObject({
      requested_by: 'retention',
      scope: 'records',
      records: 1,
      files: [],
      status: 'pending',
    });
  });

  it('given PersonErased, then done, completed at its time; the rest unchanged', async () => {
    const id = newId();
    const [start, done] = await given(erasureStream(id), started(id), erased(id));
    expect(await erasure(id)).toEqual({
      id,
      email_hash: hash,
      requested_by: 'admin:admin',
      scope: 'person',
      records: 3,
      files: ['resumes/ann-lee.pdf'],
      status: 'done',
      requested_at: start!.occurredAt,
      completed_at: done!.occurredAt,
    });
  });

  it('given ErasureStarted again for the same erasure, then the first row stays as it was', async () => {
    const id = newId();
    const [first] = await given(erasureStream(id), started(id));
    await given(erasureStream(id), started(id, ['other.pdf']));
    expect(await erasure(id)).toMatchObject({
      files: ['resumes/ann-lee.pdf'],
      status: 'pending',
      requested_at: first!.occurredAt,
    });
  });

  it('given PersonErased without its start, then no row', async () => {
    const id = newId();
    await given(erasureStream(id), erased(id));
    expect(await erasure(id)).toBeUndefined();
  });
});

describe('the retention settings projection', () => {
  it('given nothing, then no rows: every kind keeps its default', async () => {
    expect(await periods()).toEqual([]);
    expect(await runs()).toEqual([]);
  });

  it('given RetentionPeriodsSet, then one row per kind set, at its time, and the revision moved', async () => {
    const before = await revision();
    const [stored] = await given(RETENTION_SETTINGS_STREAM, {
      type: 'RetentionPeriodsSet',
      data: { periods: { applications: 180, spam: 7 } },
    });
    expect(await periods()).toEqual([
      { kind: 'applications', days: 180, updated_at: stored!.occurredAt },
      { kind: 'spam', days: 7, updated_at: stored!.occurredAt },
    ]);
    expect(await revision()).toBe(before + 1);
  });

  it('given a second RetentionPeriodsSet, then the kinds it names change, the others stay, and the revision moved again', async () => {
    const [first] = await given(RETENTION_SETTINGS_STREAM, {
      type: 'RetentionPeriodsSet',
      data: { periods: { 'contact-submissions': 365 } },
    });
    const before = await revision();
    const [second] = await given(RETENTION_SETTINGS_STREAM, {
      type: 'RetentionPeriodsSet',
      data: { periods: { spam: 14, unsubscribed: 0 } },
    });
    const rows = await periods();
    expect(rows).toEqual([
      { kind: 'applications', days: 180, updated_at: expect.any(Date) },
      { kind: 'contact-submissions', days: 365, updated_at: first!.occurredAt },
      { kind: 'spam', days: 14, updated_at: second!.occurredAt },
      { kind: 'unsubscribed', days: 0, updated_at: second!.occurredAt },
    ]);
    expect(rows[0]!.updated_at.getTime()).toBeLessThan(first!.occurredAt.getTime());
    expect(await revision()).toBe(before + 1);
  });

  it('given RetentionRunCompleted, then one row per run, by its position, with when it ran and how many it erased', async () => {
    const [one] = await given(RETENTION_RUNS_STREAM, {
      type: 'RetentionRunCompleted',
      data: { ranAt: '2026-11-21T03:00:00.000Z', erased: 0 },
    });
    const [two] = await given(RETENTION_RUNS_STREAM, {
      type: 'RetentionRunCompleted',
      data: { ranAt: '2026-11-22T03:00:00.000Z', erased: 4 },
    });
    expect(await runs()).toEqual([
      { position: one!.position, ran_at: new Date('2026-11-21T03:00:00.000Z'), erased: 0 },
      { position: two!.position, ran_at: new Date('2026-11-22T03:00:00.000Z'), erased: 4 },
    ]);
  });

  it('given a run, then the periods and the revision do not change', async () => {
    const before = { periods: await periods(), revision: await revision() };
    await given(RETENTION_RUNS_STREAM, {
      type: 'RetentionRunCompleted',
      data: { ranAt: '2026-11-23T03:00:00.000Z', erased: 1 },
    });
    expect({ periods: await periods(), revision: await revision() }).toEqual(before);
  });
});

describe('replayed from the log (make rebuild-projections)', () => {
  it('then the same rows, in memory', async () => {
    const live = {
      erasures: await tdb.db(PRIVACY_ERASURES).orderBy('id'),
      periods: await periods(),
      runs: await runs(),
    };
    const result = await rebuildProjections(store, projections);
    expect(result.direct).toEqual([]);
    expect({
      erasures: await tdb.db(PRIVACY_ERASURES).orderBy('id'),
      periods: await periods(),
      runs: await runs(),
    }).toEqual(live);
    expect(live.erasures).toHaveLength(4);
    expect(live.runs).toHaveLength(3);
  });
});
