import { describeRecords } from '@kw/platform';
import {
  applicationEvents,
  applicationExportEvents,
  jobCategoryEvents,
  jobEvents,
} from './events.ts';

// How the careers records' events read in their History drawers: what each did, and the fields
// it set.

export const jobCategoryHistory = describeRecords({
  kind: 'job-category',
  label: 'Job category',
  nameField: 'name',
  events: jobCategoryEvents,
  fields: {
    name: { label: 'Name' },
    description: { label: 'Description' },
    isActive: { label: 'Active' },
  },
  describe(event) {
    switch (event.type) {
      case 'JobCategoryCreated': {
        const { categoryId: _id, ...set } = event.data;
        return { action: 'Created', set, lifecycle: 'live' };
      }
      case 'JobCategoryUpdated': {
        const { categoryId: _id, ...set } = event.data;
        return { action: 'Edited', set };
      }
      case 'JobCategoryDeleted':
        return { action: 'Deleted', lifecycle: 'deleted' };
    }
  },
});

export const jobHistory = describeRecords({
  kind: 'job',
  label: 'Job',
  nameField: 'title',
  events: jobEvents,
  fields: {
    title: { label: 'Title' },
    published: { label: 'Published' },
    active: { label: 'Accepting applications' },
    categoryId: { label: 'Category' },
    location: { label: 'Location' },
    employmentType: { label: 'Employment type' },
    experienceLevel: { label: 'Experience level' },
    salaryRange: { label: 'Salary range' },
    description: { label: 'Description', long: true },
    requirements: { label: 'Requirements', long: true },
    responsibilities: { label: 'Responsibilities', long: true },
    benefits: { label: 'Benefits', long: true },
  },
  describe(event) {
    switch (event.type) {
      case 'JobCreated': {
        const { jobId: _id, ...set } = event.data;
        return { action: 'Created', set: { ...set, published: false, active: true } };
      }
      case 'JobUpdated': {
        const { jobId: _id, ...set } = event.data;
        return { action: 'Edited', set };
      }
      case 'JobPublished':
        return { action: 'Published', set: { published: true } };
      case 'JobUnpublished':
        return { action: 'Unpublished', set: { published: false } };
      case 'JobActivated':
        return { action: 'Opened to applications', set: { active: true } };
      case 'JobDeactivated':
        return { action: 'Closed to applications', set: { active: false } };
      case 'JobDeleted':
        return { action: 'Deleted', set: { published: false }, lifecycle: 'deleted' };
      case 'JobSlugAssigned':
        return { action: 'Page address given', set: { slug: event.data.slug } };
      case 'JobRestored': {
        const { jobId: _id, fromVersion, ...set } = event.data;
        return {
          action: `Restored version ${fromVersion}`,
          set: { ...set, published: false, active: true },
          lifecycle: 'live',
        };
      }
    }
  },
});

export const applicationHistory = describeRecords({
  kind: 'job-application',
  label: 'Job application',
  events: applicationEvents,
  fields: {
    status: { label: 'Status' },
    notes: { label: 'Notes' },
    spam: { label: 'Spam' },
    firstName: { label: 'First name', personal: true },
    lastName: { label: 'Last name', personal: true },
    email: { label: 'E-mail', personal: true },
    phone: { label: 'Phone', personal: true },
    jobTitle: { label: 'Job' },
    coverLetter: { label: 'Cover letter', long: true, personal: true },
    resume: { label: 'Résumé', personal: true },
  },
  describe(event) {
    switch (event.type) {
      case 'ApplicationSubmitted': {
        const d = event.data;
        return {
          action: 'Submitted',
          set: {
            status: 'new',
            firstName: d.firstName,
            lastName: d.lastName,
            email: d.email,
            phone: d.phone,
            jobTitle: d.jobTitle,
            coverLetter: d.coverLetter,
            resume: d.resumeOriginalName,
          },
          lifecycle: 'live',
        };
      }
      case 'ApplicationStatusChanged':
        return {
          action: `Status changed to ${event.data.status}`,
          set: { status: event.data.status, notes: event.data.notes },
        };
      case 'ApplicationRejected':
        return { action: 'Rejected', set: { status: 'rejected', notes: event.data.notes } };
      // The applicant's address stays out of the words: it is theirs to have forgotten.
      case 'RejectionEmailSent':
        return { action: 'Rejection e-mail sent to the applicant' };
      case 'ApplicationAcknowledged':
        return { action: 'Acknowledgement e-mail sent to the applicant' };
      case 'AdminNotifiedOfApplication':
        return { action: `Administrator notified (${event.data.to})` };
      case 'ApplicationMarkedSpam':
        return {
          action: event.data.automatic
            ? `Flagged as spam on intake: ${event.data.reason}`
            : 'Marked as spam',
          set: { spam: true },
        };
      case 'ApplicationUnmarkedSpam':
        return { action: 'Marked as not spam', set: { spam: false } };
      case 'ApplicationDeleted':
        return {
          action: 'Deleted',
          unset: ['firstName', 'lastName', 'email', 'phone', 'coverLetter', 'resume'],
          lifecycle: 'deleted',
        };
      case 'ApplicationNoticeQueued':
        return {
          action:
            event.data.mode === 'digest'
              ? 'Notice to the administrator queued for the digest'
              : event.data.mode === 'gathered'
                ? 'Notice to the administrator queued (one by one, or in a digest if many come at once)'
                : 'Notice to the administrator queued',
        };
    }
  },
});

/** An export of applications, as the audit log reads it. */
export const applicationExportHistory = describeRecords({
  kind: 'applications-export',
  label: 'Export',
  events: applicationExportEvents,
  fields: { count: { label: 'Applications' } },
  describe: (event) => ({
    action: `${event.data.count} job application${event.data.count === 1 ? '' : 's'} exported to CSV`,
    set: { count: event.data.count },
  }),
});
