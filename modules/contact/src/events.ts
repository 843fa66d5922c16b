import type { ContactPriority, ContactStatus, DeviceType } from './contract.ts';

export interface ContactReceived {
  type: 'ContactReceived';
  data: {
    submissionId: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    company: string;
    service: string;
    message: string;
    subscribeNewsletter: boolean;
    ipAddress: string;
    userAgent: string;
    referer: string;
  };
}

/** What the worker learned about the visitor from the user agent and IP address. */
export interface ContactSubmissionEnriched {
  type: 'ContactSubmissionEnriched';
  data: {
    submissionId: string;
    deviceType: DeviceType;
    browserName: string | null;
    browserVersion: string | null;
    os: string | null;
    country: string | null;
    city: string | null;
  };
}

/** The administrator's edits: only the fields that changed. */
export interface ContactSubmissionUpdated {
  type: 'ContactSubmissionUpdated';
  data: {
    submissionId: string;
    changes: {
      status?: ContactStatus;
      priority?: ContactPriority;
      processed?: boolean;
      responseNotes?: string | null;
      respondedAt?: string | null;
    };
  };
}

/** Processed, and so responded (admin.md §4). */
export interface ContactMarkedProcessed {
  type: 'ContactMarkedProcessed';
  data: { submissionId: string; respondedAt: string };
}

/** By the administrator, or on intake by the spam rules (`automatic`). */
export interface ContactMarkedSpam {
  type: 'ContactMarkedSpam';
  data: { submissionId: string; reason: string; automatic: boolean };
}

export interface ContactUnmarkedSpam {
  type: 'ContactUnmarkedSpam';
  data: { submissionId: string };
}

/** The read model forgets the person; the log keeps that it happened. */
export interface ContactSubmissionDeleted {
  type: 'ContactSubmissionDeleted';
  data: { submissionId: string };
}

/** The worker told ADMIN_EMAIL about the submission: never twice. */
export interface AdminNotifiedOfContact {
  type: 'AdminNotifiedOfContact';
  data: { submissionId: string; to: string };
}

export type ContactEvent =
  | ContactReceived
  | ContactSubmissionEnriched
  | ContactSubmissionUpdated
  | ContactMarkedProcessed
  | ContactMarkedSpam
  | ContactUnmarkedSpam
  | ContactSubmissionDeleted
  | AdminNotifiedOfContact;

export const contactStream = (submissionId: string): string => `contact:${submissionId}`;
