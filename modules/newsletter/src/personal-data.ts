import type { PersonalDataSource, PersonalRecord } from '@kw/platform';
import { handleSubscriber, suppressionHash } from './commands.ts';
import { subscriberStream } from './events.ts';

// What the newsletter holds about a person (the privacy screen's seam): their subscription,
// found by address; erased by the module's own deletion event. A suppression entry (kept so
// an erased or unsubscribed address is never mailed again) is not personal data to erase:
// only a keyed hash of the address (`suppressionHash`), recorded before the deletion.

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
  async erase({ store, config }, trx, record, metadata) {
    // The suppression first, while the address can still be read: an erased address is never
    // mailed again by accident. Only its keyed hash is kept (newsletter_suppressions).
    const email = String(record.data.email ?? '');
    await handleSubscriber(
      store,
      subscriberStream(record.id),
      (state) =>
        state.exists
          ? [
              ...(email
                ? [
                    {
                      type: 'SubscriberSuppressed' as const,
                      data: {
                        subscriberId: record.id,
                        emailHash: suppressionHash(config.dataKey, email),
                        reason: 'erased' as const,
                      },
                    },
                  ]
                : []),
              { type: 'SubscriberDeleted' as const, data: { subscriberId: record.id } },
            ]
          : [],
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
