import type { Job } from '@kw/careers/contract';
import { prefetchQuery, readQuery } from '../../../public-query.ts';
import type { RouteHandle } from '../../../route-handle.ts';
import { careersQueries } from './careersQueries.ts';
import { jobPostingJsonLd } from './jobPosting.ts';

// The careers page as a lazily loaded route module: its code stays out of the other public
// pages' first load (the server and entry-client load it before rendering /careers), and RTK
// Query out of its own (see usePublicQuery; the apply form loads it with its contract).

export { CareersPage as Component } from './CareersPage.tsx';

export const handle = {
  async prefetch(store) {
    await Promise.all([
      prefetchQuery(store, careersQueries.publishedJobs, undefined),
      prefetchQuery(store, careersQueries.jobCategories, undefined),
    ]);
  },
  seo({ state }) {
    const jobs: Job[] = readQuery(state, careersQueries.publishedJobs, undefined).data ?? [];
    return {
      title: 'Careers',
      description:
        'Open positions at Grand River Digital: AI, software and analysis roles in Kitchener-Waterloo and Cambridge, Ontario.',
      path: '/careers',
      keywords: ['careers', 'jobs', 'AI jobs Kitchener-Waterloo', 'software developer jobs'],
      jsonLd: jobs.map(jobPostingJsonLd),
    };
  },
} satisfies RouteHandle;
