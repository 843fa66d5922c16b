import { lazyQueries } from '../../../public-query.ts';

const query = lazyQueries(async () => (await import('../api.ts')).blogApi.endpoints);

/** The public reads of blog posts, loaded on demand (see usePublicQuery). */
export const blogQueries = {
  publishedPosts: query('getPublishedPosts'),
  post: query('getPost'),
};
