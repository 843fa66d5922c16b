import type { Db } from '@kw/platform';
import {
  CONTACT_LIST_LIMIT,
  CONTACT_RECENT_DAYS,
  type ContactAnalytics,
  type ContactSubmission,
} from './contract.ts';
import { CONTACT_SUBMISSIONS } from './projection.ts';

interface Row {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  message: string;
  subscribe_newsletter: boolean;
  status: ContactSubmission['status'];
  priority: ContactSubmission['priority'];
  processed: boolean;
  is_spam: boolean;
  spam_reason: string | null;
  held: boolean;
  held_reason: string | null;
  response_notes: string | null;
  responded_at: Date | null;
  country: string | null;
  city: string | null;
  device_type: ContactSubmission['deviceType'];
  browser_name: string | null;
  browser_version: string | null;
  os: string | null;
  ip_address: string | null;
  created_at: Date;
  enriched_at: Date | null;
}

function toSubmission(row: Row): ContactSubmission {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    service: row.service,
    message: row.message,
    subscribeNewsletter: row.subscribe_newsletter,
    status: row.status,
    priority: row.priority,
    processed: row.processed,
    isSpam: row.is_spam,
    spamReason: row.spam_reason,
    held: row.held,
    heldReason: row.held_reason,
    responseNotes: row.response_notes,
    respondedAt: row.responded_at?.toISOString() ?? null,
    country: row.country,
    city: row.city,
    deviceType: row.device_type,
    browserName: row.browser_name,
    browserVersion: row.browser_version,
    os: row.os,
    ipAddress: row.ip_address,
    createdAt: row.created_at.toISOString(),
    enrichedAt: row.enriched_at?.toISOString() ?? null,
  };
}

/** Newest first, served by the created_at index. */
export async function listContactSubmissions(db: Db): Promise<ContactSubmission[]> {
  const rows = await db<Row>(CONTACT_SUBMISSIONS)
    .orderBy('created_at', 'desc')
    .limit(CONTACT_LIST_LIMIT);
  return rows.map(toSubmission);
}

/** The submissions with these ids, in the order given; unknown ids are skipped. */
export async function contactSubmissionsByIds(
  db: Db,
  ids: readonly string[],
): Promise<ContactSubmission[]> {
  const wanted = [...new Set(ids)];
  const rows = await db<Row>(CONTACT_SUBMISSIONS).whereIn('id', wanted);
  const byId = new Map(rows.map((row) => [row.id, toSubmission(row)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

export async function findContactSubmission(
  db: Db,
  id: string,
): Promise<ContactSubmission | undefined> {
  const row = await db<Row>(CONTACT_SUBMISSIONS).where({ id }).first();
  return row ? toSubmission(row) : undefined;
}

/** Submissions held for the administrator's review (the dashboard's line, the e-mails'). */
export async function countHeldSubmissions(db: Db): Promise<number> {
  const row = await db(CONTACT_SUBMISSIONS)
    .where({ held: true })
    .count<{ count: number }[]>('* as count')
    .first();
  return Number(row?.count ?? 0);
}

/** The figures of the Contact Submissions page's analytics panel. */
export async function contactAnalytics(db: Db, now = new Date()): Promise<ContactAnalytics> {
  const since = new Date(now.getTime() - CONTACT_RECENT_DAYS * 86_400_000);
  const totals = await db(CONTACT_SUBMISSIONS)
    .select(
      db.raw('count(*)::int as total'),
      db.raw('count(*) filter (where created_at >= ?)::int as recent', [since]),
      db.raw('count(*) filter (where processed)::int as processed'),
      db.raw('count(*) filter (where is_spam)::int as spam'),
    )
    .first<{ total: number; recent: number; processed: number; spam: number }>();
  const services = await db(CONTACT_SUBMISSIONS)
    .select('service')
    .count<{ service: string; count: number }[]>('* as count')
    .groupBy('service');
  const serviceCounts: Record<string, number> = {};
  for (const row of services) serviceCounts[row.service || 'general'] = Number(row.count);
  const total = totals?.total ?? 0;
  const processed = totals?.processed ?? 0;
  return {
    totalSubmissions: total,
    recentSubmissions: totals?.recent ?? 0,
    processedSubmissions: processed,
    unprocessedSubmissions: total - processed,
    spamSubmissions: totals?.spam ?? 0,
    serviceCounts,
  };
}
