import { lazyQueries } from '../../public-query.ts';

const query = lazyQueries(async () => (await import('./contentApi.ts')).contentApi.endpoints);

/** The public reads of blog posts and case studies, loaded on demand (see usePublicQuery). */
export const contentQueries = {
  publishedPosts: query('getPublishedPosts'),
  post: query('getPost'),
  publishedCaseStudies: query('getPublishedCaseStudies'),
  caseStudy: query('getCaseStudy'),
};
