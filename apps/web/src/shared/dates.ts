import { BUSINESS_TIME_ZONE } from '@kw/site';
import { noteDateText, servedDateText } from './public/dateTexts.ts';

// The web app's one date formatter. Business dates (a message received, an application made, a
// file uploaded, a post scheduled) read in the business's time zone wherever the browser is, and
// the same on the server and in the browser. The day a published post or case study carries reads
// in UTC: date-only imports store it at midnight UTC.

const NUMERIC = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
const TIME = { hour: 'numeric', minute: 'numeric', second: 'numeric' } as const;

const STYLES = {
  /** 2026-11-05 */
  day: ['en-CA', NUMERIC],
  /** 2026-11-05, 9:30:05 a.m. */
  dateTime: ['en-CA', { ...NUMERIC, ...TIME }],
  /** 11/5/2026, 9:30:05 AM */
  usDateTime: ['en-US', { ...NUMERIC, ...TIME }],
  /** Nov 5, 2026 */
  shortDay: ['en-US', { year: 'numeric', month: 'short', day: 'numeric' }],
  /** November 5, 2026 */
  longDay: ['en-US', { year: 'numeric', month: 'long', day: 'numeric' }],
  /** November 2026 */
  monthYear: ['en-US', { year: 'numeric', month: 'long' }],
} satisfies Record<string, [string, Intl.DateTimeFormatOptions]>;

export type DateStyle = keyof typeof STYLES;

/** Where a date is read: the business's zone, or UTC for the calendar day content carries. */
export type DateZone = 'business' | 'calendar';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(style: DateStyle, zone: DateZone): Intl.DateTimeFormat {
  const key = `${style} ${zone}`;
  let format = formats.get(key);
  if (!format) {
    const [locale, options] = STYLES[style];
    const timeZone = zone === 'business' ? BUSINESS_TIME_ZONE : 'UTC';
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

export function formatDate(
  value: string | Date,
  style: DateStyle,
  zone: DateZone = 'business',
): string {
  // A server-rendered page brings the texts it was rendered with (see public/dateTexts.ts).
  const key = `${style} ${zone} ${typeof value === 'string' ? value : value.toISOString()}`;
  const text =
    servedDateText(key) ??
    formatter(style, zone).format(typeof value === 'string' ? new Date(value) : value);
  noteDateText(key, text);
  return text;
}
