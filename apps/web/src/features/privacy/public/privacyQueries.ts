import { lazyQueries } from '../../../public-query.ts';

const query = lazyQueries(async () => (await import('../api.ts')).privacyApi.endpoints);

/** The privacy policy's read: the retention periods of Settings → Privacy (usePublicQuery). */
export const privacyQueries = {
  retentionPolicy: query('retentionPolicy'),
};
