import type { Db } from '@kw/platform';
import { BUSINESS_TIME_ZONE } from '@kw/site';
import {
  CONFIRMATION_WINDOW_MS,
  CONSENT_METHOD_LABELS,
  type ConsentRecordView,
  type NewsletterAnalytics,
  type NewsletterSubscription,
  type SubscriptionStatus,
} from './contract.ts';
import { NEWSLETTER_SUBSCRIBERS, NEWSLETTER_SUPPRESSIONS } from './projection.ts';

export interface SubscriberRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  subscribed: boolean;
  status: SubscriptionStatus;
  requested_at: Date | null;
  confirmed_at: Date | null;
  consent: ConsentRecordView | null;
  is_spam: boolean;
  spam_reason: string | null;
  source: string;
  device_type: NewsletterSubscription['deviceType'];
  browser_name: string | null;
  browser_version: string | null;
  os: string | null;
  country: string | null;
  city: string | null;
  ip_address: string | null;
  referer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  created_at: Date;
  unsubscribed_at: Date | null;
}

export function toSubscription(
  row: SubscriberRow,
  linkFor: (id: string) => string,
): NewsletterSubscription {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    subscribed: row.subscribed,
    status: row.status,
    isSpam: row.is_spam,
    spamReason: row.spam_reason,
    source: row.source || 'website',
    deviceType: row.device_type,
    country: row.country,
    city: row.city,
    ipAddress: row.ip_address,
    browserInfo: { name: row.browser_name, version: row.browser_version, os: row.os },
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    referer: row.referer,
    createdAt: row.created_at.toISOString(),
    unsubscribedAt: row.unsubscribed_at?.toISOString() ?? null,
    requestedAt: row.requested_at?.toISOString() ?? null,
    expiresAt: row.requested_at
      ? new Date(row.requested_at.getTime() + CONFIRMATION_WINDOW_MS).toISOString()
      : null,
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    consent: row.consent,
    unsubscribeUrl: linkFor(row.id),
  };
}

/**
 * Newest first. `active`: confirmed subscribers only (the default list, and whatever mails
 * them); `confirmed`: also those who unsubscribed since (the export); `all`: pending ones too.
 */
export async function listSubscriberRows(
  db: Db,
  which: 'active' | 'confirmed' | 'all',
): Promise<SubscriberRow[]> {
  const query = db<SubscriberRow>(NEWSLETTER_SUBSCRIBERS)
    .orderBy('created_at', 'desc')
    .limit(10_000);
  if (which === 'active') query.where({ status: 'active' });
  else if (which === 'confirmed') query.whereNot({ status: 'pending' });
  return query;
}

/** Whether the address is on the suppression list (by its keyed hash). */
export async function isSuppressed(db: Db, emailHash: string): Promise<boolean> {
  return (await db(NEWSLETTER_SUPPRESSIONS).where({ email_hash: emailHash }).first()) !== undefined;
}

/** The address of a subscriber, for the unsubscribe page. */
/** What an unsubscribe link's page shows: the address, or that it is unsubscribed already. */
export async function subscriptionOfLink(
  db: Db,
  id: string,
): Promise<{ email: string; unsubscribed: boolean } | undefined> {
  const row = await db<SubscriberRow>(NEWSLETTER_SUBSCRIBERS)
    .where({ id })
    .first('email', 'status');
  return row && { email: row.email, unsubscribed: row.status === 'unsubscribed' };
}

/** The columns of newsletter-subscribers-{date}.csv. */
export const NEWSLETTER_CSV_COLUMNS = [
  'Email',
  'Name',
  'Status',
  'Spam',
  'Spam Reason',
  'Source',
  'Device',
  'Browser',
  'OS',
  'City',
  'Country',
  'IP Address',
  'UTM Source',
  'UTM Medium',
  'UTM Campaign',
  'Referrer',
  'Created',
  'Consent Method',
  'Consent Source',
  'Consent Requested',
  'Consent Request IP',
  'Consent Page',
  'Consent Wording',
  'Confirmed',
  'Confirmation IP',
  'Confirmation User Agent',
];

