import { configureStore } from '@reduxjs/toolkit';
import { api, type StoreExtra } from './api/api.ts';

export function makeStore(
  options: { preloadedState?: Partial<RootState>; extra?: StoreExtra } = {},
) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: options.extra ?? {} } }).concat(api.middleware),
    ...(options.preloadedState ? { preloadedState: options.preloadedState as never } : {}),
  });
}

export type RootState = { [api.reducerPath]: ReturnType<typeof api.reducer> };
export type AppStore = ReturnType<typeof makeStore>;
