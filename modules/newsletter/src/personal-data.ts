import type { PersonalDataSource, PersonalRecord } from '@kw/platform';
import { handleSubscriber } from './commands.ts';
import { subscriberStream } from './events.ts';

// What the newsletter holds about a person (the privacy screen's seam): their subscription,
// found by address; erased by the module's own deletion event. A suppression entry (kept so
// an erased or unsubscribed address is never mailed again) is not personal data to erase:
// it must be a keyed hash (platform's `addressHash('newsletter-suppression', email)`).

const TABLE = 'newsletter_subscribers';

type Row = Record<string, unknown> & {
  id: string;
  email: string;
  subscribed: boolean;
  is_spam: boolean;
  created_at: Date;
  updated_at: Date;
  unsubscribed_at: Date | null;
};

const toRecord = (row: Row): PersonalRecord => ({
  kind: 'newsletter subscription',
  id: row.id,
  summary: `Newsletter subscription (${row.is_spam ? 'spam' : row.subscribed ? 'subscribed' : 'unsubscribed'})`,
  createdAt: row.created_at,
  lastChangedAt: row.updated_at,
  data: { ...row },
  files: [],
});

export const newsletterPersonalData: PersonalDataSource = {
  async find({ db }, email) {
    const rows: Row[] = await db(TABLE).whereRaw('lower(trim(email)) = ?', [email]);
    return rows.map(toRecord);
  },
  async erase({ store }, trx, record, metadata) {
    await handleSubscriber(
      store,
      subscriberStream(record.id),
      (state) =>
        state.exists ? [{ type: 'SubscriberDeleted', data: { subscriberId: record.id } }] : [],
      { metadata, trx },
    );
  },
  async expired({ db }, cutoffs) {
    const rows: Row[] = await db(TABLE)
      .where((w) =>
        w
          .where((s) => s.where('is_spam', true).where('updated_at', '<', cutoffs.spam))
          .orWhere((s) =>
            s.where('subscribed', false).where('unsubscribed_at', '<', cutoffs.unsubscribed),
          ),
      )
      .orderBy('updated_at');
    return rows.map((row) => ({ email: row.email, record: toRecord(row) }));
  },
};
