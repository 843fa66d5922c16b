import type { RouteObject } from 'react-router';
import type { caseStudyPages } from './caseStudyPages.tsx';

/** A case study route's module, loaded on demand: its code stays out of the other pages' first load. */
const caseStudyPage = (name: keyof typeof caseStudyPages) => async () =>
  (await import('./caseStudyPages.tsx')).caseStudyPages[name];

/** Public routes of the case studies, children of the public layout. */
export const caseStudyRoutes: RouteObject[] = [
  { path: 'case-studies', lazy: caseStudyPage('caseStudyList') },
  { path: 'case-studies/:slug', lazy: caseStudyPage('caseStudy') },
];
