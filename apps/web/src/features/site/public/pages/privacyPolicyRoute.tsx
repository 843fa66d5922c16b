import { pageMeta } from '@kw/site';
import { prefetchQuery } from '../../../../public-query.ts';
import type { RouteHandle } from '../../../../route-handle.ts';
import { privacyQueries } from '../../../privacy/public/privacyQueries.ts';
import { pageSeo } from '../structured-data.ts';

// The privacy policy as a lazily loaded route module: the query of its retention periods stays
// out of the other public pages' first load.

export { PrivacyPolicyPage as Component } from './PrivacyPolicyPage.tsx';

export const handle = {
  seo: pageSeo(pageMeta.privacy),
  prefetch: (store) => prefetchQuery(store, privacyQueries.retentionPolicy, undefined),
} satisfies RouteHandle;
