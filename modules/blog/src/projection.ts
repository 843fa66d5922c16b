import type { Projection, StoredEvent, Trx } from '@kw/platform';
import type { PostEvent, PostFields } from './events.ts';
import { POST_EVENT_TYPES } from './events.ts';

export const BLOG_POSTS = 'blog_posts';
export const CONTENT_REVISIONS = 'content_revisions';

/** Every change of published content moves the page cache's stamp, in the event's transaction. */
export async function bumpContentRevision(trx: Trx, scope: string): Promise<void> {
  await trx.raw(
    `insert into ${CONTENT_REVISIONS} (scope, revision) values (?, 1)
     on conflict (scope) do update set revision = ${CONTENT_REVISIONS}.revision + 1`,
    [scope],
  );
}

function columns(d: PostFields) {
  return {
    title: d.title,
    slug: d.slug,
    content: d.content,
    excerpt: d.excerpt,
    featured_image: d.featuredImage,
    tags: JSON.stringify(d.tags),
    categories: JSON.stringify(d.categories),
    seo_title: d.seoTitle,
    seo_description: d.seoDescription,
    read_time: d.readTime || null,
    published_at: d.publishedAt,
  };
}

export const blogPostsProjection: Projection = {
  name: 'blog-posts',
  mode: 'inline',
  tables: [BLOG_POSTS],
  handles: POST_EVENT_TYPES,
  async apply(trx: Trx, stored: StoredEvent) {
    const event = { type: stored.type, data: stored.data } as PostEvent;
    const at = stored.occurredAt;
    const meta = { updated_at: at, version: stored.version };
    switch (event.type) {
      case 'PostCreated':
        await trx(BLOG_POSTS)
          .insert({ id: event.data.postId, ...columns(event.data), created_at: at, ...meta })
          .onConflict('id')
          .ignore();
        break;
      case 'PostUpdated':
        await trx(BLOG_POSTS)
          .where({ id: event.data.postId })
          .update({ ...columns(event.data), ...meta });
        break;
      case 'PostPublished':
        await trx(BLOG_POSTS)
          .where({ id: event.data.postId })
          .update({ published: true, published_at: event.data.publishedAt, ...meta });
        break;
      case 'PostUnpublished':
        await trx(BLOG_POSTS)
          .where({ id: event.data.postId })
          .update({ published: false, ...meta });
        break;
      case 'PostDeleted':
        await trx(BLOG_POSTS).where({ id: event.data.postId }).delete();
        break;
    }
    await bumpContentRevision(trx, 'blog');
  },
};
