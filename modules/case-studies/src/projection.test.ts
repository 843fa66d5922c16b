import { contentRevisionStamp, EventStore } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaseStudyEvent, type CaseStudyFields, caseStudyStream } from './events.ts';
import { CASE_STUDIES, caseStudiesProjection } from './projection.ts';

// Given events appended through the store, then the rows of case_studies (and the page
// cache's revision) are what the pages read.

let tdb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db, { projections: [caseStudiesProjection] });
});
afterAll(() => tdb.drop());

async function given(id: string, ...events: CaseStudyEvent[]) {
  const stream = caseStudyStream(id);
  return store.append(stream, await store.streamVersion(stream), events, {
    metadata: { actor: 'test' },
  });
}

const row = (id: string) => tdb.db(CASE_STUDIES).where({ id }).first();
const revision = async () =>
  Number(/(?:^|,)case-studies=(\d+)/.exec(await contentRevisionStamp(tdb.db))?.[1] ?? 0);

const fields = (over: Partial<CaseStudyFields> = {}): CaseStudyFields => ({
  title: 'Quoting in minutes',
  slug: 'quoting-in-minutes',
  content: '<p>Text</p>',
  excerpt: 'Short',
  featuredImage: '/media/q.png',
  clientName: 'Acme Ltd',
  industry: 'Manufacturing',
  projectType: 'AI',
  results: 'Faster quotes',
  technologies: ['Python', 'Azure'],
  tags: ['ai'],
  seoTitle: 'SEO',
  seoDescription: 'About',
  ...over,
});

describe('case-studies projection', () => {
  const ID = '00000000-0000-4000-8000-0000000000c1';

  it('given CaseStudyCreated and CaseStudyPublished, then a published row with the recorded fields', async () => {
    const start = await revision();
    const [created, published] = await given(
      ID,
      { type: 'CaseStudyCreated', data: { caseStudyId: ID, ...fields() } },
      { type: 'CaseStudyPublished', data: { caseStudyId: ID } },
    );
    expect(await row(ID)).toMatchObject({
      id: ID,
      title: 'Quoting in minutes',
      slug: 'quoting-in-minutes',
      content: '<p>Text</p>',
      excerpt: 'Short',
      featured_image: '/media/q.png',
      client_name: 'Acme Ltd',
      industry: 'Manufacturing',
      project_type: 'AI',
      results: 'Faster quotes',
      technologies: ['Python', 'Azure'],
      tags: ['ai'],
      seo_title: 'SEO',
      seo_description: 'About',
      published: true,
      created_at: created!.occurredAt,
      updated_at: published!.occurredAt,
      version: 2,
    });
    expect(await revision()).toBe(start + 2);
  });

  it('given CaseStudyUpdated and CaseStudyUnpublished, then the new fields, withdrawn', async () => {
    await given(
      ID,
      { type: 'CaseStudyUpdated', data: { caseStudyId: ID, ...fields({ title: 'Quotes' }) } },
      { type: 'CaseStudyUnpublished', data: { caseStudyId: ID } },
    );
    expect(await row(ID)).toMatchObject({ title: 'Quotes', published: false, version: 4 });
  });

  it('given CaseStudyDeleted, then the row is gone', async () => {
    await given(ID, {
      type: 'CaseStudyDeleted',
      data: { caseStudyId: ID, slug: 'quoting-in-minutes' },
    });
    expect(await row(ID)).toBeUndefined();
  });
});
