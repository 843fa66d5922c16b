import { randomUUID } from 'node:crypto';
import { optionalAdmin } from '@kw/auth';
import {
  ConflictError,
  type EventStore,
  idSchema,
  isId,
  isPgError,
  NotFoundError,
  PG_UNIQUE_VIOLATION,
  RESTORE_DAYS,
  ValidationError,
} from '@kw/platform';
import {
  bulkIdsSchema,
  created,
  dayIn,
  fieldErrors,
  forEachId,
  jsonBodyLimit,
  type RouteDef,
  rejectUnusualText,
  route,
  sendCsv,
} from '@kw/platform/http';
import { BUSINESS_TIME_ZONE } from '@kw/site';
import { z } from 'zod';
import {
  APPLICATION_NOT_FOUND,
  burstWindowStart,
  CATEGORY_NOT_FOUND,
  changeApplicationStatus,
  createCategory,
  createJob,
  decideBulkApplication,
  deleteApplication,
  deleteCategory,
  deleteJob,
  handleApplication,
  handleApplicationExport,
  handleCategory,
  handleJob,
  JOB_NOT_FOUND,
  judgeApplication,
  markApplicationSpam,
  openJob,
  receiveApplication,
  recentlyDeletedJobs,
  recordApplicationExport,
  restoreJob,
  unmarkApplicationSpam,
  updateCategory,
  updateJob,
  withHtmlDescription,
} from './commands.ts';
import {
  APPLICATION_CSV_COLUMNS,
  type ApplicationHeldCount,
  applicationBulkActionSchema,
  applicationCsvRow,
  applicationExportSchema,
  applicationFieldsSchema,
  applicationIntakeSignalsSchema,
  applicationStatusUpdateSchema,
  JOB_CHARACTERS_MAX,
  JOB_TEXT_MAX,
  type JobPage,
  type JobTextPreview,
  jobCategoryInputSchema,
  jobInputSchema,
  jobListQuerySchema,
  jobTextPreviewSchema,
  RESUME_REQUIRED_MESSAGE,
} from './contract.ts';
import { descriptionToHtml } from './description.ts';
import {
  applicationExportStream,
  applicationStream,
  jobCategoryStream,
  jobStream,
} from './events.ts';
import { safeDisplayName } from './file-name.ts';
import {
  categoryExists,
  countHeldApplications,
  countSameCoverLetterFromIp,
  findJobApplication,
  findJobApplications,
  findJobPage,
  listJobApplications,
  listJobCategories,
  listJobs,
  takenJobSlugs,
} from './queries.ts';
import { checkResumeType, receiveApplicationUpload, removeResume, storeResume } from './resumes.ts';

// Thin: validate, authorise, then call a command handler or a query.

const idParams = z.object({ id: z.string() });

/** An id that is not a UUID names nothing: a 404 like any unknown id, not a 400. */
function idOf(value: unknown, notFound: string): string {
  if (!isId(value)) throw new NotFoundError(notFound);
  return value.toLowerCase();
}

/**
 * A job command that may give the job a slug: decided with the slugs other jobs hold; when
 * another job took the same one meanwhile (the unique index), decided again.
 */
