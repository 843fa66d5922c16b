import type { Db } from './db.ts';
import { queueBacklog } from './jobs/boss.ts';

/** The state of the running system, for GET /api/health and the back office's status card. */
export interface SystemHealth {
  status: 'ok' | 'degraded';
  database: { ok: boolean; latencyMs: number };
  worker: { ok: boolean; heartbeatAgeSeconds: number | null };
  queue: { backlog: number | null };
  time: string;
}

/** A worker whose last heartbeat is older than this is considered down. */
export const WORKER_STALE_SECONDS = 30;

export async function checkHealth(db: Db): Promise<SystemHealth> {
  const started = Date.now();
  let database = false;
  try {
    await db.raw('select 1');
    database = true;
  } catch {}
  const latencyMs = Date.now() - started;
  const beat = database
    ? await db('worker_heartbeat')
        .max('beat_at as beat_at')
        .first()
        .catch(() => undefined)
    : undefined;
  const beatAt = beat?.beat_at ? new Date(beat.beat_at) : undefined;
  const heartbeatAgeSeconds = beatAt
    ? Math.round((Date.now() - beatAt.getTime()) / 100) / 10
    : null;
  const backlog = database ? await queueBacklog(db).catch(() => null) : null;
  const workerOk = heartbeatAgeSeconds !== null && heartbeatAgeSeconds < WORKER_STALE_SECONDS;
  return {
    status: database && workerOk ? 'ok' : 'degraded',
    database: { ok: database, latencyMs },
    worker: { ok: workerOk, heartbeatAgeSeconds },
    queue: { backlog },
    time: new Date().toISOString(),
  };
}
