// Shapes of the activity module shared with the web app. No server imports here.

export const ACTIVITY_ICONS = ['FileText', 'BookOpen', 'Mail', 'Users', 'Briefcase'] as const;
export type ActivityIcon = (typeof ACTIVITY_ICONS)[number];
export const ACTIVITY_COLORS = ['blue', 'green', 'orange', 'purple', 'indigo', 'gray'] as const;
export type ActivityColor = (typeof ACTIVITY_COLORS)[number];

/** One line of the dashboard's Recent Activity (admin.md §3). */
export interface RecentActivityItem {
  title: string;
  timestamp: string;
  icon: ActivityIcon;
  color: ActivityColor;
  /** Who did it: 'admin (administrator)', 'the worker', 'a visitor'. */
  actor: string;
}

/** One day of the dashboard's 30-day chart, on Toronto's calendar. */
export interface DailyActivity {
  /** YYYY-MM-DD */
  date: string;
  contactSubmissions: number;
  newsletterSignups: number;
  pageViews: number;
}

export const RECENT_ACTIVITY_POLL_MS = 30_000;
export const DAILY_ACTIVITY_DAYS = 30;

/** The System Status card: measured, not fixed text. */
export interface SystemStatus {
  website: { ok: true };
  database: { ok: boolean; latencyMs: number };
  worker: { ok: boolean; heartbeatAgeSeconds: number | null };
  queue: { backlog: number | null };
  email: { ok: boolean; transport: 'smtp' | 'files' };
  checkedAt: string;
}

/** The Settings page's System tab. */
export interface SystemInfo {
  database: { engine: 'PostgreSQL'; version: string | null };
  fileStorage: { kind: 'local'; path: string };
  environment: string;
  nodeVersion: string;
  version: string;
  email: { transport: 'smtp' | 'files' };
}

/** 'Just now', 'N minutes ago', 'N hours ago', 'N days ago'. */
export function relativeTime(timestamp: string | Date, now: Date = new Date()): string {
  const then = typeof timestamp === 'string' ? new Date(timestamp) : timestamp;
  const seconds = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}
