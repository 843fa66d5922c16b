import {
  type ContactPriority,
  type ContactStatus,
  type ContactSubmission,
  SERVICE_OPTIONS,
} from '@kw/contact/contract';

/** How Contact Submissions shows a submission's fields (admin.md §2). */
export const serviceLabel = (value: string) =>
  SERVICE_OPTIONS.find((o) => o.value === value)?.label ?? 'General';

export const STATUS_COLORS: Record<ContactStatus, string> = {
  new: 'blue',
  in_progress: 'gold',
  responded: 'green',
  closed: 'default',
};

export const PRIORITY_COLORS: Record<ContactPriority, string> = {
  low: 'default',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};

export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const fullName = (s: ContactSubmission) => `${s.firstName} ${s.lastName}`.trim();
