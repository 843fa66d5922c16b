import type { AppStore } from './store.ts';

/**
 * The Redux store (RTK Query and immer, about 25 KB gzipped) is loaded only when something
 * needs it, so no public page carries it on its first load. Until then the Provider holds this
 * stand-in, which serves the server's state (public pages read their data from it, see
 * `usePublicQuery`) and forwards to the real store once it exists. Whatever dispatches first
 * awaits `whenStoreReady()`: the forms on submit, a data page whose data the server did not
 * render, and the back office before its first render.
 */
export interface DeferredStore {
  getState(): unknown;
  subscribe(listener: () => void): () => void;
  dispatch: AppStore['dispatch'];
  /** Starts loading the real store (once) and resolves with it. */
  ready(): Promise<AppStore>;
  isLoaded(): boolean;
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
    isLoaded: () => real !== undefined,
  };
  current = store;
  return store;
}

let current: DeferredStore | undefined;

/** The real store, for code that dispatches: loads it on first use. */
export function whenStoreReady(): Promise<AppStore> {
  if (!current) throw new Error('No store was created');
  return current.ready();
}

/** Whether the real store is there; on the server, where the store is real from the start, yes. */
export function isStoreLoaded(): boolean {
  return current ? current.isLoaded() : true;
}
