import type { ApiEndpointQuery, QueryDefinition } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { isStoreLoaded, whenStoreReady } from './deferred-store.ts';
import type { AppStore } from './store.ts';

// biome-ignore lint/suspicious/noExplicitAny: any endpoint of the one api slice
export type AnyQueryEndpoint = ApiEndpointQuery<QueryDefinition<any, any, any, any, any>, any>;
type ArgOf<E extends AnyQueryEndpoint> = E['Types']['QueryArg'];
export type ResultOf<E extends AnyQueryEndpoint> = E['Types']['ResultType'];

/**
 * A public page's RTK Query endpoint, loaded on demand: the page and its route handle name it,
 * and the api slice (with RTK Query) arrives only when a request has to be made.
 */
export interface LazyQuery<E extends AnyQueryEndpoint> {
  /** The endpoint's name in the api slice (a test checks it against the loaded endpoint). */
  name: string;
  load(): Promise<E>;
}

type QueryNames<Endpoints> = {
  [K in keyof Endpoints]: Endpoints[K] extends AnyQueryEndpoint ? K & string : never;
}[keyof Endpoints];
type QueryOf<Endpoints, N extends keyof Endpoints> = Endpoints[N] extends AnyQueryEndpoint
  ? Endpoints[N]
  : never;

/**
 * Names the queries of an api slice loaded on demand:
 * `lazyQueries(async () => (await import('./fooApi.ts')).fooApi.endpoints)('getFoo')`.
 */
export function lazyQueries<Endpoints>(load: () => Promise<Endpoints>) {
  return <N extends QueryNames<Endpoints>>(name: N): LazyQuery<QueryOf<Endpoints, N>> => ({
    name,
    load: async () => (await load())[name] as QueryOf<Endpoints, N>,
  });
}

/**
 * RTK Query's cache key (`defaultSerializeQueryArgs`) for the arguments public pages use: none,
 * or a slug. A test checks it against RTK Query's own.
 */
export function queryCacheKey(name: string, arg: string | undefined): string {
  return `${name}(${arg === undefined ? 'undefined' : JSON.stringify(arg)})`;
}

interface CacheEntry {
  status?: 'uninitialized' | 'pending' | 'fulfilled' | 'rejected';
  data?: unknown;
}

function cacheEntry(state: unknown, key: string): CacheEntry | undefined {
  const queries = (state as { api?: { queries?: Record<string, CacheEntry> } } | undefined)?.api
    ?.queries;
  return queries?.[key];
}

export interface PublicQueryResult<T> {
  data: T | undefined;
  /** Nothing to show yet. */
  isLoading: boolean;
  /** The request failed (or the item does not exist). */
  isError: boolean;
}

function resultOf<T>(entry: CacheEntry | undefined, failed = false): PublicQueryResult<T> {
  const isError = failed || entry?.status === 'rejected';
  return {
    data: entry?.data as T | undefined,
    isLoading: !isError && entry?.data === undefined,
    isError,
  };
}

/** What the store holds for a query: for route handles (SEO, status) on the server and in the browser. */
export function readQuery<E extends AnyQueryEndpoint>(
  state: unknown,
  query: LazyQuery<E>,
  arg: ArgOf<E>,
): PublicQueryResult<ResultOf<E>> {
  return resultOf(cacheEntry(state, queryCacheKey(query.name, arg as string | undefined)));
}

/** Starts a query on the server's store before rendering (a route handle's `prefetch`). */
export async function prefetchQuery<E extends AnyQueryEndpoint>(
  store: AppStore,
  query: LazyQuery<E>,
  arg: ArgOf<E>,
): Promise<void> {
  const endpoint = await query.load();
  store.dispatch(endpoint.initiate(arg));
}

/**
 * A public page's data, like RTK Query's `useQuery`, but first from the state the server
 * rendered with: a page that arrives server-rendered hydrates and stays interactive without
 * RTK Query (about 25 KB gzipped). When the data is not there (a client-side navigation) or the
 * store has loaded for another reason, the endpoint and the store load and the query subscribes
 * as `useQuery` would, holding the cache entry while the page shows it.
 */
export function usePublicQuery<E extends AnyQueryEndpoint>(
  query: LazyQuery<E>,
  arg: ArgOf<E>,
): PublicQueryResult<ResultOf<E>> {
  const key = queryCacheKey(query.name, arg as string | undefined);
  const entry = useSelector((state: unknown) => cacheEntry(state, key));
  const storeLoaded = useSelector(() => isStoreLoaded());
  const [failed, setFailed] = useState(false);
  const settled = entry?.status === 'fulfilled' || entry?.status === 'rejected';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the query and its argument; `settled` is read when the effect starts only
  useEffect(() => {
    if (settled && !storeLoaded) return; // the server's answer, already in the state
    let cancelled = false;
    let subscription: { unsubscribe(): void } | undefined;
    setFailed(false);
    Promise.all([query.load(), whenStoreReady()]).then(
      ([endpoint, store]) => {
        if (!cancelled) subscription = store.dispatch(endpoint.initiate(arg));
      },
      () => {
        if (!cancelled) setFailed(true); // the code could not load (offline): say so
      },
    );
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  }, [key, storeLoaded]);

  return resultOf(entry, failed);
}
