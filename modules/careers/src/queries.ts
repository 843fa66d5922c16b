import type { Db, SitemapEntry } from '@kw/platform';
import {
  applicationsClosed,
  type Job,
  type JobApplication,
  type JobCategory,
  type JobPage,
  jobPagePath,
  slugFromTitle,
} from './contract.ts';
import { JOB_APPLICATIONS, JOB_CATEGORIES, JOBS } from './projection.ts';

interface CategoryRow {
  id: string;
  name: string;
  description: string;
  is_active: boolean;
  created_at: Date;
}

const toCategory = (row: CategoryRow): JobCategory => ({
  id: row.id,
  name: row.name,
  description: row.description,
  isActive: row.is_active,
  createdAt: row.created_at.toISOString(),
});

interface JobRow {
  id: string;
  title: string;
  description: string;
  category_id: string | null;
  location: string;
  employment_type: Job['employmentType'];
  salary_range: string;
  experience_level: Job['experienceLevel'];
  requirements: string;
  responsibilities: string;
  benefits: string;
  slug: string | null;
  applications_close_at: Date | null;
  is_published: boolean;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

const toJob = (row: JobRow): Job => ({
  id: row.id,
  title: row.title,
  description: row.description,
  categoryId: row.category_id,
  location: row.location,
  employmentType: row.employment_type,
  salaryRange: row.salary_range,
  experienceLevel: row.experience_level,
  requirements: row.requirements,
  responsibilities: row.responsibilities,
  benefits: row.benefits,
  slug: row.slug,
  applicationsCloseAt: row.applications_close_at?.toISOString() ?? null,
  isPublished: row.is_published,
  isActive: row.is_active,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

interface ApplicationRow {
  id: string;
  job_id: string;
  job_title: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  cover_letter: string;
  resume_filename: string;
  resume_original_name: string;
  status: JobApplication['status'];
  notes: string;
  applied_at: Date;
  rejection_email_sent_at: Date | null;
  is_spam: boolean;
  spam_reason: string | null;
  held: boolean;
  held_reason: string | null;
}

const toApplication = (row: ApplicationRow): JobApplication => ({
  id: row.id,
  jobId: row.job_id,
  jobTitle: row.job_title,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  coverLetter: row.cover_letter,
  resumeFilename: row.resume_filename,
  resumeOriginalName: row.resume_original_name,
  status: row.status,
  notes: row.notes,
  appliedAt: row.applied_at.toISOString(),
  rejectionEmailSentAt: row.rejection_email_sent_at?.toISOString() ?? null,
  isSpam: row.is_spam,
  spamReason: row.spam_reason,
  held: row.held,
  heldReason: row.held_reason,
});

export async function listJobCategories(
  db: Db,
  options: { activeOnly: boolean },
): Promise<JobCategory[]> {
  const query = db<CategoryRow>(JOB_CATEGORIES).orderBy('name');
  if (options.activeOnly) query.where({ is_active: true });
  return (await query).map(toCategory);
}

/** Published, active and before its closing date at `now`: a job a visitor can apply to. */
function openJobs(db: Db, now: Date) {
  return db<JobRow>(JOBS)
    .where({ is_published: true, is_active: true })
    .where((q) => q.whereNull('applications_close_at').orWhere('applications_close_at', '>', now));
}

/**
 * Newest first. `visibleOnly`: what a visitor may see, published and accepting applications
 * (active, before its closing date); `publishedOnly`: published ones, open or not.
 */
export async function listJobs(
  db: Db,
  options: { visibleOnly?: boolean; publishedOnly?: boolean; now?: Date },
): Promise<Job[]> {
  const query = options.visibleOnly ? openJobs(db, options.now ?? new Date()) : db<JobRow>(JOBS);
  query.orderBy('created_at', 'desc').limit(1000);
  if (options.publishedOnly) query.where({ is_published: true });
  return (await query).map(toJob);
}

/**
 * A published job's page by its slug at `now`: closed when it no longer takes applications
 * (deactivated, or past its closing date). A draft, or no such job: undefined.
 */
export async function findJobPage(
  db: Db,
  slug: string,
  now = new Date(),
): Promise<JobPage | undefined> {
  const row = await db<JobRow>(JOBS).where({ slug, is_published: true }).first();
  if (!row) return undefined;
  const job = toJob(row);
  const category = row.category_id
    ? await db<CategoryRow>(JOB_CATEGORIES)
        .where({ id: row.category_id, is_active: true })
        .first('name')
    : undefined;
  return {
    job,
    categoryName: category?.name ?? null,
    closed: !job.isActive || applicationsClosed(job.applicationsCloseAt, now),
  };
}

/** The slugs other jobs hold that a job titled `title` could clash with. */
export async function takenJobSlugs(
  db: Db,
  title: string,
  exceptJobId?: string,
): Promise<Set<string>> {
  const base = slugFromTitle(title);
  const query = db<JobRow>(JOBS)
    .where((q) => q.where({ slug: base }).orWhereLike('slug', `${base}-%`))
    .pluck('slug');
  if (exceptJobId) query.whereNot({ id: exceptJobId });
  return new Set((await query).filter((slug): slug is string => slug !== null));
}

/** Jobs made before jobs had slugs (what the upgrade gives one), oldest first. */
export async function jobsWithoutSlug(db: Db): Promise<{ id: string; title: string }[]> {
  return db<JobRow>(JOBS).whereNull('slug').orderBy('created_at').select('id', 'title');
}

/**
 * The moments the public careers pages change with no event: the closing dates still to come
 * of the jobs a visitor can apply to (each closes its page and leaves the list).
 */
export async function upcomingClosings(db: Db, now = new Date()): Promise<Date[]> {
  const rows = await openJobs(db, now)
    .whereNotNull('applications_close_at')
    .orderBy('applications_close_at')
    .pluck('applications_close_at');
  return rows as Date[];
}

export async function categoryExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db(JOB_CATEGORIES).where({ id }).first('id'));
}

export async function listJobApplications(db: Db): Promise<JobApplication[]> {
  const rows = await db<ApplicationRow>(JOB_APPLICATIONS).orderBy('applied_at', 'desc').limit(5000);
  return rows.map(toApplication);
}

export async function findJobApplication(db: Db, id: string): Promise<JobApplication | undefined> {
  const row = await db<ApplicationRow>(JOB_APPLICATIONS).where({ id }).first();
  return row ? toApplication(row) : undefined;
}

/** The applications with these ids, in the order asked for; unknown ids are skipped. */
export async function findJobApplications(
  db: Db,
  ids: readonly string[],
): Promise<JobApplication[]> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  const rows = await db<ApplicationRow>(JOB_APPLICATIONS).whereIn('id', wanted);
  const byId = new Map(rows.map((row) => [row.id, toApplication(row)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

export async function findApplicationByResume(
  db: Db,
  resumeFilename: string,
): Promise<JobApplication | undefined> {
  const row = await db<ApplicationRow>(JOB_APPLICATIONS)
    .where({ resume_filename: resumeFilename })
    .first();
  return row ? toApplication(row) : undefined;
}

/** Applications held for the administrator's review (the dashboard's line, the e-mails'). */
export async function countHeldApplications(db: Db): Promise<number> {
  const row = await db(JOB_APPLICATIONS)
    .where({ held: true })
    .count<{ count: number }[]>('* as count')
    .first();
  return Number(row?.count ?? 0);
}

/** Each job a visitor can apply to, as its own page (a closed job's page is a 410: not listed). */
export async function careersSitemap(db: Db, now = new Date()): Promise<SitemapEntry[]> {
  const rows = await openJobs(db, now)
    .whereNotNull('slug')
    .orderBy('created_at', 'desc')
    .select('slug', 'updated_at');
  return rows.map((r) => ({ path: jobPagePath(r.slug!), lastModified: r.updated_at }));
}

/** Applications with this same cover letter from this IP since `since`: the burst check. */
export async function countSameCoverLetterFromIp(
  db: Db,
  ip: string,
  coverLetter: string,
  since: Date,
): Promise<number> {
  // Many people leave the cover letter empty; an empty one repeated says nothing.
  if (!ip || coverLetter.trim() === '') return 0;
  const row = await db(JOB_APPLICATIONS)
    .where({ ip_address: ip, cover_letter: coverLetter })
    .where('applied_at', '>=', since)
    .count<{ count: number }[]>('* as count')
    .first();
  return Number(row?.count ?? 0);
}
