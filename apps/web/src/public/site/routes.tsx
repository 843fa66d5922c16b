import type { RouteObject } from 'react-router';

/** Public routes of the marketing pages (services, about, policies, /{name} …), children of the public layout. */
export const siteRoutes: RouteObject[] = [];
