import type { RouteObject } from 'react-router';
import { contentPage } from '../../../shared/public/contentRoutes.ts';

/** Public routes of the blog, children of the public layout. /blogs is an alias. */
export const blogRoutes: RouteObject[] = [
  { path: 'blog', lazy: contentPage('blogList') },
  { path: 'blogs', lazy: contentPage('blogList') },
  { path: 'blog/:slug', lazy: contentPage('blogPost') },
  { path: 'blogs/:slug', lazy: contentPage('blogPost') },
];
