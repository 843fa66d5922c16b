import type { RouteObject } from 'react-router';

/** Public routes of the newsletter (the unsubscribe pages), children of the public layout. */
export const newsletterRoutes: RouteObject[] = [];
