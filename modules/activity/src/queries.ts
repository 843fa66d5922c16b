import { type Db, describeActor } from '@kw/platform';
import { BUSINESS_TIME_ZONE } from '@kw/site';
import type { DailyActivity, RecentActivityItem } from './contract.ts';
import { DAILY_ACTIVITY_EVENTS, RECENT_ACTIVITY } from './projection.ts';

export async function recentActivity(db: Db, limit = 20): Promise<RecentActivityItem[]> {
  const rows = await db(RECENT_ACTIVITY)
    .orderBy('occurred_at', 'desc')
    .orderBy('position', 'desc')
    .limit(limit);
  return rows.map((row) => ({
    title: row.title,
    timestamp: new Date(row.occurred_at).toISOString(),
    icon: row.icon,
    color: row.color,
    actor: describeActor(row.actor ?? undefined).label,
  }));
}

/** One row per day of the last `days` days (today included) on Toronto's calendar. */
export async function dailyActivity(db: Db, days = 30, now = new Date()): Promise<DailyActivity[]> {
  const { rows } = await db.raw<{
    rows: { day: string; contact: number; signup: number; pageview: number }[];
  }>(
    `with today as (select (?::timestamptz at time zone ?)::date as d),
          days as (select generate_series((select d from today) - (?::int - 1), (select d from today), interval '1 day')::date as day)
     select to_char(days.day, 'YYYY-MM-DD') as day,
            count(e.position) filter (where e.metric = 'contact')::int as contact,
            count(e.position) filter (where e.metric = 'signup')::int as signup,
            count(e.position) filter (where e.metric = 'pageview')::int as pageview
       from days
       left join ${DAILY_ACTIVITY_EVENTS} e
         on e.occurred_at >= ?::timestamptz - make_interval(days => ?::int + 2)
        and (e.occurred_at at time zone ?)::date = days.day
      group by days.day
      order by days.day`,
    [now.toISOString(), BUSINESS_TIME_ZONE, days, now.toISOString(), days, BUSINESS_TIME_ZONE],
  );
  return rows.map((row) => ({
    date: row.day,
    contactSubmissions: row.contact,
    newsletterSignups: row.signup,
    pageViews: row.pageview,
  }));
}
