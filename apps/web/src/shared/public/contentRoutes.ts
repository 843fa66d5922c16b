import type { contentPages } from './contentPages.ts';

/** A blog or case study route's module: the content pages, loaded on demand (see contentPages.ts). */
export const contentPage = (name: keyof typeof contentPages) => async () =>
  (await import('./contentPages.ts')).contentPages[name];
