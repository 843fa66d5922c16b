import { jobPagePath, preview } from '@kw/careers/presentation';
import { prefetchQuery, readQuery } from '../../../public-query.ts';
import type { RouteDataContext, RouteHandle } from '../../../route-handle.ts';
import { breadcrumbs } from '../../../shared/public/breadcrumbs.ts';
import { careersQueries } from './careersQueries.ts';
import { jobPostingJsonLd } from './jobPosting.ts';

// A job's own page as a lazily loaded route module, like the careers page: server-rendered
// with its JobPosting. A closed job's page says so with a 410; a draft or unknown slug is a 404.

export { JobPage as Component } from './JobPage.tsx';

const pageOf = ({ state, params }: RouteDataContext) =>
  readQuery(state, careersQueries.jobPage, params.slug ?? '').data;

export const handle = {
  prefetch: (store, params) => prefetchQuery(store, careersQueries.jobPage, params.slug ?? ''),
  status(ctx) {
    const page = pageOf(ctx);
    if (!page) return 404;
    return page.closed ? 410 : undefined;
  },
  seo(ctx) {
    const page = pageOf(ctx);
    if (!page)
      return {
        title: 'Position Not Found',
        description: 'This position does not exist.',
        noindex: true,
      };
    const { job } = page;
    const path = jobPagePath(job.slug ?? '');
    if (page.closed)
      return {
        title: `${job.title} (closed)`,
        description: `${job.title}: this position is no longer accepting applications.`,
        noindex: true,
      };
    return {
      title: job.title,
      description:
        preview(job.description, 155) || `${job.title} at Grand River Digital, ${job.location}.`,
      path,
      keywords: [job.title, 'careers', 'jobs', job.location].filter(Boolean),
      // Structured data goes in the server's HTML only (the browser uses the title): the
      // JobPosting's code stays out of the page's JavaScript.
      jsonLd: import.meta.env.SSR
        ? [
            breadcrumbs({ name: 'Careers', path: '/careers' }, { name: job.title, path }),
            jobPostingJsonLd(job, path),
          ]
        : [],
    };
  },
} satisfies RouteHandle;
