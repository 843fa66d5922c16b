// Pure constants and helpers of careers, without zod: the public careers page imports them from
// '@kw/careers/presentation' so zod stays out of its first load. contract.ts re-exports them.

import { decodeHtmlEntities } from '@kw/platform/text';

export const EMPLOYMENT_TYPES = [
  'full-time',
  'part-time',
  'contract',
  'internship',
  'remote',
] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  internship: 'Internship',
  remote: 'Remote',
};

export const EXPERIENCE_LEVELS = ['entry', 'mid', 'senior', 'executive'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const EXPERIENCE_LEVEL_LABELS: Record<ExperienceLevel, string> = {
  entry: 'Entry level',
  mid: 'Mid level',
  senior: 'Senior',
  executive: 'Executive',
};

export const APPLICATION_STATUSES = ['new', 'reviewing', 'interview', 'hired', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: 'New',
  reviewing: 'Reviewing',
  interview: 'Interview',
  hired: 'Hired',
  rejected: 'Rejected',
};

/** admin.md §4: one colour per status badge. */
export const APPLICATION_STATUS_COLOURS: Record<ApplicationStatus, string> = {
  new: 'blue',
  reviewing: 'yellow',
  interview: 'purple',
  hired: 'green',
  rejected: 'red',
};

// ---- Applications ----

export const RESUME_MAX_BYTES = 10 * 1024 * 1024;
export const RESUME_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const RESUME_ACCEPT = '.pdf,.doc,.docx';
export const RESUME_REQUIRED_MESSAGE = 'Please upload your resume';
export const RESUME_TYPE_MESSAGE =
  'Your resume must be a PDF or Word document (.pdf, .doc or .docx)';
export const RESUME_SIZE_MESSAGE = 'Your resume must be at most 10 MB';

export function hasResumeExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return RESUME_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

// ---- Card previews ----

/** Text of an HTML fragment, tags removed and whitespace collapsed (card previews). */
export function stripTags(html: string): string {
  return decodeHtmlEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first `length` characters of the text, with an ellipsis when cut. */
export function preview(html: string, length: number): string {
  const text = stripTags(html);
  return text.length > length ? `${text.slice(0, length).trimEnd()}...` : text;
}

// ---- A job's own page ----

/** Longest slug made from a title: the address stays readable. */
export const JOB_SLUG_MAX = 80;

/**
 * A job's slug from its title: lower case, accents dropped, every run of other characters one
 * hyphen ("Business Analyst (Automation)" is "business-analyst-automation"); "job" for a title
 * with no letter or digit.
 */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, JOB_SLUG_MAX)
    .replace(/-+$/g, '');
  return slug || 'job';
}

/** The title's slug, or with -2, -3 … when another job has it already. */
export function uniqueJobSlug(title: string, taken: ReadonlySet<string>): string {
  const base = slugFromTitle(title);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A job's page: /careers/{slug}. */
export const jobPagePath = (slug: string): string => `/careers/${encodeURIComponent(slug)}`;

/** Whether applications have closed at `now` (no closing date: open). */
export function applicationsClosed(applicationsCloseAt: string | null, now: Date): boolean {
  return applicationsCloseAt !== null && Date.parse(applicationsCloseAt) <= now.getTime();
}
