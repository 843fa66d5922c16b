import { readFileSync } from 'node:fs';
import { checkHealth, createMailer } from '@kw/platform';
import { type RouteDef, route } from '@kw/platform/http';
import { DAILY_ACTIVITY_DAYS, type SystemInfo, type SystemStatus } from './contract.ts';
import { dailyActivity, recentActivity } from './queries.ts';

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
