import { readFileSync } from 'node:fs';
import {
  type ActorKind,
  type AuditPage,
  actorMatch,
  checkHealth,
  createMailer,
  NotFoundError,
  type RecordHistoryResponse,
} from '@kw/platform';
import { type RouteDef, route } from '@kw/platform/http';
import { BUSINESS_TIME_ZONE } from '@kw/site';
import { z } from 'zod';
import { DAILY_ACTIVITY_DAYS, type SystemInfo, type SystemStatus } from './contract.ts';
import {
  AUDIT_HIDDEN_KINDS,
  auditEntry,
  auditNames,
  descriptionOf,
  HISTORY_KINDS,
  kindLabel,
  recordHistory,
} from './history.ts';
import { dailyActivity, recentActivity } from './queries.ts';

const ACTOR_KINDS = [
  'administrator',
  'worker',
  'visitor',
  'retention',
  'terminal',
  'system',
] as const satisfies readonly ActorKind[];

export const AUDIT_PAGE_SIZE = 50;

/** Midnight of a day (plus `days`) on the business's calendar, as an instant. */
export function startOfDay(day: string, days = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d + days);
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: BUSINESS_TIME_ZONE,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
        .formatToParts(new Date(instant))
        .map((p) => [p.type, Number(p.value)]),
    ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
    const local = Date.UTC(
      parts.year,
      parts.month - 1,
      parts.day,
      parts.hour,
      parts.minute,
      parts.second,
    );
    return local - instant;
  };
  // Twice: the offset at the first guess may be the other side of a clock change.
  const guess = utc - offsetAt(utc);
  return new Date(utc - offsetAt(guess));
}

const auditQuery = z
  .object({
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
    kind: z
      .string()
      .regex(/^[a-z0-9-]{1,60}$/, 'Unknown kind of record')
      .optional(),
    actor: z.enum(ACTOR_KINDS, { message: `actor: one of ${ACTOR_KINDS.join(', ')}` }).optional(),
    from: z.iso.date('from: a date, YYYY-MM-DD').optional(),
    to: z.iso.date('to: a date, YYYY-MM-DD').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must be on or before to',
    path: ['to'],
  });

const historyParams = z.object({
  kind: z.enum(HISTORY_KINDS, { message: 'Unknown kind of record' }),
  id: z.string().min(1).max(200),
});

const VERSION: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;

async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const activityRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/history/:kind/:id',
    access: 'admin',
    params: historyParams,
    docs: {
      description:
        'Every change of one record, newest first: when, who, what, and each field old → new (long text line by line), folded from its events.',
    },
    async handler({ params, services }): Promise<RecordHistoryResponse> {
      const description = descriptionOf(params.kind)!;
      const stream = await services.store.readStream(`${params.kind}:${params.id}`);
      if (stream.length === 0) throw new NotFoundError(`${description.label} not found`);
      return recordHistory(description, params.id, stream);
    },
  }),
  route({
    method: 'get',
    path: '/api/admin/audit',
    access: 'admin',
    query: auditQuery,
    docs: {
      description:
        "Every state change across modules, newest first, one page at a time (`before`: the previous page's `nextCursor`). Dates are whole days on Toronto's calendar, `to` included.",
    },
    async handler({ query, services }): Promise<AuditPage> {
      const events = await services.store.readLog({
        before: query.before,
        // One more than the page: whether another page follows, without counting the rest.
        limit: query.limit + 1,
        streamTypes: query.kind ? [query.kind] : undefined,
        excludeStreamTypes: query.kind ? undefined : AUDIT_HIDDEN_KINDS,
        actor: query.actor ? actorMatch(query.actor) : undefined,
        from: query.from ? startOfDay(query.from) : undefined,
        to: query.to ? startOfDay(query.to, 1) : undefined,
      });
      const page = events.slice(0, query.limit);
      const names = await auditNames(services.store, page);
      return {
        entries: page.map((event) => auditEntry(event, names.get(event.position))),
        nextCursor: events.length > query.limit ? page.at(-1)!.position : null,
      };
    },
  }),
  route({
    method: 'get',
    path: '/api/admin/audit/kinds',
    access: 'admin',
    async handler({ services }): Promise<{ kind: string; label: string }[]> {
      const kinds = await services.store.streamTypes();
      return kinds.map((kind) => ({ kind, label: kindLabel(kind) }));
    },
  }),
  route({
    method: 'get',
    path: '/api/admin/recent-activity',
    access: 'admin',
    async handler({ services }) {
      return recentActivity(services.db);
    },
  }),
  route({
    method: 'get',
    path: '/api/admin/daily-activity',
    access: 'admin',
    async handler({ services }) {
      return dailyActivity(services.db, DAILY_ACTIVITY_DAYS);
    },
  }),
  route({
    method: 'get',
    path: '/api/admin/system-status',
    access: 'admin',
    async handler({ services }): Promise<SystemStatus> {
      const { config, db } = services;
      const mailer = createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom ?? 'website@localhost',
        mailDir: config.mailDir,
      });
      const [health, mailOk] = await Promise.all([
        checkHealth(db),
        within(mailer.verify(), 3_000, false),
      ]);
      return {
        website: { ok: true },
        database: health.database,
        worker: health.worker,
        queue: health.queue,
        email: { ok: mailOk, transport: mailer.transport },
        checkedAt: health.time,
      };
    },
  }),
  route({
    method: 'get',
    path: '/api/admin/system-info',
    access: 'admin',
    async handler({ services }): Promise<SystemInfo> {
      const { config, db } = services;
      const version = await db
        .raw<{ rows: { server_version: string }[] }>('show server_version')
        .then((r) => r.rows[0]?.server_version ?? null)
        .catch(() => null);
      return {
        database: { engine: 'PostgreSQL', version },
        fileStorage: { kind: 'local', path: config.uploadsDir },
        environment: config.env,
        nodeVersion: process.version,
        version: VERSION,
        email: { transport: config.smtpUrl ? 'smtp' : 'files' },
      };
    },
  }),
];
