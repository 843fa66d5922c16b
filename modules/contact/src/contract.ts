import { idSchema, isOneLine } from '@kw/platform/contract';
import { CONTACT_SERVICE_OPTIONS } from '@kw/site';
import { z } from 'zod';

// The contact form's contract, used by the form in the browser and again by the API.

// The choices live with the site data (zod-free, for the browser's first load).
export const SERVICE_OPTIONS = CONTACT_SERVICE_OPTIONS;

export type ServiceValue = (typeof SERVICE_OPTIONS)[number]['value'];

/** The label of a service choice; 'General' when none was chosen. */
export const serviceLabel = (value: string): string =>
  SERVICE_OPTIONS.find((option) => option.value === value)?.label ?? 'General';
const serviceValues = SERVICE_OPTIONS.map((option) => option.value) as [
  ServiceValue,
  ...ServiceValue[],
];

export const CONTACT_MESSAGE_MIN = 10;

const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).optional().default('');

/** The fields a visitor fills in, with the spec's messages. */
export const contactMessageSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, 'First name is required')
    .max(100, 'First name is too long')
    .refine(isOneLine, 'First name must be on one line'),
  lastName: z
    .string()
    .trim()
    .min(1, 'Last name is required')
    .max(100, 'Last name is too long')
    .refine(isOneLine, 'Last name must be on one line'),
  email: z
    .string()
    .trim()
    .pipe(z.email('Invalid email address'))
    .pipe(z.string().max(254, 'Invalid email address')),
  phone: optionalText(40).refine(isOneLine, 'Phone must be on one line'),
  company: optionalText(200).refine(isOneLine, 'Company must be on one line'),
  service: z
    .union([z.enum(serviceValues), z.literal('')])
    .optional()
    .default(''),
  message: z
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters'),
  subscribeNewsletter: z.boolean().optional().default(false),
  /** Hidden off-screen field: people leave it empty, bots fill it. */
  website: z.string().max(500).optional().default(''),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const HONEYPOT_MESSAGE = 'Invalid submission';

export function isHoneypotFilled(message: { website?: string | undefined }): boolean {
  return (message.website ?? '').trim() !== '';
}

/**
 * What the API accepts: the same fields, and the honeypot must be empty. A form may also send
 * `startedAt`, when the visitor opened it (epoch ms): a submission faster than a person could
 * type is flagged as spam.
 */
export const contactRequestSchema = contactMessageSchema
  .extend({ startedAt: z.number().int().nonnegative().optional() })
  .refine((value) => !isHoneypotFilled(value), {
    message: HONEYPOT_MESSAGE,
    path: ['website'],
  });

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** A contact submission as the back office reads it. */
export interface ContactSubmission {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  message: string;
  subscribeNewsletter: boolean;
  status: 'new' | 'in_progress' | 'responded' | 'closed';
  priority: 'low' | 'medium' | 'high' | 'urgent';
  processed: boolean;
  isSpam: boolean;
  spamReason: string | null;
  /** Held for the administrator's review (sent too fast to be sure): not spam, not yet told. */
  held: boolean;
  /** Why it is held; null when it is not. */
  heldReason: string | null;
  responseNotes: string | null;
  respondedAt: string | null;
  country: string | null;
  city: string | null;
  deviceType: DeviceType;
  browserName: string | null;
  browserVersion: string | null;
  os: string | null;
  ipAddress: string | null;
  createdAt: string;
  enrichedAt: string | null;
}

export const CONTACT_STATUSES = ['new', 'in_progress', 'responded', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type ContactPriority = (typeof CONTACT_PRIORITIES)[number];

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'New',
  in_progress: 'In Progress',
  responded: 'Responded',
  closed: 'Closed',
};

/** Every id a contact route takes. */
export const contactIdSchema = idSchema('Unknown contact submission id');

/**
 * What the owner is told of a submission: `new` (an enquiry), or `held` (kept for review; its
 * release owes the `new` one).
 */
