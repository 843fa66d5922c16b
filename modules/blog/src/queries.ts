import { contentRevisionStamp, type Db, type Trx } from '@kw/platform';
import type { BlogPost } from './contract.ts';
import { BLOG_POSTS } from './projection.ts';
import { type Audience, type PublishableRow, publishableFields } from './publishable.ts';

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
export async function listPosts(db: Db, audience: Audience, now = new Date()): Promise<BlogPost[]> {
  const rows = await audienceQuery(db, audience, now)
    .orderByRaw('coalesce(published_at, created_at) desc')
    .orderBy('created_at', 'desc')
    .limit(2000);
  return rows.map(toPost);
}

export async function findPostBySlug(
  db: Db,
  slug: string,
  audience: Audience,
  now = new Date(),
): Promise<BlogPost | undefined> {
  const row = await audienceQuery(db, audience, now).where({ slug }).first();
  return row ? toPost(row) : undefined;
}

/**
 * The page cache's stamp: changes when content changes (platform's revisions), or when a
 * scheduled post comes due.
 */
export async function contentPagesStamp(db: Db, now = new Date()): Promise<string> {
  const [revisions, due] = await Promise.all([
    contentRevisionStamp(db),
    visible(db, now).count<{ count: string }[]>('* as count').first(),
  ]);
  return `${revisions};due=${due?.count ?? 0}`;
}

export async function publishedPostPaths(
  db: Db,
  now = new Date(),
): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await visible(db, now).select('slug', 'updated_at').orderBy('published_at', 'desc');
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
}
