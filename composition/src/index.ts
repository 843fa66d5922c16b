export {
  asyncProjections,
  modules,
  projections,
  queueNames,
  routes,
  subscriptions,
} from './modules.ts';
export {
  assertDatabaseReady,
  DatabaseNotReadyError,
  openRuntime,
  prepareDatabase,
  processLogger,
  type Runtime,
  resolveDatabase,
  throttledErrorLog,
  waitForDatabase,
} from './runtime.ts';
