import type { RouteObject } from 'react-router';

type ContentPage = 'blogList' | 'blogPost' | 'caseStudyList' | 'caseStudy';

const page = (name: ContentPage) => async () =>
  (await import('./contentPages.tsx')).contentPages[name];

/** Public routes of blog and case studies, children of the public layout. /blogs is an alias. */
export const contentRoutes: RouteObject[] = [
  { path: 'blog', lazy: page('blogList') },
  { path: 'blogs', lazy: page('blogList') },
  { path: 'blog/:slug', lazy: page('blogPost') },
  { path: 'blogs/:slug', lazy: page('blogPost') },
  { path: 'case-studies', lazy: page('caseStudyList') },
  { path: 'case-studies/:slug', lazy: page('caseStudy') },
];
