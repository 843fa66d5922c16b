import { defineEvents, type EventOf, NOTICE_MODES, type StoredEventOf } from '@kw/platform';
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
   * The owner will hear of the submission (`new`, or `held` for review): `gathered` in the
   * round of the notices window `window` (told one by one or in its digest when it settles);
   * `individual` and `digest` are older windows' modes (alone at once, or in the window's digest).
   */
  ContactNoticeQueued: z.object({
    submissionId: z.string(),
    kind: z.enum(NOTICE_KINDS),
    mode: z.enum(NOTICE_MODES),
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

  /**
   * Notices counted in the window's round at `at` (by the worker's clock): a batch of the
   * worker's at once.
   */
  ContactNoticesCounted: z.object({
    notices: z
      .array(
        z.object({
          submissionId: z.string(),
          kind: z.enum(NOTICE_KINDS),
          mode: z.enum(NOTICE_MODES),
        }),
      )
      .min(1),
    at: z.string(),
  }),
  /** A notice counted in the window's round (older windows: one event per notice). */
  ContactNoticeCounted: z.object({
    submissionId: z.string(),
    kind: z.enum(NOTICE_KINDS),
    mode: z.enum(NOTICE_MODES),
    at: z.string().optional(),
  }),
  /**
   * The window's round is due at `dueAt` (its job starts then): opened at `at` by its first
   * notice, or put off while notices still came.
   */
  ContactDigestScheduled: z.object({
    window: z.string(),
    dueAt: z.string(),
    at: z.string().optional(),
  }),
  /** The round's digest went to `to` at `at`, covering `count` notices (`held` of them held). */
  ContactDigestSent: z.object({
    window: z.string(),
    to: z.string(),
    count: z.number().int().positive(),
    held: z.number().int().nonnegative(),
    at: z.string().optional(),
  }),
  /** The round settled with these few told one by one (each e-mail recorded on its stream). */
  ContactNoticesToldSeparately: z.object({
    window: z.string(),
    at: z.string(),
    notices: z.array(z.object({ submissionId: z.string(), kind: z.enum(NOTICE_KINDS) })),
  }),
};

/**
 * What identifies or describes the person, stored sealed under their key (crypto-shredding,
 * see platform's personal-data): erasing them leaves `[erased]` in these fields.
 */
export const contactEvents = defineEvents(contactEventSchemas, {
  personal: {
    ContactReceived: {
      subject: 'email',
      fields: [
        'firstName',
        'lastName',
        'email',
        'phone',
        'company',
        'message',
        'ipAddress',
        'userAgent',
        'referer',
      ],
    },
    ContactSubmissionEnriched: { subject: 'stream', fields: ['country', 'city'] },
    ContactSubmissionUpdated: { subject: 'stream', fields: ['changes.responseNotes'] },
  },
});

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
export type ContactNoticesCounted = Named<'ContactNoticesCounted'>;
export type ContactDigestScheduled = Named<'ContactDigestScheduled'>;
export type ContactDigestSent = Named<'ContactDigestSent'>;
export type ContactNoticesToldSeparately = Named<'ContactNoticesToldSeparately'>;

export const contactStream = (submissionId: string): string => `contact:${submissionId}`;

/** The owner's notices of one window (its start, an ISO date). */
export const noticesStream = (window: string): string => `contact-notices:${window}`;
