import type { PersonalDataSource, PersonalRecord } from '@kw/platform';
import { handleApplication } from './commands.ts';
import { applicationStream } from './events.ts';
import { resumePath } from './resumes.ts';

// What the careers module holds about a person (the privacy screen's seam): their
// applications and résumés, found by address; erased by the module's own deletion event
// (the résumé files are deleted by the erasure after its commit).

const TABLE = 'job_applications';

type Row = Record<string, unknown> & {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  job_title: string;
  status: string;
  is_spam: boolean;
  resume_filename: string;
  resume_original_name: string;
  applied_at: Date;
  updated_at: Date;
};

export const careersPersonalData: PersonalDataSource = {
  async find({ db, config }, email) {
    const rows: Row[] = await db(TABLE)
      .whereRaw('lower(trim(email)) = ?', [email])
      .orderBy('applied_at');
    return rows.map((row) => toRecord(config, row));
  },
  async erase({ store }, trx, record, metadata) {
    await handleApplication(
      store,
      applicationStream(record.id),
      (state) =>
        state.exists ? [{ type: 'ApplicationDeleted', data: { applicationId: record.id } }] : [],
      { metadata, trx },
    );
  },
  async expired({ db, config }, cutoffs) {
    const rows: Row[] = await db(TABLE)
      .where((w) =>
        w
          .where((s) => s.where('is_spam', true).where('updated_at', '<', cutoffs.spam))
          .orWhere('updated_at', '<', cutoffs.applications),
      )
      .orderBy('updated_at');
    return rows.map((row) => ({ email: row.email, record: toRecord(config, row) }));
  },
};

function toRecord(config: Parameters<typeof resumePath>[0], row: Row): PersonalRecord {
  const file = resumePath(config, row.resume_filename);
  return {
    kind: 'job application',
    id: row.id,
    summary: `Application of ${row.first_name} ${row.last_name} for ${row.job_title} (${row.is_spam ? 'spam' : row.status})`,
    createdAt: row.applied_at,
    lastChangedAt: row.updated_at,
    data: { ...row },
    files: file ? [{ path: file, name: `${row.id}-${row.resume_filename}` }] : [],
  };
}
