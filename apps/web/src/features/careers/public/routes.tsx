import type { RouteObject } from 'react-router';

/** Public routes of careers, children of the public layout (loaded on demand, see careersRoute.tsx). */
export const careersRoutes: RouteObject[] = [
  {
    path: 'careers',
    lazy: () => import('./careersRoute.tsx'),
  },
  {
    path: 'careers/:slug',
    lazy: () => import('./jobPageRoute.tsx'),
  },
];
