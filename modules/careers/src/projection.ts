import { bumpContentRevision, defineProjection, type StoredEvent } from '@kw/platform';
import { descriptionToHtml } from './description.ts';
import { applicationEvents, careersEvents, type JobContent, jobCategoryEvents } from './events.ts';
import { safeDisplayName } from './file-name.ts';

export const JOB_CATEGORIES = 'job_categories';
export const JOBS = 'jobs';
export const JOB_APPLICATIONS = 'job_applications';

/** The page cache's name for what the careers page shows (jobs and their categories). */
export const CAREERS_CONTENT = 'careers';

const stamp = (event: StoredEvent) => ({ updated_at: event.occurredAt, version: event.version });

export const jobCategoriesProjection = defineProjection({
  name: 'job-categories',
  mode: 'inline',
  tables: [JOB_CATEGORIES],
  events: jobCategoryEvents,
  async apply(trx, event) {
    // The careers page shows the categories: its cached copy goes with any change.
    await bumpContentRevision(trx, CAREERS_CONTENT);
    switch (event.type) {
      case 'JobCategoryCreated': {
        const d = event.data;
        await trx(JOB_CATEGORIES)
          .insert({
            id: d.categoryId,
            name: d.name,
            description: d.description,
            is_active: d.isActive,
            created_at: event.occurredAt,
            ...stamp(event),
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'JobCategoryUpdated': {
        const d = event.data;
        await trx(JOB_CATEGORIES)
          .where({ id: d.categoryId })
          .update({
            name: d.name,
            description: d.description,
            is_active: d.isActive,
            ...stamp(event),
          });
        return;
      }
      case 'JobCategoryDeleted':
        await trx(JOB_CATEGORIES).where({ id: event.data.categoryId }).delete();
        return;
    }
  },
});

/**
 * The commands store these texts as sanitised HTML; events written before requirements,
 * responsibilities and benefits were (the demo's, older ones) are made so here the same way
 * (descriptionToHtml leaves sanitised HTML as it is), so no page ever gets a script from them
 * and plain lines still show as lines.
 */
const safe = descriptionToHtml;

function jobColumns(d: JobContent) {
  return {
    title: d.title,
    description: d.description,
    category_id: d.categoryId,
    location: d.location,
    employment_type: d.employmentType,
    salary_range: d.salaryRange,
    experience_level: d.experienceLevel,
    requirements: safe(d.requirements),
    responsibilities: safe(d.responsibilities),
    benefits: safe(d.benefits),
    applications_close_at: d.applicationsCloseAt ?? null,
  };
}

export const jobsProjection = defineProjection({
  name: 'jobs',
  mode: 'inline',
  tables: [JOBS],
  events: careersEvents,
  handles: [
    'JobCreated',
    'JobUpdated',
    'JobPublished',
    'JobUnpublished',
    'JobActivated',
    'JobDeactivated',
    'JobDeleted',
    'JobRestored',
    'JobSlugAssigned',
    // A deleted category leaves its jobs uncategorised.
    'JobCategoryDeleted',
  ],
  async apply(trx, event) {
    // The careers page and the public job list: their cached copies go with any change.
    await bumpContentRevision(trx, CAREERS_CONTENT);
    switch (event.type) {
      case 'JobCreated':
      case 'JobRestored':
        await trx(JOBS)
          .insert({
            id: event.data.jobId,
            ...jobColumns(event.data),
            is_published: false,
            is_active: true,
            created_at: event.occurredAt,
            ...stamp(event),
          })
          .onConflict('id')
          .ignore();
        return;
      case 'JobUpdated':
        await trx(JOBS)
          .where({ id: event.data.jobId })
          .update({ ...jobColumns(event.data), ...stamp(event) });
        return;
      case 'JobPublished':
      case 'JobUnpublished':
        await trx(JOBS)
          .where({ id: event.data.jobId })
          .update({ is_published: event.type === 'JobPublished', ...stamp(event) });
        return;
      case 'JobActivated':
      case 'JobDeactivated':
        await trx(JOBS)
          .where({ id: event.data.jobId })
          .update({ is_active: event.type === 'JobActivated', ...stamp(event) });
        return;
      case 'JobDeleted':
        await trx(JOBS).where({ id: event.data.jobId }).delete();
        return;
      case 'JobSlugAssigned':
        await trx(JOBS)
          .where({ id: event.data.jobId })
          .update({ slug: event.data.slug, ...stamp(event) });
        return;
      case 'JobCategoryDeleted':
        await trx(JOBS).where({ category_id: event.data.categoryId }).update({ category_id: null });
        return;
    }
  },
});

export const jobApplicationsProjection = defineProjection({
  name: 'job-applications',
  mode: 'inline',
  tables: [JOB_APPLICATIONS],
  events: applicationEvents,
  handles: [
    'ApplicationSubmitted',
    'ApplicationStatusChanged',
    'ApplicationRejected',
    'RejectionEmailSent',
    'ApplicationMarkedSpam',
    'ApplicationUnmarkedSpam',
    'ApplicationHeld',
    'ApplicationReleased',
    'ApplicationDeleted',
  ],
  async apply(trx, event) {
    const byId = () => trx(JOB_APPLICATIONS).where({ id: event.data.applicationId });
    switch (event.type) {
      case 'ApplicationSubmitted': {
        const d = event.data;
        await trx(JOB_APPLICATIONS)
          .insert({
            id: d.applicationId,
            job_id: d.jobId,
            job_title: d.jobTitle,
            first_name: d.firstName,
            last_name: d.lastName,
            email: d.email,
            phone: d.phone,
            cover_letter: d.coverLetter,
            resume_filename: d.resumeFilename,
            // Names stored as sent before they were reduced at intake, reduced here too.
            resume_original_name: safeDisplayName(
              d.resumeOriginalName,
              d.resumeFilename.split('.').pop(),
            ),
            resume_mime_type: d.resumeMimeType,
            status: 'new',
            ip_address: d.ipAddress || null,
            applied_at: event.occurredAt,
            ...stamp(event),
          })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'ApplicationStatusChanged':
        await byId().update({
          status: event.data.status,
          notes: event.data.notes,
          rejection_email_sent_at: null,
          ...stamp(event),
        });
        return;
      case 'ApplicationRejected':
        // A new rejection is owed its own e-mail.
        await byId().update({
          status: 'rejected',
          notes: event.data.notes,
          rejection_email_sent_at: null,
          ...stamp(event),
        });
        return;
      case 'RejectionEmailSent':
        await byId().update({ rejection_email_sent_at: event.occurredAt, ...stamp(event) });
        return;
      case 'ApplicationMarkedSpam':
        // A verdict: no longer held for one.
        await byId().update({
          is_spam: true,
          spam_reason: event.data.reason,
          held: false,
          held_reason: null,
          ...stamp(event),
        });
        return;
      case 'ApplicationHeld':
        await byId().update({ held: true, held_reason: event.data.reason, ...stamp(event) });
        return;
      case 'ApplicationReleased':
        await byId().update({ held: false, held_reason: null, ...stamp(event) });
        return;
      case 'ApplicationUnmarkedSpam':
        await byId().update({ is_spam: false, spam_reason: null, ...stamp(event) });
        return;
      case 'ApplicationDeleted':
        await byId().delete();
        return;
    }
  },
});