export const NOTICE_KINDS = ['new', 'held'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** GET /api/contact/held-count: how many submissions wait for the administrator's review. */
export interface ContactHeldCount {
  held: number;
}

/** Contact Submissions showing only the held ones (the dashboard's and the e-mails' link). */
export const HELD_FOR_REVIEW_PATH = '/admin/contact?spam=held';

/** The reason the quick 'mark spam' action records (admin.md §4). */
export const MARKED_AS_SPAM_REASON = 'Marked as spam';
export const RESPONSE_NOTES_MAX = 5000;

/**
 * PATCH /api/contact/{id}: any of these, each checked before anything is written. `isSpam: false`
 * on a held submission releases it (not spam: the owner's notice follows).
 */
export const contactUpdateSchema = z
  .strictObject({
    status: z.enum(CONTACT_STATUSES, {
      error: `Status must be one of ${CONTACT_STATUSES.join(', ')}`,
    }),
    priority: z.enum(CONTACT_PRIORITIES, {
      error: `Priority must be one of ${CONTACT_PRIORITIES.join(', ')}`,
    }),
    processed: z.boolean({ error: 'Processed must be true or false' }),
    responseNotes: z
      .string({ error: 'Response notes must be text' })
      .max(RESPONSE_NOTES_MAX, `Response notes must be at most ${RESPONSE_NOTES_MAX} characters`)
      .nullable(),
    respondedAt: z.iso
      .datetime({ offset: true, error: 'Responded at must be an ISO date and time' })
      .nullable(),
    isSpam: z.boolean({ error: 'Spam must be true or false' }),
    spamReason: z
      .string({ error: 'Spam reason must be text' })
      .trim()
      .max(500, 'Spam reason must be at most 500 characters')
      .nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' });

export type ContactUpdate = z.infer<typeof contactUpdateSchema>;

/**
 * POST /api/contact/bulk (with `ids`): one action on several submissions, each its own command,
 * all or nothing.
 */
export const contactBulkActionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('markProcessed') }),
    z.object({ action: z.literal('markSpam') }),
    z.object({ action: z.literal('delete') }),
    z.object({
      action: z.literal('setStatus'),
      status: z.enum(CONTACT_STATUSES, {
        error: `Status must be one of ${CONTACT_STATUSES.join(', ')}`,
      }),
    }),
  ],
  { error: 'Action must be one of markProcessed, markSpam, delete, setStatus' },
);
export type ContactBulkAction = z.infer<typeof contactBulkActionSchema>;

export interface ContactAnalytics {
  totalSubmissions: number;
  /** Received in the last 30 days. */
  recentSubmissions: number;
  processedSubmissions: number;
  unprocessedSubmissions: number;
  spamSubmissions: number;
  serviceCounts: Record<string, number>;
}

export const CONTACT_RECENT_DAYS = 30;

/** The most submissions the back office lists, and so the most one export names. */
export const CONTACT_LIST_LIMIT = 5000;

/** POST /api/contact/export: the submissions of the filtered list, in the order shown. */
export const contactExportRequestSchema = z.object({
  ids: z
    .array(contactIdSchema, { error: 'ids must be a list of contact submission ids' })
    .min(1, 'Choose at least one submission to export')
    .max(CONTACT_LIST_LIMIT, `At most ${CONTACT_LIST_LIMIT} submissions can be exported at once`),
});
export type ContactExportRequest = z.infer<typeof contactExportRequestSchema>;

/** The columns of contact-submissions-{date}.csv (admin.md §7). */
export const CONTACT_CSV_COLUMNS = [
  'ID',
  'Name',
  'Email',
  'Phone',
  'Company',
  'Service',
  'Status',
  'Priority',
  'Country',
  'Device',
  'IP Address',
  'Created',
  'Message',
];

/** One submission's cells, in CONTACT_CSV_COLUMNS order. */
export function contactCsvRow(s: ContactSubmission): string[] {
  return [
    s.id,
    `${s.firstName} ${s.lastName}`.trim(),
    s.email,
    s.phone,
    s.company,
    serviceLabel(s.service),
    CONTACT_STATUS_LABELS[s.status],
    s.priority.charAt(0).toUpperCase() + s.priority.slice(1),
    s.country ?? '',
    s.deviceType,
    s.ipAddress ?? '',
    s.createdAt,
    s.message,
  ];
}
