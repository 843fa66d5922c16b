import type { RouteObject } from 'react-router';

/** Public routes of blog and case studies, children of the public layout. */
export const contentRoutes: RouteObject[] = [];