async function withFreshSlugs<T>(
  store: EventStore,
  title: string,
  jobId: string,
  run: (taken: ReadonlySet<string>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const taken = await takenJobSlugs(store.db, title, jobId);
    try {
      return await run(taken);
    } catch (error) {
      if (attempt < 5 && isPgError(error, PG_UNIQUE_VIOLATION)) continue;
      throw error;
    }
  }
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
      await handleCategory(services.store, jobCategoryStream(id), () => createCategory(id, body), {
        metadata,
        newStream: true,
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
      const id = idOf(params.id, CATEGORY_NOT_FOUND);
      await handleCategory(
        services.store,
        jobCategoryStream(id),
        (state) => updateCategory(state, id, body),
        { metadata },
      );
      return { id, ...body };
    },
  }),
  route({
    method: 'delete',
    path: '/api/job-categories/:id',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      const id = idOf(params.id, CATEGORY_NOT_FOUND);
      await handleCategory(
        services.store,
        jobCategoryStream(id),
        (state) => deleteCategory(state, id),
        {
          metadata,
        },
      );
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
    method: 'get',
    path: '/api/jobs/by-slug/:slug',
    access: 'public',
    params: z.object({ slug: z.string() }),
    docs: { summary: "A published job's page: the job, its category, whether it has closed" },
    async handler({ params, services }): Promise<JobPage> {
      // Drafts have no page, for the administrator too: the page is what a visitor sees.
      const page = await findJobPage(services.db, params.slug);
      if (!page) throw new NotFoundError(JOB_NOT_FOUND);
      return page;
    },
  }),
  route({
    method: 'post',
    path: '/api/jobs',
    access: 'admin',
    body: jobInputSchema,
    bodyLimit: jsonBodyLimit(JOB_CHARACTERS_MAX),
    async handler({ body, services, metadata }) {
      const id = randomUUID();
      const fields = withHtmlDescription(body);
      const categoryKnown = await categoryExists(services.db, body.categoryId);
      const { state } = await withFreshSlugs(services.store, body.title, id, (taken) =>
        handleJob(
          services.store,
          jobStream(id),
          () => createJob(id, fields, categoryKnown, taken),
          { metadata, newStream: true },
        ),
      );
      return created({ id, ...fields, slug: state.slug });
    },
  }),
  route({
    method: 'post',
    path: '/api/jobs/preview',
    access: 'admin',
    body: jobTextPreviewSchema,
    bodyLimit: jsonBodyLimit(JOB_TEXT_MAX),
    // What the job editor shows: the server's own sanitised HTML, never the raw text.
    handler: ({ body }): JobTextPreview => ({ html: descriptionToHtml(body.text) }),
  }),
  route({
    method: 'put',
    path: '/api/jobs/:id',
    access: 'admin',
    params: idParams,
    body: jobInputSchema,
    bodyLimit: jsonBodyLimit(JOB_CHARACTERS_MAX),
    async handler({ body, params, services, metadata }) {
      const id = idOf(params.id, JOB_NOT_FOUND);
      const fields = withHtmlDescription(body);
      const categoryKnown = await categoryExists(services.db, body.categoryId);
      const { state } = await withFreshSlugs(services.store, body.title, id, (taken) =>
        handleJob(
          services.store,
          jobStream(id),
          (current) => updateJob(current, id, fields, categoryKnown, taken),
          { metadata },
        ),
      );
      return { id, ...fields, slug: state.slug };
    },
  }),
  route({
    method: 'delete',
    path: '/api/jobs/:id',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      const id = idOf(params.id, JOB_NOT_FOUND);
      await handleJob(services.store, jobStream(id), (state) => deleteJob(state, id), {
        metadata,
      });
      return { message: 'Job deleted' };
    },
  }),
  route({
    method: 'post',
    path: '/api/jobs/:id/undelete',
    access: 'admin',
    params: idParams,
    docs: {
      description: `Brings back a job deleted in the last ${RESTORE_DAYS} days as an active draft.`,
    },
    async handler({ params, services, metadata }) {
      const id = idOf(params.id, JOB_NOT_FOUND);
      const categories = await listJobCategories(services.db, { activeOnly: false });
      const known = new Set(categories.map((c) => c.id));
      const { state } = await handleJob(
        services.store,
        jobStream(id),
        (job) => restoreJob(job, id, new Date(), (categoryId) => known.has(categoryId)),
        { metadata },
      ).catch((error: unknown) => {
        if (isPgError(error, PG_UNIQUE_VIOLATION))
          throw new ConflictError(
            "Another job now has this job's address: rename or delete it, then restore this one",
          );
        throw error;
      });
      return { id, title: state.content?.title ?? '' };
    },
  }),
  route({
    method: 'get',
    path: '/api/admin/deleted/jobs',
    access: 'admin',
    handler: ({ services }) => recentlyDeletedJobs(services.store, new Date()),
  }),
];

