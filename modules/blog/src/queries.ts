import type { Db, Trx } from '@kw/platform';
import type { BlogPost } from './contract.ts';
import { BLOG_POSTS, CONTENT_REVISIONS } from './projection.ts';

interface Row {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  featured_image: string;
  tags: string[];
  categories: string[];
  published: boolean;
  published_at: Date | null;
  seo_title: string;
  seo_description: string;
  read_time: string | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

function toPost(row: Row): BlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featuredImage: row.featured_image,
    categories: row.categories,
    tags: row.tags,
    published: row.published,
    publishedAt: row.published_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    readTime: row.read_time,
    version: row.version,
  };
}

/**
 * What a visitor may see: published, and its date reached. A scheduled post appears by itself
 * when its time comes, because the filter is evaluated at each read.
 */
function visible(db: Db | Trx) {
  return db<Row>(BLOG_POSTS).where({ published: true }).andWhere('published_at', '<=', db.fn.now());
}

/** Newest first: by published date, else created date. */
export async function listPosts(db: Db, audience: 'public' | 'admin'): Promise<BlogPost[]> {
  const query = audience === 'admin' ? db<Row>(BLOG_POSTS) : visible(db);
  const rows = await query
    .orderByRaw('coalesce(published_at, created_at) desc')
    .orderBy('created_at', 'desc')
    .limit(2000);
  return rows.map(toPost);
}

export async function findPostBySlug(
  db: Db,
  slug: string,
  audience: 'public' | 'admin',
): Promise<BlogPost | undefined> {
  const query = audience === 'admin' ? db<Row>(BLOG_POSTS) : visible(db);
  const row = await query.where({ slug }).first();
  return row ? toPost(row) : undefined;
}

export async function findPostIdBySlug(db: Db | Trx, slug: string): Promise<string | undefined> {
  const row = await db<Row>(BLOG_POSTS).where({ slug }).first('id');
  return row?.id;
}

/** The page cache's stamp: changes when content changes, or a scheduled post comes due. */
export async function contentPagesStamp(db: Db): Promise<string> {
  const [revisions, due] = await Promise.all([
    db(CONTENT_REVISIONS).select('scope', 'revision').orderBy('scope'),
    visible(db).count<{ count: string }[]>('* as count').first(),
  ]);
  return `${revisions.map((r) => `${r.scope}=${r.revision}`).join(',')};due=${due?.count ?? 0}`;
}

export async function publishedPostPaths(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await visible(db).select('slug', 'updated_at').orderBy('published_at', 'desc');
  return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }));
}
