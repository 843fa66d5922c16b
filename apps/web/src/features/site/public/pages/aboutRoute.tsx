import { founder, pageMeta } from '@kw/site';
import { prefetchQuery, readQuery } from '../../../../public-query.ts';
import type { RouteHandle } from '../../../../route-handle.ts';
import { siteQueries } from '../siteQueries.ts';
import { pageSeo } from '../structured-data.ts';

// The about page as a lazily loaded route module: it reads the founder's photo of Settings →
// Site, and its query stays out of the other public pages' first load.

export { AboutPage as Component } from './AboutPage.tsx';

export const handle = {
  seo: ({ state }) => {
    const photo = readQuery(state, siteQueries.founderPhoto, undefined).data?.photo;
    return pageSeo(pageMeta.about, [
      {
        '@context': 'https://schema.org',
        '@type': 'Person',
        name: founder.name,
        jobTitle: founder.title,
        worksFor: { '@id': '/#organization' },
        sameAs: [founder.profileUrl],
        ...(photo && { image: photo.url }),
      },
    ]);
  },
  prefetch: (store) => prefetchQuery(store, siteQueries.founderPhoto, undefined),
} satisfies RouteHandle;
