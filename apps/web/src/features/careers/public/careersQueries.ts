import { lazyQueries } from '../../../public-query.ts';

const query = lazyQueries(async () => (await import('../api.ts')).careersApi.endpoints);

/** The careers page's reads, loaded on demand (see usePublicQuery). */
export const careersQueries = {
  publishedJobs: query('listPublishedJobs'),
  jobCategories: query('listJobCategories'),
  jobPage: query('getJobPage'),
};
