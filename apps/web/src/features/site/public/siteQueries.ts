import { lazyQueries } from '../../../public-query.ts';

const query = lazyQueries(async () => (await import('../api.ts')).siteApi.endpoints);

/** The about page's read: the founder's photo of Settings → Site (usePublicQuery). */
export const siteQueries = {
  founderPhoto: query('founderPhoto'),
};
