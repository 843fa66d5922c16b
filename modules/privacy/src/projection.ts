import { bumpContentRevision, defineProjection } from '@kw/platform';
import { privacyEvents } from './events.ts';

/** The content scope the privacy policy's page depends on (moved when the periods change). */
export const PRIVACY_CONTENT = 'privacy';

export const PRIVACY_ERASURES = 'privacy_erasures';
export const PRIVACY_RETENTION_PERIODS = 'privacy_retention_periods';
export const PRIVACY_RETENTION_RUNS = 'privacy_retention_runs';

/** Erasures, pending (files still to delete) or done: never the address, only its salted hash. */
export const privacyErasuresProjection = defineProjection({
  name: 'privacy-erasures',
  mode: 'inline',
  tables: [PRIVACY_ERASURES],
  events: privacyEvents,
  handles: ['ErasureStarted', 'PersonErased'],
  async apply(trx, event) {
    if (event.type === 'ErasureStarted') {
      const d = event.data;
      await trx(PRIVACY_ERASURES)
        .insert({
          id: d.erasureId,
          email_hash: d.emailHash,
          requested_by: d.requestedBy,
          scope: d.scope,
          records: d.records,
          files: JSON.stringify(d.files),
          status: 'pending',
          requested_at: event.occurredAt,
        })
        .onConflict('id')
        .ignore();
    } else if (event.type === 'PersonErased') {
      await trx(PRIVACY_ERASURES)
        .where({ id: event.data.erasureId })
        .update({ status: 'done', completed_at: event.occurredAt });
    }
  },
});

/** Settings → Privacy: each kind's period (a kind never set keeps its default). */
export const retentionSettingsProjection = defineProjection({
  name: 'privacy-retention',
  mode: 'inline',
  tables: [PRIVACY_RETENTION_PERIODS, PRIVACY_RETENTION_RUNS],
  events: privacyEvents,
  handles: ['RetentionPeriodsSet', 'RetentionRunCompleted'],
  async apply(trx, event) {
    if (event.type === 'RetentionPeriodsSet') {
      for (const [kind, days] of Object.entries(event.data.periods))
        await trx(PRIVACY_RETENTION_PERIODS)
          .insert({ kind, days, updated_at: event.occurredAt })
          .onConflict('kind')
          .merge();
      // The privacy policy states these periods: a page cached with the old ones is stale.
      await bumpContentRevision(trx, PRIVACY_CONTENT);
    } else if (event.type === 'RetentionRunCompleted') {
      await trx(PRIVACY_RETENTION_RUNS)
        .insert({ position: event.position, ran_at: event.data.ranAt, erased: event.data.erased })
        .onConflict('position')
        .ignore();
    }
  },
});
