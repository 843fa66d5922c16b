import type { RouteObject } from 'react-router';

type BlogPage = 'blogList' | 'blogPost';

const page = (name: BlogPage) => async () => (await import('./blogPages.tsx')).blogPages[name];

/** Public routes of the blog, children of the public layout. /blogs is an alias. */
export const blogRoutes: RouteObject[] = [
  { path: 'blog', lazy: page('blogList') },
  { path: 'blogs', lazy: page('blogList') },
  { path: 'blog/:slug', lazy: page('blogPost') },
  { path: 'blogs/:slug', lazy: page('blogPost') },
];
