import type { Job } from '@kw/careers/contract';
import type { RouteHandle } from '../../route-handle.ts';
import { careersApi } from './careersApi.ts';
import { jobPostingJsonLd } from './jobPosting.ts';

// The careers page as a lazily loaded route module: its code, RTK Query endpoints and contract
// stay out of the other public pages' first load (the server and entry-client load it before
// rendering /careers).

export { CareersPage as Component } from './CareersPage.tsx';

export const handle = {
  prefetch(store) {
    store.dispatch(careersApi.endpoints.listPublishedJobs.initiate());
    store.dispatch(careersApi.endpoints.listJobCategories.initiate());
  },
  seo({ state }) {
    const jobs: Job[] = careersApi.endpoints.listPublishedJobs.select()(state).data ?? [];
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
