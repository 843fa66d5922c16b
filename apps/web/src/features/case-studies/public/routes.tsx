import type { RouteObject } from 'react-router';

type CaseStudyPage = 'caseStudyList' | 'caseStudy';

const page = (name: CaseStudyPage) => async () =>
  (await import('./caseStudyPages.tsx')).caseStudyPages[name];

/** Public routes of the case studies, children of the public layout. */
export const caseStudyRoutes: RouteObject[] = [
  { path: 'case-studies', lazy: page('caseStudyList') },
  { path: 'case-studies/:slug', lazy: page('caseStudy') },
];
