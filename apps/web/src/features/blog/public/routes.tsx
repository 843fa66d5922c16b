import type { RouteObject } from 'react-router';
import type { blogPages } from './blogPages.tsx';

/** A blog route's module, loaded on demand: its code stays out of the other pages' first load. */
const blogPage = (name: keyof typeof blogPages) => async () =>
  (await import('./blogPages.tsx')).blogPages[name];

/** Public routes of the blog, children of the public layout. /blogs is an alias. */
export const blogRoutes: RouteObject[] = [
  { path: 'blog', lazy: blogPage('blogList') },
  { path: 'blogs', lazy: blogPage('blogList') },
  { path: 'blog/:slug', lazy: blogPage('blogPost') },
  { path: 'blogs/:slug', lazy: blogPage('blogPost') },
];
