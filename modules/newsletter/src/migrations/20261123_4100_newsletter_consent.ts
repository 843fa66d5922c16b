import type { Db } from '@kw/platform';

// Double opt-in (issue 13): a subscription is pending until confirmed, keeps its proof of
// consent, and an unsubscribed address stays on a suppression list as a keyed hash only.
export async function up(knex: Db): Promise<void> {
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    t.text('status').notNullable().defaultTo('active');
    t.timestamp('requested_at', { useTz: true });
    t.timestamp('confirmed_at', { useTz: true });
    t.jsonb('consent');
    t.index(['status', 'created_at']);
  });
  // Sign-ups from before: active or unsubscribed, their consent the sign-up alone (the same
  // record the projection writes for their SubscriberJoined on a rebuild).
  await knex.raw(`
    update newsletter_subscribers set
      status = case when subscribed then 'active' else 'unsubscribed' end,
      consent = jsonb_build_object(
        'method', 'single-opt-in',
        'source', source,
        'requestedAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'requestIp', coalesce(ip_address, ''),
        'page', referer,
        'wording', null,
        'confirmedAt', null,
        'confirmIp', null,
        'confirmUserAgent', null)`);
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    t.boolean('subscribed').notNullable().defaultTo(false).alter();
  });
  await knex.schema.createTable('newsletter_suppressions', (t) => {
    t.text('email_hash').primary();
    t.text('reason').notNullable();
    t.timestamp('suppressed_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Db): Promise<void> {
  await knex.schema.dropTable('newsletter_suppressions');
  await knex.schema.alterTable('newsletter_subscribers', (t) => {
    t.dropIndex(['status', 'created_at']);
    t.dropColumn('status');
    t.dropColumn('requested_at');
    t.dropColumn('confirmed_at');
    t.dropColumn('consent');
    t.boolean('subscribed').notNullable().defaultTo(true).alter();
  });
}
