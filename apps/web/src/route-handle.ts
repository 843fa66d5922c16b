import type { Params } from 'react-router';
import type { Seo } from './seo.ts';
import type { AppStore, RootState } from './store.ts';

/**
 * Route metadata read by the server renderer: SEO, the status for the catch-all, and the
 * data to fetch into the RTK Query cache before rendering (`prefetchQuery`, which loads the
 * endpoint on demand, so the handle itself does not bring RTK Query into the page's chunk).
 */
export interface RouteHandle {
  /** Static, or computed from the (prefetched) store state for data pages. */
  seo?: Seo | ((ctx: RouteDataContext) => Seo | undefined);
  /** 404 for the catch-all, or computed: a missing post is a 404 page too. */
  status?: number | ((ctx: RouteDataContext) => number | undefined);
  prefetch?(store: AppStore, params: Params): Promise<void>;
}

export interface RouteDataContext {
  state: RootState;
  params: Params;
}

export function resolveSeo(
  handle: RouteHandle | undefined,
  ctx: RouteDataContext,
): Seo | undefined {
  return typeof handle?.seo === 'function' ? handle.seo(ctx) : handle?.seo;
}

export function resolveStatus(
  handle: RouteHandle | undefined,
  ctx: RouteDataContext,
): number | undefined {
  return typeof handle?.status === 'function' ? handle.status(ctx) : handle?.status;
}
