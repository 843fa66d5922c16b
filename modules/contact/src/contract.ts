import { CONTACT_SERVICE_OPTIONS } from '@kw/site';
import { z } from 'zod';

// The contact form's contract, used by the form in the browser and again by the API.

// The choices live with the site data (zod-free, for the browser's first load).
export const SERVICE_OPTIONS = CONTACT_SERVICE_OPTIONS;

export type ServiceValue = (typeof SERVICE_OPTIONS)[number]['value'];
const serviceValues = SERVICE_OPTIONS.map((option) => option.value) as [
  ServiceValue,
  ...ServiceValue[],
];

export const CONTACT_MESSAGE_MIN = 10;

const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).optional().default('');

/** The fields a visitor fills in, with the spec's messages. */
export const contactMessageSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100, 'First name is too long'),
  lastName: z.string().trim().min(1, 'Last name is required').max(100, 'Last name is too long'),
  email: z
    .string()
    .trim()
    .pipe(z.email('Invalid email address'))
    .pipe(z.string().max(254, 'Invalid email address')),
  phone: optionalText(40),
  company: optionalText(200),
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

/** What the API accepts: the same fields, and the honeypot must be empty. */
export const contactRequestSchema = contactMessageSchema.refine(
  (value) => !isHoneypotFilled(value),
  {
    message: HONEYPOT_MESSAGE,
    path: ['website'],
  },
);

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
