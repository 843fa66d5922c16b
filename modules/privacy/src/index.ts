import { defineSubscription, type ServerModule, type Subscription } from '@kw/platform';
import { privacyEvents } from './events.ts';
import { privacyErasuresProjection, retentionSettingsProjection } from './projection.ts';
import { privacyRoutes } from './routes.ts';

export { type PrivacyEvent, privacyEvents } from './events.ts';

/** An erasure's files, deleted after its transaction committed, retried until they are gone. */
export const FINISH_ERASURE_QUEUE = 'privacy.finish-erasure';

export const finishErasureSubscription: Subscription = defineSubscription({
  queue: FINISH_ERASURE_QUEUE,
  events: privacyEvents,
  handles: ['ErasureStarted'],
});

/** The daily retention run (pg-boss schedule, 03:30 UTC). */
export const RETENTION_QUEUE = 'privacy.retention';

export const privacyModule: ServerModule = {
  name: 'privacy',
  routes: privacyRoutes,
  projections: [privacyErasuresProjection, retentionSettingsProjection],
  subscriptions: [finishErasureSubscription],
  jobs: async () => (await import('./jobs.ts')).privacyHandlers,
  schedules: [{ queue: RETENTION_QUEUE, cron: '30 3 * * *' }],
  scheduledJobs: async () => (await import('./jobs.ts')).privacyScheduledHandlers,
  migrations: new URL('./migrations/', import.meta.url),
  // An erasure's record (hashes and counts, nothing that names the person) outlives a restore
  // of a backup taken before it: the Privacy screen and the audit log still show it was done.
  keptAcrossRestore: { types: ['ErasureStarted', 'PersonErased'], keep: (before) => [...before] },
};

export { PRIVACY_CONTENT, retentionPolicy } from './queries.ts';
