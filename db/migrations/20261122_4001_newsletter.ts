import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('newsletter_subscribers', (t) => {
    t.uuid('id').primary();
    t.text('email').notNullable().unique();
    t.text('first_name');
    t.text('last_name');
    t.boolean('subscribed').notNullable().defaultTo(true);
    t.boolean('is_spam').notNullable().defaultTo(false);
    t.text('spam_reason');
    t.text('source').notNullable().defaultTo('website');
    t.text('device_type');
    t.text('browser_name');
    t.text('browser_version');
    t.text('os');
    t.text('country');
    t.text('city');
    t.text('ip_address');
    t.text('user_agent');
    t.text('referer');
    t.text('utm_source');
    t.text('utm_medium');
    t.text('utm_campaign');
    t.timestamp('enriched_at', { useTz: true });
    t.timestamp('unsubscribed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.integer('version').notNullable();
    t.index(['created_at']);
    t.index(['ip_address', 'created_at']);
  });
  // The contact page's burst check and filters.
  await knex.schema.alterTable('contact_submissions', (t) => {
    t.index(['ip_address', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_submissions', (t) => {
    t.dropIndex(['ip_address', 'created_at']);
  });
  await knex.schema.dropTable('newsletter_subscribers');
}
