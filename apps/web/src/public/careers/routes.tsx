import type { Job } from '@kw/careers/contract';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../route-handle.ts';
import { CareersPage } from './CareersPage.tsx';
import { careersApi } from './careersApi.ts';
import { jobPostingJsonLd } from './jobPosting.ts';

/** Public routes of careers, children of the public layout. */
export const careersRoutes: RouteObject[] = [
  {
    path: 'careers',
    Component: CareersPage,
    handle: {
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
    } satisfies RouteHandle,
  },
];
