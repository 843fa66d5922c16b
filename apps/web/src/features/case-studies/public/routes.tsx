import type { RouteObject } from 'react-router';
import { contentPage } from '../../../shared/public/contentRoutes.ts';

/** Public routes of the case studies, children of the public layout. */
export const caseStudyRoutes: RouteObject[] = [
  { path: 'case-studies', lazy: contentPage('caseStudyList') },
  { path: 'case-studies/:slug', lazy: contentPage('caseStudy') },
];
