import { type Db, RETENTION_KINDS, type RetentionKind } from '@kw/platform';
import { DEFAULT_PERIODS, type RetentionPeriods } from './commands.ts';
import {
  PRIVACY_CONTENT,
  PRIVACY_ERASURES,
  PRIVACY_RETENTION_PERIODS,
  PRIVACY_RETENTION_RUNS,
} from './projection.ts';

export { PRIVACY_CONTENT, PRIVACY_ERASURES };

/** Each kind's period in days: the ones set in Settings → Privacy, else the defaults. */
export async function retentionPeriods(db: Db): Promise<RetentionPeriods> {
  const rows: { kind: string; days: number }[] = await db(PRIVACY_RETENTION_PERIODS).select(
    'kind',
    'days',
  );
  const periods = { ...DEFAULT_PERIODS };
  for (const row of rows)
    if (row.kind in periods) periods[row.kind as keyof RetentionPeriods] = row.days;
  return periods;
}

/** When the retention job last ran and how many records it erased. */
export async function lastRetentionRun(db: Db): Promise<{ ranAt: string; erased: number } | null> {
  const row = await db(PRIVACY_RETENTION_RUNS).orderBy('position', 'desc').first();
  return row ? { ranAt: new Date(row.ran_at).toISOString(), erased: row.erased } : null;
}

export interface ErasureRow {
  id: string;
  requestedBy: string;
  scope: string;
  records: number;
  status: 'pending' | 'done';
  filesLeft: number;
  requestedAt: string;
  completedAt: string | null;
}

export async function recentErasures(db: Db, limit = 20): Promise<ErasureRow[]> {
  const rows = await db(PRIVACY_ERASURES).orderBy('requested_at', 'desc').limit(limit);
  return rows.map((r) => ({
    id: r.id,
    requestedBy: r.requested_by,
    scope: r.scope,
    records: r.records,
    status: r.status,
    filesLeft: r.status === 'done' ? 0 : (r.files as string[]).length,
    requestedAt: new Date(r.requested_at).toISOString(),
    completedAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
  }));
}

/** The privacy policy's retention section: each kind's label and period, as in the settings. */
export async function retentionPolicy(
  db: Db,
): Promise<{ periods: { kind: RetentionKind; label: string; days: number }[] }> {
  const periods = await retentionPeriods(db);
  return {
    periods: (Object.keys(RETENTION_KINDS) as RetentionKind[]).map((kind) => ({
      kind,
      label: RETENTION_KINDS[kind].label,
      days: periods[kind],
    })),
  };
}
