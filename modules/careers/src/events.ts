import type { ApplicationStatus, EmploymentType, ExperienceLevel } from './contract.ts';

// The facts of the careers module, in the business's words.

export interface JobCategoryData {
  categoryId: string;
  name: string;
  description: string;
  isActive: boolean;
}

export interface JobCategoryCreated {
  type: 'JobCategoryCreated';
  data: JobCategoryData;
}
export interface JobCategoryUpdated {
  type: 'JobCategoryUpdated';
  data: JobCategoryData;
}
export interface JobCategoryDeleted {
  type: 'JobCategoryDeleted';
  data: { categoryId: string };
}

export type JobCategoryEvent = JobCategoryCreated | JobCategoryUpdated | JobCategoryDeleted;

/** What a job says about itself; publication and activity are events of their own. */
export interface JobContent {
  jobId: string;
  title: string;
  /** Sanitised HTML. */
  description: string;
  categoryId: string;
  location: string;
  employmentType: EmploymentType;
  salaryRange: string;
  experienceLevel: ExperienceLevel;
  requirements: string;
  responsibilities: string;
  benefits: string;
}

export interface JobCreated {
  type: 'JobCreated';
  data: JobContent;
}
export interface JobUpdated {
  type: 'JobUpdated';
  data: JobContent;
}
export interface JobPublished {
  type: 'JobPublished';
  data: { jobId: string };
}
export interface JobUnpublished {
  type: 'JobUnpublished';
  data: { jobId: string };
}
export interface JobActivated {
  type: 'JobActivated';
  data: { jobId: string };
}
export interface JobDeactivated {
  type: 'JobDeactivated';
  data: { jobId: string };
}
export interface JobDeleted {
  type: 'JobDeleted';
  data: { jobId: string };
}

export type JobEvent =
  | JobCreated
  | JobUpdated
  | JobPublished
  | JobUnpublished
  | JobActivated
  | JobDeactivated
  | JobDeleted;

export interface ApplicationSubmitted {
  type: 'ApplicationSubmitted';
  data: {
    applicationId: string;
    jobId: string;
    jobTitle: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    coverLetter: string;
    /** Random name of the stored file under the private folder. */
    resumeFilename: string;
    resumeOriginalName: string;
    resumeMimeType: string;
    resumeSize: number;
    ipAddress: string;
    userAgent: string;
  };
}

export interface ApplicationStatusChanged {
  type: 'ApplicationStatusChanged';
  data: {
    applicationId: string;
    status: Exclude<ApplicationStatus, 'rejected'>;
    notes: string;
  };
}

/** Rejection is its own fact: the worker answers it with one e-mail. */
export interface ApplicationRejected {
  type: 'ApplicationRejected';
  data: { applicationId: string; notes: string };
}

export interface RejectionEmailSent {
  type: 'RejectionEmailSent';
  data: {
    applicationId: string;
    /** Version of the ApplicationRejected event this e-mail answers. */
    rejectionVersion: number;
    messageId: string;
    to: string;
  };
}

/** The applicant was told their application arrived: never twice. */
export interface ApplicationAcknowledged {
  type: 'ApplicationAcknowledged';
  data: { applicationId: string; messageId: string; to: string };
}

/** ADMIN_EMAIL was told about the application: never twice. */
export interface AdminNotifiedOfApplication {
  type: 'AdminNotifiedOfApplication';
  data: { applicationId: string; messageId: string; to: string };
}

/** Flagged as spam by the intake checks (`automatic`) or by the administrator. */
export interface ApplicationMarkedSpam {
  type: 'ApplicationMarkedSpam';
  data: { applicationId: string; reason: string; automatic: boolean };
}

/** The administrator reversed a spam verdict. */
export interface ApplicationUnmarkedSpam {
  type: 'ApplicationUnmarkedSpam';
  data: { applicationId: string };
}

export interface ApplicationDeleted {
  type: 'ApplicationDeleted';
  data: { applicationId: string };
}

export type ApplicationEvent =
  | ApplicationSubmitted
  | ApplicationStatusChanged
  | ApplicationRejected
  | RejectionEmailSent
  | ApplicationAcknowledged
  | AdminNotifiedOfApplication
  | ApplicationMarkedSpam
  | ApplicationUnmarkedSpam
  | ApplicationDeleted;

export type CareersEvent = JobCategoryEvent | JobEvent | ApplicationEvent;

export const jobCategoryStream = (categoryId: string): string => `job-category:${categoryId}`;
export const jobStream = (jobId: string): string => `job:${jobId}`;
export const applicationStream = (applicationId: string): string =>
  `job-application:${applicationId}`;
