import { randomUUID } from 'node:crypto';
import { optionalAdmin } from '@kw/auth';
import { decideAndAppend, type EventStore, NotFoundError, ValidationError } from '@kw/platform';
import {
  assessIntake,
  created,
  fieldErrors,
  type RouteDef,
  route,
  SPAM_RULES,
} from '@kw/platform/http';
import { z } from 'zod';
import {
  APPLICATION_NOT_FOUND,
  changeApplicationStatus,
  createCategory,
  createJob,
  deleteApplication,
  deleteCategory,
  deleteJob,
  flagApplicationOnIntake,
  JOB_NOT_FOUND,
  markApplicationSpam,
  submitApplication,
  unmarkApplicationSpam,
  updateCategory,
  updateJob,
} from './commands.ts';
import {
  type ApplicationIntakeSignals,
  applicationFieldsSchema,
  applicationIntakeSignalsSchema,
  applicationStatusUpdateSchema,
  type JobFields,
  jobCategoryInputSchema,
  jobInputSchema,
  jobListQuerySchema,
  RESUME_REQUIRED_MESSAGE,
  SELECT_CATEGORY_MESSAGE,
} from './contract.ts';
import { descriptionToHtml } from './description.ts';
import { applicationStream, jobCategoryStream, jobStream } from './events.ts';
import {
  categoryExists,
  countSameCoverLetterFromIp,
  findJobApplication,
  listJobApplications,
  listJobCategories,
  listJobs,
} from './queries.ts';
import { checkResumeType, receiveApplicationUpload, removeResume, storeResume } from './resumes.ts';
import { applicationState, categoryState, jobState } from './state.ts';

const idParams = z.object({ id: z.string() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const parseUuid = (value: string): string | undefined =>
  UUID.test(value) ? value.toLowerCase() : undefined;

/** An id that is not a UUID names nothing: 404 like any unknown id. */
function idOf(params: { id: string }, notFound: string): string {
  const id = parseUuid(params.id);
  if (!id) throw new NotFoundError(notFound);
  return id;
}

async function readStream(store: EventStore, streamId: string) {
  const history = await store.readStream(streamId);
  return { history, version: history.length };
}

async function jobFieldsWithHtml(fields: JobFields, db: Parameters<typeof categoryExists>[0]) {
  if (!(await categoryExists(db, fields.categoryId)))
    throw new ValidationError([{ path: 'categoryId', message: SELECT_CATEGORY_MESSAGE }]);
  return { ...fields, description: descriptionToHtml(fields.description) };
}

const categoryRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/job-categories',
    access: 'public',
    async handler({ services, req }) {
      // Visitors see the active categories; the administrator all of them.
      const admin = await optionalAdmin(services, req);
      return listJobCategories(services.db, { activeOnly: !admin });
    },
  }),
  route({
    method: 'post',
    path: '/api/job-categories',
    access: 'admin',
    body: jobCategoryInputSchema,
    async handler({ body, services, metadata }) {
      const id = randomUUID();
      await services.store.append(jobCategoryStream(id), 0, createCategory(id, body), {
        metadata,
      });
      return created({ id, ...body });
    },
  }),
  route({
    method: 'put',
    path: '/api/job-categories/:id',
    access: 'admin',
    params: idParams,
    body: jobCategoryInputSchema,
    async handler({ body, params, services, metadata }) {
      const id = idOf(params, 'Job category not found');
      const { history, version } = await readStream(services.store, jobCategoryStream(id));
      const events = updateCategory(categoryState(history), id, body);
      await services.store.append(jobCategoryStream(id), version, events, { metadata });
      return { id, ...body };
    },
  }),
  route({
    method: 'delete',
    path: '/api/job-categories/:id',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      const id = idOf(params, 'Job category not found');
      const { history, version } = await readStream(services.store, jobCategoryStream(id));
      const events = deleteCategory(categoryState(history), id);
      await services.store.append(jobCategoryStream(id), version, events, { metadata });
      return { message: 'Category deleted' };
    },
  }),
];

const jobRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/jobs',
    access: 'public',
    query: jobListQuerySchema,
    async handler({ query, services, req }) {
      // Without an admin token: never a draft, and only jobs that take applications.
      const admin = await optionalAdmin(services, req);
      if (!admin) return listJobs(services.db, { visibleOnly: true });
      return listJobs(services.db, { publishedOnly: query.published === 'true' });
    },
  }),
  route({
    method: 'post',
    path: '/api/jobs',
    access: 'admin',
    body: jobInputSchema,
    async handler({ body, services, metadata }) {
      const id = randomUUID();
      const fields = await jobFieldsWithHtml(body, services.db);
      await services.store.append(jobStream(id), 0, createJob(id, fields), { metadata });
      return created({ id, ...fields });
    },
  }),
  route({
    method: 'put',
    path: '/api/jobs/:id',
    access: 'admin',
    params: idParams,
    body: jobInputSchema,
    async handler({ body, params, services, metadata }) {
      const id = idOf(params, JOB_NOT_FOUND);
      const { history, version } = await readStream(services.store, jobStream(id));
      const state = jobState(history);
      if (!state.exists) throw new NotFoundError(JOB_NOT_FOUND);
      const fields = await jobFieldsWithHtml(body, services.db);
      await services.store.append(jobStream(id), version, updateJob(state, id, fields), {
        metadata,
      });
      return { id, ...fields };
    },
  }),
  route({
    method: 'delete',
    path: '/api/jobs/:id',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      const id = idOf(params, JOB_NOT_FOUND);
      const { history, version } = await readStream(services.store, jobStream(id));
      await services.store.append(jobStream(id), version, deleteJob(jobState(history), id), {
        metadata,
      });
      return { message: 'Job deleted' };
    },
  }),
];

