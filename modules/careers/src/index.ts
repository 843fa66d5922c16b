import {
  type Config,
  type Db,
  defineSubscription,
  type EventStore,
  type ServerModule,
  type Subscription,
} from '@kw/platform';
import { handleJob, upgradeJobSlug } from './commands.ts';
import { applicationEvents, applicationNoticeEvents, jobStream } from './events.ts';
import { careersPersonalData } from './personal-data.ts';
import {
  jobApplicationsProjection,
  jobCategoriesProjection,
  jobsProjection,
} from './projection.ts';
import {
  careersSitemap,
  findApplicationByResume,
  jobsWithoutSlug,
  takenJobSlugs,
} from './queries.ts';
import { resumePath } from './resumes.ts';
import { careersRoutes } from './routes.ts';

export type { CareersEvent } from './events.ts';
export { applicationStream, jobCategoryStream, jobStream } from './events.ts';
export { CAREERS_CONTENT } from './projection.ts';
export {
  findJobPage,
  listJobApplications,
  listJobCategories,
  listJobs,
  upcomingClosings,
} from './queries.ts';

/** Each job made before jobs had slugs gets one (JobSlugAssigned), oldest first. */
export async function assignMissingJobSlugs(store: EventStore): Promise<number> {
  const jobs = await jobsWithoutSlug(store.db);
  for (const job of jobs) {
    const taken = await takenJobSlugs(store.db, job.title, job.id);
    await handleJob(store, jobStream(job.id), (state) => upgradeJobSlug(state, job.id, taken), {
      metadata: { actor: 'upgrade' },
      retryOnConflict: true,
    });
  }
  return jobs.length;
}

export const REJECTION_EMAIL_QUEUE = 'careers.rejection-email';
export const APPLICATION_RECEIVED_QUEUE = 'careers.application-acknowledgement';
export const APPLICATION_NOTIFICATION_QUEUE = 'careers.application-notification';

/** A notices window's digest of applications: its job starts when the digest is due. */
export const APPLICATION_DIGEST_QUEUE = 'careers.application-digest';

export const careersSubscriptions: Subscription[] = [
  defineSubscription({
    queue: REJECTION_EMAIL_QUEUE,
    events: applicationEvents,
    handles: ['ApplicationRejected'],
  }),
  // A release owes what a held application was not sent: the acknowledgement, the usual notice.
  defineSubscription({
    queue: APPLICATION_RECEIVED_QUEUE,
    events: applicationEvents,
    handles: ['ApplicationSubmitted', 'ApplicationReleased'],
  }),
  defineSubscription({
    queue: APPLICATION_NOTIFICATION_QUEUE,
    events: applicationEvents,
    handles: ['ApplicationSubmitted', 'ApplicationReleased'],
  }),
  defineSubscription({
    queue: APPLICATION_DIGEST_QUEUE,
    events: applicationNoticeEvents,
    handles: ['ApplicationDigestScheduled'],
    startAfter: (event) =>
      event.type === 'ApplicationDigestScheduled' ? new Date(event.data.dueAt) : undefined,
  }),
];

export const careersModule: ServerModule = {
  name: 'careers',
  routes: careersRoutes,
  projections: [jobCategoriesProjection, jobsProjection, jobApplicationsProjection],
  subscriptions: careersSubscriptions,
  jobs: async () => (await import('./jobs.ts')).careersHandlers,
  sitemap: careersSitemap,
  upgrade: async (store) => {
    await assignMissingJobSlugs(store);
  },
  personalData: careersPersonalData,
};

/** A résumé the administrator may download: its file and a readable name for the download. */
export async function resumeDownload(
  db: Db,
  config: Config,
  resumeFilename: string,
): Promise<{ path: string; downloadName: string } | undefined> {
  const file = resumePath(config, resumeFilename);
  if (!file) return undefined;
  const application = await findApplicationByResume(db, resumeFilename);
  if (!application) return undefined;
  const ext = resumeFilename.slice(resumeFilename.lastIndexOf('.'));
  const person = `${application.firstName}-${application.lastName}`.replace(
    /[^\p{L}\p{N}-]+/gu,
    '-',
  );
  return { path: file, downloadName: `${person}-resume${ext}` };
}
