import type { DeviceType } from './contract.ts';

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

export type ContactEvent = ContactReceived | ContactSubmissionEnriched;

export const contactStream = (submissionId: string): string => `contact:${submissionId}`;
