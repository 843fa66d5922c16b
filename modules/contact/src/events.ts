import { defineEvents, type EventOf, type StoredEventOf } from '@kw/platform';
import { z } from 'zod';
import { CONTACT_PRIORITIES, CONTACT_STATUSES, DEVICE_TYPES } from './contract.ts';

// The contact module's events: what other modules (activity, analytics) import to react to
// them. Every shape ever stored must still parse; a field added later is optional.

export const contactEventSchemas = {
  ContactReceived: z.object({
    submissionId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    company: z.string(),
    service: z.string(),
    message: z.string(),
    subscribeNewsletter: z.boolean(),
    ipAddress: z.string(),
    userAgent: z.string(),
    referer: z.string(),
  }),
  /** What the worker learned about the visitor from the user agent and IP address. */
  ContactSubmissionEnriched: z.object({
    submissionId: z.string(),
    deviceType: z.enum(DEVICE_TYPES),
    browserName: z.string().nullable(),
    browserVersion: z.string().nullable(),
    os: z.string().nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
  }),
  /** The administrator's edits: only the fields that changed. */
  ContactSubmissionUpdated: z.object({
    submissionId: z.string(),
    changes: z.object({
      status: z.enum(CONTACT_STATUSES).optional(),
      priority: z.enum(CONTACT_PRIORITIES).optional(),
      processed: z.boolean().optional(),
      responseNotes: z.string().nullable().optional(),
      respondedAt: z.string().nullable().optional(),
    }),
  }),
  /** Processed, and so responded (admin.md §4). */
  ContactMarkedProcessed: z.object({ submissionId: z.string(), respondedAt: z.string() }),
  /** By the administrator, or on intake by the spam rules (`automatic`). */
  ContactMarkedSpam: z.object({
    submissionId: z.string(),
    reason: z.string(),
    automatic: z.boolean(),
  }),
  ContactUnmarkedSpam: z.object({ submissionId: z.string() }),
  /** The read model forgets the person; the log keeps that it happened. */
  ContactSubmissionDeleted: z.object({ submissionId: z.string() }),
  /** The worker told ADMIN_EMAIL about the submission: never twice. */
  AdminNotifiedOfContact: z.object({ submissionId: z.string(), to: z.string() }),
};

export const contactEvents = defineEvents(contactEventSchemas);

export type ContactEvent = EventOf<typeof contactEventSchemas>;
export type StoredContactEvent = StoredEventOf<typeof contactEventSchemas>;

type Named<T extends ContactEvent['type']> = Extract<ContactEvent, { type: T }>;
export type ContactReceived = Named<'ContactReceived'>;
export type ContactSubmissionEnriched = Named<'ContactSubmissionEnriched'>;
export type ContactSubmissionUpdated = Named<'ContactSubmissionUpdated'>;
export type ContactMarkedProcessed = Named<'ContactMarkedProcessed'>;
export type ContactMarkedSpam = Named<'ContactMarkedSpam'>;
export type ContactUnmarkedSpam = Named<'ContactUnmarkedSpam'>;
export type ContactSubmissionDeleted = Named<'ContactSubmissionDeleted'>;
export type AdminNotifiedOfContact = Named<'AdminNotifiedOfContact'>;

export const contactStream = (submissionId: string): string => `contact:${submissionId}`;
