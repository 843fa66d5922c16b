import type { RouteObject } from 'react-router';
import { whenStoreReady } from './deferred-store.ts';
import { blogRoutes } from './features/blog/public/routes.tsx';
import { careersRoutes } from './features/careers/public/routes.tsx';
import { caseStudyRoutes } from './features/case-studies/public/routes.tsx';
import { newsletterRoutes } from './features/newsletter/public/routes.tsx';
import { NotFoundPage } from './features/site/public/pages/NotFoundPage.tsx';
import { siteRoutes } from './features/site/public/routes.tsx';
import type { RouteHandle } from './route-handle.ts';
import { PublicLayout } from './shared/public/Layout.tsx';

export const routes: RouteObject[] = [
  {
    // The back office: client-rendered, and antd only ever loads from this chunk.
    path: '/admin/*',
    // It reads and writes through RTK Query from its first render, so the store loads first.
    lazy: async () => {
      const [{ AdminApp }] = await Promise.all([
        import('./shared/admin/AdminApp.tsx'),
        whenStoreReady(),
      ]);
      return { Component: AdminApp };
    },
  },
  {
    Component: PublicLayout,
    children: [
      ...siteRoutes,
      ...blogRoutes,
      ...caseStudyRoutes,
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
