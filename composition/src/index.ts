export {
  asyncProjections,
  modules,
  personalDataSources,
  projections,
  queueNames,
  restoreKeepers,
  routes,
  schedules,
  subscriptions,
} from './modules.ts';
export {
  assertDatabaseReady,
  DatabaseNotReadyError,
  expectServerShutdownWhileStopping,
  isServerShutdown,
  openRuntime,
  prepareDatabase,
  processLogger,
  type Runtime,
  resolveDatabase,
  throttledErrorLog,
  waitForDatabase,
} from './runtime.ts';
