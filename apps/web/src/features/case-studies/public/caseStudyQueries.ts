import { lazyQueries } from '../../../public-query.ts';

const query = lazyQueries(async () => (await import('../api.ts')).caseStudiesApi.endpoints);

/** The public reads of case studies, loaded on demand (see usePublicQuery). */
export const caseStudyQueries = {
  publishedCaseStudies: query('getPublishedCaseStudies'),
  caseStudy: query('getCaseStudy'),
};
