import { defineEvents, type EventOf, type StoredEventOf } from '@kw/platform';
import { z } from 'zod';
import { CONTACT_PRIORITIES, CONTACT_STATUSES, DEVICE_TYPES, NOTICE_KINDS } from './contract.ts';

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
  /**
   * The sender ticked "subscribe to the newsletter" (never recorded for a message flagged as
   * spam): the newsletter module asks for the same double opt-in as its own form's.
   */
  ContactNewsletterRequested: z.object({ submissionId: z.string() }),
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
  /**
   * Kept for the administrator's review instead of flagged as spam: its only sign of a bot was
   * speed (autofill sends as fast). Listed as held until released or marked spam.
   */
  ContactHeld: z.object({ submissionId: z.string(), reason: z.string() }),
  /** The administrator released a held submission: not spam, and the owner's notice is owed. */
  ContactReleased: z.object({ submissionId: z.string() }),
  /**
   * How the owner will hear of the submission (`new`, or `held` for review): in an e-mail of
   * its own, or counted in the digest of the notices window `window`.
   */
  ContactNoticeQueued: z.object({
    submissionId: z.string(),
    kind: z.enum(NOTICE_KINDS),
    mode: z.enum(['individual', 'digest']),
    window: z.string(),
  }),
  /**
   * The worker told ADMIN_EMAIL about the submission: never twice. `held`: the e-mail said it
   * is held for review (a release owes the usual one later).
   */
  AdminNotifiedOfContact: z.object({
    submissionId: z.string(),
    to: z.string(),
    held: z.literal(true).optional(),
  }),

  // The owner's notices window (stream `contact-notices:<window start>`): what was told how.

  /** A notice counted in the window: told on its own, or waiting for the digest. */
  ContactNoticeCounted: z.object({
    submissionId: z.string(),
    kind: z.enum(NOTICE_KINDS),
    mode: z.enum(['individual', 'digest']),
  }),
  /** The window's digest is due at `dueAt`: its job starts then. */
  ContactDigestScheduled: z.object({ window: z.string(), dueAt: z.string() }),
  /** The digest went to `to`, covering `count` notices (`held` of them held for review). */
  ContactDigestSent: z.object({
    window: z.string(),
    to: z.string(),
    count: z.number().int().positive(),
    held: z.number().int().nonnegative(),
  }),
};

export const contactEvents = defineEvents(contactEventSchemas);

/** An export of submissions to CSV, for the audit log (stream `contact-export:<id>`). */
export const contactExportEventSchemas = {
  ContactSubmissionsExported: z.object({
    count: z.number().int().nonnegative(),
    submissionIds: z.array(z.string()),
  }),
};
export const contactExportEvents = defineEvents(contactExportEventSchemas);
export type ContactExportEvent = EventOf<typeof contactExportEventSchemas>;
export const contactExportStream = (exportId: string): string => `contact-export:${exportId}`;

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
export type ContactHeld = Named<'ContactHeld'>;
export type ContactReleased = Named<'ContactReleased'>;
export type ContactNoticeQueued = Named<'ContactNoticeQueued'>;
export type ContactNoticeCounted = Named<'ContactNoticeCounted'>;
export type ContactDigestScheduled = Named<'ContactDigestScheduled'>;
export type ContactDigestSent = Named<'ContactDigestSent'>;

export const contactStream = (submissionId: string): string => `contact:${submissionId}`;

/** The owner's notices of one window (its start, an ISO date). */
export const noticesStream = (window: string): string => `contact-notices:${window}`;