/** One subscriber's cells, in NEWSLETTER_CSV_COLUMNS order. */
export function subscriberCsvRow(r: SubscriberRow): string[] {
  return [
    r.email,
    [r.first_name, r.last_name].filter(Boolean).join(' '),
    { active: 'Active', unsubscribed: 'Unsubscribed', pending: 'Pending' }[r.status],
    r.is_spam ? 'Yes' : 'No',
    r.spam_reason ?? '',
    r.source || 'website',
    r.device_type ?? '',
    r.browser_name ? `${r.browser_name} ${r.browser_version ?? ''}`.trim() : '',
    r.os ?? '',
    r.city ?? '',
    r.country ?? '',
    r.ip_address ?? '',
    r.utm_source ?? '',
    r.utm_medium ?? '',
    r.utm_campaign ?? '',
    r.referer ?? '',
    r.created_at.toISOString(),
    ...consentCells(r.consent),
  ];
}

function consentCells(c: ConsentRecordView | null): string[] {
  if (!c) return ['', '', '', '', '', '', '', '', ''];
  return [
    CONSENT_METHOD_LABELS[c.method],
    c.source,
    c.requestedAt,
    c.requestIp,
    c.page ?? '',
    c.wording ?? '',
    c.confirmedAt ?? '',
    c.confirmIp ?? '',
    c.confirmUserAgent ?? '',
  ];
}

/** Sign-ups from this address since `since`: the burst signal. */
export async function countSignupsFromIp(db: Db, ip: string, since: Date): Promise<number> {
  const row = await db(NEWSLETTER_SUBSCRIBERS)
    .where({ ip_address: ip })
    .where('created_at', '>=', since)
    .count<{ count: number }[]>('* as count')
    .first();
  return Number(row?.count ?? 0);
}

/** Counts, with 'today', 'this week' (from Monday) and 'this month' on Toronto's calendar. */
export async function newsletterAnalytics(db: Db, now = new Date()): Promise<NewsletterAnalytics> {
  const startOf = (unit: 'day' | 'week' | 'month') =>
    db.raw(`date_trunc('${unit}', ?::timestamptz at time zone ?) at time zone ?`, [
      now.toISOString(),
      BUSINESS_TIME_ZONE,
      BUSINESS_TIME_ZONE,
    ]);
  // A subscription counts from its confirmation (a sign-up from before double opt-in, from
  // the sign-up); a pending one only as pending, and only within its 7 days.
  const since = "status <> 'pending' and coalesce(confirmed_at, created_at)";
  const row = await db(NEWSLETTER_SUBSCRIBERS)
    .select(
      db.raw("count(*) filter (where status <> 'pending')::int as total"),
      db.raw("count(*) filter (where status = 'active')::int as active"),
      db.raw("count(*) filter (where status = 'pending' and requested_at > ?)::int as pending", [
        new Date(now.getTime() - CONFIRMATION_WINDOW_MS),
      ]),
      db.raw('count(*) filter (where is_spam)::int as spam'),
      db.raw(`count(*) filter (where ${since} >= ? and ${since} <= ?)::int as today`, [
        startOf('day'),
        now,
      ]),
      db.raw(`count(*) filter (where ${since} >= ? and ${since} <= ?)::int as week`, [
        startOf('week'),
        now,
      ]),
      db.raw(`count(*) filter (where ${since} >= ? and ${since} <= ?)::int as month`, [
        startOf('month'),
        now,
      ]),
    )
    .first<{
      total: number;
      active: number;
      pending: number;
      spam: number;
      today: number;
      week: number;
      month: number;
    }>();
  return {
    totalSubscriptions: row?.total ?? 0,
    activeSubscriptions: row?.active ?? 0,
    pendingSubscriptions: row?.pending ?? 0,
    spamCount: row?.spam ?? 0,
    recentSignups: row?.today ?? 0,
    weeklySignups: row?.week ?? 0,
    monthlySignups: row?.month ?? 0,
  };
}
