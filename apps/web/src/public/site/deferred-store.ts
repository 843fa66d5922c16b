import type { RouteObject } from 'react-router';
import type { AppStore } from '../../store.ts';

/**
 * The Redux store (RTK Query and immer, about 26 KB gzipped) is loaded only when a page needs
 * it, so the marketing pages stay within their first-load JavaScript budget. Until then the
 * Provider holds this stand-in, which serves the server's state and forwards to the real store
 * once it exists. Routes that need the store wait for it before they render (see
 * `waitForStoreOn`), and so do forms before they dispatch (`whenStoreReady`).
 */
export interface DeferredStore {
  getState(): unknown;
  subscribe(listener: () => void): () => void;
  dispatch: AppStore['dispatch'];
  /** Starts loading the real store (once) and resolves with it. */
  ready(): Promise<AppStore>;
}

export function createDeferredStore(
  initialState: unknown,
  load: () => Promise<AppStore>,
): DeferredStore {
  let real: AppStore | undefined;
  let loading: Promise<AppStore> | undefined;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const store: DeferredStore = {
    getState: () => (real ? real.getState() : initialState),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch: ((action: unknown) => {
      if (!real) throw new Error('The store is still loading: await whenStoreReady() first');
      return real.dispatch(action as never);
    }) as AppStore['dispatch'],
    ready() {
      loading ??= load().then((loaded) => {
        real = loaded;
        loaded.subscribe(notify);
        notify();
        return loaded;
      });
      return loading;
    },
  };
  current = store;
  return store;
}

let current: DeferredStore | undefined;

/** The real store, for code that dispatches (form submissions): loads it on first use. */
export function whenStoreReady(): Promise<AppStore> {
  if (!current) throw new Error('No store was created');
  return current.ready();
}

/** Marks a route whose page never touches the store (static marketing content). */
export const STORE_FREE = 'storeFree';

export function isStoreFree(route: RouteObject): boolean {
  return Boolean((route.handle as Record<string, unknown> | undefined)?.[STORE_FREE]);
}

/**
 * Every route that may use the store (all but the marked marketing pages and pathless layouts)
 * waits for the store when it is navigated to, through its `lazy` step.
 */
export function waitForStoreOn(routes: RouteObject[], store: DeferredStore): void {
  for (const route of routes) {
    if (route.children) waitForStoreOn(route.children, store);
    if (isStoreFree(route) || (route.path === undefined && !route.index)) continue;
    const original = route.lazy;
    if (typeof original === 'function') {
      route.lazy = async () => {
        await store.ready();
        return original();
      };
    } else if (original && typeof original === 'object') {
      const wrapped: Record<string, () => Promise<unknown>> = {};
      for (const [key, fn] of Object.entries(original as Record<string, () => Promise<unknown>>)) {
        wrapped[key] = async () => {
          await store.ready();
          return fn();
        };
      }
      route.lazy = wrapped as RouteObject['lazy'];
    } else {
      route.lazy = async () => {
        await store.ready();
        return {};
      };
    }
  }
}
