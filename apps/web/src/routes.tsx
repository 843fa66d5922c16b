import type { RouteObject } from 'react-router';
import { whenStoreReady } from './deferred-store.ts';
import { careersRoutes } from './public/careers/routes.tsx';
import { contentRoutes } from './public/content/routes.tsx';
import { PublicLayout } from './public/Layout.tsx';
import { newsletterRoutes } from './public/newsletter/routes.tsx';
import { NotFoundPage } from './public/pages/NotFoundPage.tsx';
import { siteRoutes } from './public/site/routes.tsx';
import type { RouteHandle } from './route-handle.ts';

export const routes: RouteObject[] = [
  {
    // The back office: client-rendered, and antd only ever loads from this chunk.
    path: '/admin/*',
    // It reads and writes through RTK Query from its first render, so the store loads first.
    lazy: async () => {
      const [{ AdminApp }] = await Promise.all([import('./admin/AdminApp.tsx'), whenStoreReady()]);
      return { Component: AdminApp };
    },
  },
  {
    Component: PublicLayout,
    children: [
      ...siteRoutes,
      ...contentRoutes,
      ...careersRoutes,
      ...newsletterRoutes,
      {
        path: '*',
        Component: NotFoundPage,
        handle: {
          status: 404,
          seo: { title: 'Page Not Found', description: 'This page does not exist.', noindex: true },
        } satisfies RouteHandle,
      },
    ],
  },
];
