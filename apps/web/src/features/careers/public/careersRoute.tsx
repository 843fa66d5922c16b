import { prefetchQuery } from '../../../public-query.ts';
import type { RouteHandle } from '../../../route-handle.ts';
import { breadcrumbs } from '../../../shared/public/breadcrumbs.ts';
import { careersQueries } from './careersQueries.ts';

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
  // The JobPostings are on each job's own page (Google asks for them on the most detailed page).
  seo() {
    return {
      title: 'Careers',
      description:
        'Open positions at Grand River Digital: AI, software and analysis roles in Kitchener-Waterloo and Cambridge, Ontario.',
      path: '/careers',
      keywords: ['careers', 'jobs', 'AI jobs Kitchener-Waterloo', 'software developer jobs'],
      // Structured data only in the server's HTML (the browser uses the title): less code.
      jsonLd: import.meta.env.SSR ? [breadcrumbs({ name: 'Careers', path: '/careers' })] : [],
    };
  },
} satisfies RouteHandle;