/** The intake checks shared with the contact and newsletter forms, on one application. */
async function assessApplication(
  db: Parameters<typeof countSameCoverLetterFromIp>[0],
  ip: string,
  coverLetter: string,
  signals: ApplicationIntakeSignals,
  now = Date.now(),
) {
  const since = new Date(now - SPAM_RULES.burstWindowMs);
  return assessIntake({
    honeypotFilled: signals.website.trim() !== '',
    elapsedMs: signals.startedAt ? now - Date.parse(signals.startedAt) : undefined,
    text: coverLetter,
    sameTextFromIpRecently: await countSameCoverLetterFromIp(db, ip, coverLetter, since),
  });
}

/** The administrator's verdict on one application: mark (POST) or reverse (DELETE). */
function spamRoute(method: 'post' | 'delete', decide: typeof markApplicationSpam) {
  return route({
    method,
    path: '/api/job-applications/:id/spam',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      const id = idOf(params, APPLICATION_NOT_FOUND);
      await decideAndAppend(
        services.store,
        applicationStream(id),
        (history) => decide(applicationState(history), id),
        metadata,
      );
      return findJobApplication(services.db, id);
    },
  });
}

const applyRoute = route({
  method: 'post',
  path: '/api/jobs/:jobId/apply',
  access: 'public',
  rateLimit: {
    windowMs: 60 * 60_000,
    max: 10,
    message: 'Too many applications from your address. Please try again later.',
  },
  async handler({ req, services, metadata, visitor }) {
    const { config, store } = services;
    const upload = await receiveApplicationUpload(req, config);
    let storedName: string | undefined;
    try {
      const parsed = applicationFieldsSchema.safeParse(upload.fields);
      const signals = applicationIntakeSignalsSchema.safeParse(upload.fields);
      const errors = parsed.success ? [] : fieldErrors(parsed.error);
      if (!signals.success) errors.push(...fieldErrors(signals.error));
      if (!upload.resume) errors.push({ path: 'resume', message: RESUME_REQUIRED_MESSAGE });
      if (!parsed.success || !signals.success || !upload.resume || errors.length > 0)
        throw new ValidationError(errors);
      const jobId = parseUuid(String(req.params.jobId));
      if (!jobId) throw new NotFoundError(JOB_NOT_FOUND);
      const job = jobState(await store.readStream(jobStream(jobId)));
      const type = await checkResumeType(upload.resume.tempPath, upload.resume.originalName);
      const applicationId = randomUUID();
      // The decision refuses a closed job before any file is kept.
      const events = submitApplication(
        job,
        applicationId,
        parsed.data,
        { filename: '', originalName: '', mimeType: type.mime, size: upload.resume.size },
        visitor,
      );
      const stored = await storeResume(config, upload.resume.tempPath, type.ext);
      storedName = stored.filename;
      events[0].data.resumeFilename = stored.filename;
      events[0].data.resumeOriginalName = upload.resume.originalName.slice(0, 255);
      const verdict = await assessApplication(
        services.db,
        visitor.ip,
        parsed.data.coverLetter,
        signals.data,
      );
      await store.append(
        applicationStream(applicationId),
        0,
        [...events, ...flagApplicationOnIntake(applicationId, verdict)],
        { metadata },
      );
      storedName = undefined;
      // The applicant gets the same answer either way: a spammer learns nothing.
      return created({ id: applicationId, message: 'Application received' });
    } finally {
      // Nothing of a refused request stays behind.
      if (storedName) await removeResume(config, storedName).catch(() => {});
      await upload.cleanup();
    }
  },
});

const applicationRoutes: RouteDef[] = [
  applyRoute,
  spamRoute('post', markApplicationSpam),
  spamRoute('delete', unmarkApplicationSpam),
  route({
    method: 'get',
    path: '/api/job-applications',
    access: 'admin',
    async handler({ services }) {
      return listJobApplications(services.db);
    },
  }),
  route({
    method: 'put',
    path: '/api/job-applications/:id/status',
    access: 'admin',
    params: idParams,
    body: applicationStatusUpdateSchema,
    async handler({ body, params, services, metadata }) {
      const id = idOf(params, APPLICATION_NOT_FOUND);
      // The worker appends to the stream too (its e-mails): a clash with it is decided again.
      // ApplicationRejected creates the e-mail job in the same transaction (its subscription).
      await decideAndAppend(
        services.store,
        applicationStream(id),
        (history) =>
          changeApplicationStatus(applicationState(history), id, body.status, body.notes),
        metadata,
      );
      return findJobApplication(services.db, id);
    },
  }),
  route({
    method: 'delete',
    path: '/api/job-applications/:id',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      const id = idOf(params, APPLICATION_NOT_FOUND);
      let resume: string | undefined;
      await decideAndAppend(
        services.store,
        applicationStream(id),
        (history) => {
          const state = applicationState(history);
          resume = state.submitted?.resumeFilename;
          return deleteApplication(state, id);
        },
        metadata,
      );
      // The file goes with the application; the event log keeps only its name.
      if (resume) await removeResume(services.config, resume).catch(() => {});
      return { message: 'Application deleted' };
    },
  }),
];

export const careersRoutes: RouteDef[] = [...categoryRoutes, ...jobRoutes, ...applicationRoutes];
