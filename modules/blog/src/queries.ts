import type { Db, Trx } from '@kw/platform';
import type { BlogPost, BlogPostSummary } from './contract.ts';
import { BLOG_EXCERPT_FALLBACK, excerptOrFallback } from './presentation.ts';
import { BLOG_POSTS } from './projection.ts';
import {
  type Audience,
  type PublishableRow,
  publishableFields,
  withRenditions,
} from './publishable.ts';

interface Row extends PublishableRow {
  categories: string[];
  published_at: Date | null;
  read_time: string | null;
}

const toPost = (row: Row): BlogPost => ({
  ...publishableFields(row),
  categories: row.categories,
  publishedAt: row.published_at?.toISOString() ?? null,
  readTime: row.read_time,
});

/**
 * What a visitor may see at `now`: published, and its date reached. A scheduled post appears
 * by itself when its time comes, because the filter is evaluated at each read.
 */
function visible(db: Db | Trx, now: Date) {
  return db<Row>(BLOG_POSTS).where({ published: true }).andWhere('published_at', '<=', now);
}

const audienceQuery = (db: Db, audience: Audience, now: Date) =>
  audience === 'admin' ? db<Row>(BLOG_POSTS) : visible(db, now);

/** Newest first: by published date, else created date. */
const newestFirst = <Q extends ReturnType<typeof visible>>(query: Q) =>
  query.orderByRaw('coalesce(published_at, created_at) desc').orderBy('created_at', 'desc');

export async function listPosts(db: Db, audience: Audience, now = new Date()): Promise<BlogPost[]> {
  const rows = await newestFirst(audienceQuery(db, audience, now)).limit(2000);
  return rows.map(toPost);
}

/**
 * The public list (what its cards show and its search reads), newest first: no content, the
 * card's excerpt computed here (the post's own, else the first 200 characters of its text).
 */
export async function listPostSummaries(db: Db, now = new Date()): Promise<BlogPostSummary[]> {
  const rows = await newestFirst(visible(db, now))
    .select(
      'id',
      'slug',
      'title',
      'excerpt',
      db.raw("case when trim(excerpt) = '' then content else '' end as content"),
      'featured_image',
      'tags',
      'categories',
      'published_at',
    )
    .limit(2000);
  return withRenditions(
    db,
    (rows as unknown as Row[]).map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      excerpt: excerptOrFallback(row.excerpt, row.content, BLOG_EXCERPT_FALLBACK),
      featuredImage: row.featured_image,
      tags: row.tags,
      categories: row.categories,
      // A visible post has its date: it is how it became visible.
      publishedAt: (row.published_at as Date).toISOString(),
    })),
  );
}

export async function findPostBySlug(
  db: Db,
  slug: string,
  audience: Audience,
  now = new Date(),
): Promise<BlogPost | undefined> {
  const row = await audienceQuery(db, audience, now).where({ slug }).first();
  return row ? (await withRenditions(db, [toPost(row)]))[0] : undefined;
}

/**
 * When the published posts dated after `now` come due, soonest first (at most `limit`): the
 * public pages change at those moments with no event, so the page cache moves on by itself.
 */
export async function upcomingPublications(
  db: Db,
  now = new Date(),
  limit = 1000,
): Promise<Date[]> {
  const rows = await db<Row>(BLOG_POSTS)
    .where({ published: true })
    .andWhere('published_at', '>', now)
    .orderBy('published_at')
    .limit(limit)
    .select('published_at');
  return rows.map((r) => r.published_at as Date);
}

export async function publishedPostPaths(
  db: Db,
  now = new Date(),
): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await visible(db, now).select('slug', 'updated_at').orderBy('published_at', 'desc');
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
}
