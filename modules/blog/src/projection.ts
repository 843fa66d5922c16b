import { bumpContentRevision, defineProjection } from '@kw/platform';
import { blogEvents, type PostFields } from './events.ts';
import { publishableColumns, publishableRows } from './publishable.ts';

export const BLOG_POSTS = 'blog_posts';

/** The page cache's name for what the blog's pages and list show. */
export const BLOG_CONTENT = 'blog';

function columns(d: PostFields) {
  return {
    ...publishableColumns(d),
    categories: JSON.stringify(d.categories),
    read_time: d.readTime || null,
    published_at: d.publishedAt,
  };
}

export const blogPostsProjection = defineProjection({
  name: 'blog-posts',
  mode: 'inline',
  tables: [BLOG_POSTS],
  events: blogEvents,
  async apply(trx, event) {
    const rows = publishableRows(trx, BLOG_POSTS, event);
    const id = event.data.postId;
    switch (event.type) {
      case 'PostCreated':
        await rows.insert(id, columns(event.data));
        break;
      case 'PostUpdated':
        await rows.update(id, columns(event.data));
        break;
      case 'PostPublished':
        await rows.update(id, { published: true, published_at: event.data.publishedAt });
        break;
      case 'PostUnpublished':
        await rows.update(id, { published: false });
        break;
      case 'PostDeleted':
        await rows.remove(id);
        break;
      case 'PostRestored':
        await rows.restore(id, columns(event.data));
        break;
    }
    // Every change of a post moves the page cache's stamp, in the event's transaction.
    await bumpContentRevision(trx, BLOG_CONTENT);
  },
});
