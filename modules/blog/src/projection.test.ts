import { contentRevisionStamp, EventStore } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostEvent, type PostFields, postStream } from './events.ts';
import { BLOG_POSTS, blogPostsProjection } from './projection.ts';

// Given events appended through the store, then the rows of blog_posts (and the page cache's
// revision) are what the pages read.

let tdb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db, { projections: [blogPostsProjection] });
});
afterAll(() => tdb.drop());

async function given(postId: string, ...events: PostEvent[]) {
  const stream = postStream(postId);
  return store.append(stream, await store.streamVersion(stream), events, {
    metadata: { actor: 'test' },
  });
}

const row = (id: string) => tdb.db(BLOG_POSTS).where({ id }).first();
const revision = async () =>
  Number(/(?:^|,)blog=(\d+)/.exec(await contentRevisionStamp(tdb.db))?.[1] ?? 0);

const fields = (over: Partial<PostFields> = {}): PostFields => ({
  title: 'Five AI wins',
  slug: 'five-ai-wins',
  content: '# Hi',
  excerpt: 'Short',
  featuredImage: '/media/a.png',
  tags: ['ai'],
  categories: ['News'],
  seoTitle: 'SEO',
  seoDescription: 'About',
  readTime: '',
  publishedAt: null,
  ...over,
});

describe('blog-posts projection', () => {
  const ID = '00000000-0000-4000-8000-0000000000b1';

  it('given PostCreated, then a draft row with the recorded fields', async () => {
    const start = await revision();
    const [created] = await given(ID, { type: 'PostCreated', data: { postId: ID, ...fields() } });
    expect(await row(ID)).toMatchObject({
      id: ID,
      title: 'Five AI wins',
      slug: 'five-ai-wins',
      content: '# Hi',
      excerpt: 'Short',
      featured_image: '/media/a.png',
      tags: ['ai'],
      categories: ['News'],
      seo_title: 'SEO',
      seo_description: 'About',
      read_time: null,
      published: false,
      published_at: null,
      created_at: created!.occurredAt,
      updated_at: created!.occurredAt,
      version: 1,
    });
    expect(await revision()).toBe(start + 1);
  });

  it('given PostPublished, then the row is published at that date', async () => {
    const publishedAt = '2026-11-22T10:00:00.000Z';
    await given(ID, { type: 'PostPublished', data: { postId: ID, publishedAt } });
    expect(await row(ID)).toMatchObject({
      published: true,
      published_at: new Date(publishedAt),
      version: 2,
    });
  });

  it('given PostUpdated and PostUnpublished, then the new fields, withdrawn', async () => {
    const start = await revision();
    const [, unpublished] = await given(
      ID,
      {
        type: 'PostUpdated',
        data: { postId: ID, ...fields({ title: 'Six AI wins', readTime: '5 min read' }) },
      },
      { type: 'PostUnpublished', data: { postId: ID } },
    );
    expect(await row(ID)).toMatchObject({
      title: 'Six AI wins',
      read_time: '5 min read',
      published: false,
      published_at: null,
      updated_at: unpublished!.occurredAt,
      version: 4,
    });
    expect(await revision()).toBe(start + 2);
  });

  it('given PostDeleted, then the row is gone', async () => {
    await given(ID, { type: 'PostDeleted', data: { postId: ID, slug: 'five-ai-wins' } });
    expect(await row(ID)).toBeUndefined();
  });
});
