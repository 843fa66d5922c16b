import type { ServerModule } from '@kw/platform';
import { blogPostsProjection } from './projection.ts';
import { publishedPostPaths } from './queries.ts';
import { blogRoutes } from './routes.ts';

export { createPost } from './commands.ts';
export type { PostEvent } from './events.ts';
export { blogEvents, postStream } from './events.ts';
export { BLOG_CONTENT } from './projection.ts';
export {
  findPostBySlug,
  listPostSummaries,
  listPosts,
  upcomingPublications,
} from './queries.ts';
export { postDetail, renderHtml, renderMarkdown } from './render.ts';
export { blogRssFeed } from './rss.ts';

export const blogModule: ServerModule = {
  name: 'blog',
  routes: blogRoutes,
  projections: [blogPostsProjection],
  subscriptions: [],
  async sitemap(db) {
    const posts = await publishedPostPaths(db);
    // The list page itself is one of the site's static pages.
    return posts.map((p) => ({ path: `/blog/${p.slug}`, lastModified: p.updatedAt }));
  },
};
