import type { RouteObject } from 'react-router';

/** Public routes of careers, children of the public layout. */
export const careersRoutes: RouteObject[] = [];
