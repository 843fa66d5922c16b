import { sealExistingEvents } from '@kw/platform';
import type { Knex } from 'knex';

// Issue 13: the events written before personal fields were sealed are re-written once into
// the sealed form (each person's fields under their key). The types are those that held
// personal fields then; their declarations come from the modules' catalogues, loaded by the
// composition that runs the migrations (it stops if one is missing rather than skip it).
export const TYPES_WITH_PERSONAL_FIELDS = [
  'ContactReceived',
  'ContactSubmissionEnriched',
  'ContactSubmissionUpdated',
  'SubscriberJoined',
  'SubscriberResubscribed',
  'SubscriberEnriched',
  'SubscriptionRequested',
  'SubscriptionConfirmed',
  'ApplicationSubmitted',
  'ApplicationStatusChanged',
  'ApplicationRejected',
  'RejectionEmailSent',
  'ApplicationAcknowledged',
];

export async function up(knex: Knex): Promise<void> {
  await sealExistingEvents(knex, TYPES_WITH_PERSONAL_FIELDS);
}

export async function down(): Promise<void> {
  // The clear values are not kept anywhere: there is no going back.
}