const applyRoute = route({
  method: 'post',
  path: '/api/jobs/:jobId/apply',
  access: 'public',
  docs: {
    summary: 'Apply for a job, with a résumé (PDF, DOC or DOCX)',
    multipart: applicationFieldsSchema
      .extend(applicationIntakeSignalsSchema.shape)
      .extend({ resume: z.file() }),
    response: { status: 201, json: z.object({ id: idSchema(), message: z.string() }) },
  },
  rateLimit: {
    windowMs: 60 * 60_000,
    max: 10,
    message: 'Too many applications from your address. Please try again later.',
  },
  async handler({ req, services, metadata, visitor }) {
    const { config, db, store } = services;
    const upload = await receiveApplicationUpload(req, config);
    let storedName: string | undefined;
    try {
      // The multipart text fields: a NUL or a lone surrogate is a 400 naming the field.
      rejectUnusualText(upload.fields);
      const parsed = applicationFieldsSchema.safeParse(upload.fields);
      const signals = applicationIntakeSignalsSchema.safeParse(upload.fields);
      const errors = parsed.success ? [] : fieldErrors(parsed.error);
      if (!signals.success) errors.push(...fieldErrors(signals.error));
      if (!upload.resume) errors.push({ path: 'resume', message: RESUME_REQUIRED_MESSAGE });
      if (!parsed.success || !signals.success || !upload.resume || errors.length > 0)
        throw new ValidationError(errors);
      const jobId = idOf(req.params.jobId, JOB_NOT_FOUND);
      const type = await checkResumeType(upload.resume.tempPath, upload.resume.originalName);
      // A closed job is refused before any file is kept.
      const now = new Date();
      const job = await openJob(store, jobId, now);
      const stored = await storeResume(config, upload.resume.tempPath, type.ext);
      storedName = stored.filename;
      const resume = {
        filename: stored.filename,
        // The name as the visitor's computer had it, reduced to a safe display name.
        originalName: safeDisplayName(upload.resume.originalName, type.ext),
        mimeType: type.mime,
        size: upload.resume.size,
      };
      const { coverLetter } = parsed.data;
      const sameRecently = await countSameCoverLetterFromIp(
        db,
        visitor.ip,
        coverLetter,
        burstWindowStart(now),
      );
      // Only too fast (autofill is): held for review rather than flagged as spam.
      const verdict = judgeApplication(signals.data, coverLetter, sameRecently, now);
      const applicationId = randomUUID();
      await handleApplication(
        store,
        applicationStream(applicationId),
        () => receiveApplication(job, applicationId, parsed.data, resume, visitor, verdict, now),
        { metadata, newStream: true },
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

/**
 * The administrator's verdict on one application: mark (POST) or reverse (DELETE); DELETE on
 * one held for review releases it (its e-mails follow).
 */
function spamRoute(method: 'post' | 'delete', decide: typeof markApplicationSpam) {
  return route({
    method,
    path: '/api/job-applications/:id/spam',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      const id = idOf(params.id, APPLICATION_NOT_FOUND);
      // The worker appends to the stream too (its e-mails): a clash with it is decided again.
      await handleApplication(services.store, applicationStream(id), (state) => decide(state, id), {
        metadata,
        retryOnConflict: true,
      });
      return findJobApplication(services.db, id);
    },
  });
}

/** Applied dates in the business's time zone, whatever the server's. */
const appliedDay = (date: Date) => dayIn(BUSINESS_TIME_ZONE, date);

const applicationRoutes: RouteDef[] = [
  applyRoute,
  spamRoute('post', markApplicationSpam),
  spamRoute('delete', unmarkApplicationSpam),
  route({
    method: 'get',
    path: '/api/job-applications/held-count',
    access: 'admin',
    docs: {
      summary: 'How many applications wait for review (the dashboard line)',
      response: { status: 200, json: z.object({ held: z.number().int().nonnegative() }) },
    },
    handler: async ({ services }): Promise<ApplicationHeldCount> => ({
      held: await countHeldApplications(services.db),
    }),
  }),
  route({
    method: 'get',
    path: '/api/job-applications',
    access: 'admin',
    async handler({ services }) {
      return listJobApplications(services.db);
    },
  }),
  route({
    method: 'post',
    path: '/api/job-applications/export',
    access: 'admin',
    body: applicationExportSchema,
    async handler({ body, services, res, metadata }) {
      const applications = await findJobApplications(services.db, body.ids);
      // Who took which applicants' data, for the audit log: recorded before the file goes out.
      await handleApplicationExport(
        services.store,
        applicationExportStream(randomUUID()),
        () => recordApplicationExport(applications.map((a) => a.id)),
        { metadata, newStream: true },
      );
      sendCsv(res, {
        fileName: `job_applications_${dayIn(BUSINESS_TIME_ZONE)}.csv`,
        columns: APPLICATION_CSV_COLUMNS,
        rows: applications.map((a) => applicationCsvRow(a, appliedDay)),
      });
    },
  }),
  route({
    method: 'post',
    path: '/api/job-applications/bulk',
    access: 'admin',
    body: z.intersection(z.object({ ids: bulkIdsSchema }), applicationBulkActionSchema),
    docs: {
      summary:
        'One action on several applications: each its own event, all or none (404 names unknown ids)',
    },
    async handler({ body, services, metadata }) {
      // Each application its own command, all in one transaction (the worker's e-mails may
      // append to a stream meanwhile: a clash is decided again).
      const done = await forEachId(services.db, body.ids, 'applications', (id, trx) =>
        handleApplication(
          services.store,
          applicationStream(id),
          (state) => decideBulkApplication(state, id, body),
          { metadata, trx, retryOnConflict: true },
        ),
      );
      // Deleted applications' files go once the deletions are committed.
      if (body.action === 'delete')
        for (const { state } of done) {
          const resume = state.submitted?.resumeFilename;
          if (resume) await removeResume(services.config, resume).catch(() => {});
        }
      return { count: done.length };
    },
  }),
  route({
    method: 'put',
    path: '/api/job-applications/:id/status',
    access: 'admin',
    params: idParams,
    body: applicationStatusUpdateSchema,
    async handler({ body, params, services, metadata }) {
      const id = idOf(params.id, APPLICATION_NOT_FOUND);
      // The worker appends to the stream too (its e-mails): a clash with it is decided again.
      // ApplicationRejected creates the e-mail job in the same transaction (its subscription).
      await handleApplication(
        services.store,
        applicationStream(id),
        (state) => changeApplicationStatus(state, id, body.status, body.notes),
        { metadata, retryOnConflict: true },
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
      const id = idOf(params.id, APPLICATION_NOT_FOUND);
      const { state } = await handleApplication(
        services.store,
        applicationStream(id),
        (current) => deleteApplication(current, id),
        { metadata, retryOnConflict: true },
      );
      // The file goes with the application; the event log keeps only its name.
      const resume = state.submitted?.resumeFilename;
      if (resume) await removeResume(services.config, resume).catch(() => {});
      return { message: 'Application deleted' };
    },
  }),
];

export const careersRoutes: RouteDef[] = [...categoryRoutes, ...jobRoutes, ...applicationRoutes];
