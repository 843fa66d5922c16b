import type { PersonalDataSource, PersonalRecord } from '@kw/platform';
import { handleContact } from './commands.ts';
import { contactStream } from './events.ts';

// What the contact module holds about a person (the privacy screen's seam): their
// submissions, found by address; erased by the module's own deletion event.

const TABLE = 'contact_submissions';

type Row = Record<string, unknown> & {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  is_spam: boolean;
  created_at: Date;
  updated_at: Date;
};

const toRecord = (row: Row): PersonalRecord => ({
  kind: 'contact submission',
  id: row.id,
  summary: `Message from ${row.first_name} ${row.last_name} (${row.is_spam ? 'spam' : String(row.status)})`,
  createdAt: row.created_at,
  lastChangedAt: row.updated_at,
  data: { ...row },
  files: [],
});

export const contactPersonalData: PersonalDataSource = {
  async find({ db }, email) {
    const rows: Row[] = await db(TABLE)
      .whereRaw('lower(trim(email)) = ?', [email])
      .orderBy('created_at');
    return rows.map(toRecord);
  },
  async erase({ store }, trx, record, metadata) {
    await handleContact(
      store,
      contactStream(record.id),
      (state) =>
        state.exists && !state.deleted
          ? [{ type: 'ContactSubmissionDeleted', data: { submissionId: record.id } }]
          : [],
      { metadata, trx },
    );
  },
  async expired({ db }, cutoffs) {
    const rows: Row[] = await db(TABLE)
      .where((w) =>
        w
          .where((s) => s.where('is_spam', true).where('updated_at', '<', cutoffs.spam))
          .orWhere('updated_at', '<', cutoffs['contact-submissions']),
      )
      .orderBy('updated_at');
    return rows.map((row) => ({ email: row.email, record: toRecord(row) }));
  },
};
