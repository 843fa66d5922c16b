import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_submissions', (t) => {
    t.uuid('id').primary();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email').notNullable();
    t.text('phone').notNullable().defaultTo('');
    t.text('company').notNullable().defaultTo('');
    t.text('service').notNullable().defaultTo('');
    t.text('message').notNullable();
    t.boolean('subscribe_newsletter').notNullable().defaultTo(false);
    t.text('status').notNullable().defaultTo('new');
    t.text('priority').notNullable().defaultTo('medium');
    t.boolean('processed').notNullable().defaultTo(false);
    t.boolean('is_spam').notNullable().defaultTo(false);
    t.text('spam_reason');
    t.text('response_notes');
    t.timestamp('responded_at', { useTz: true });
    t.text('country');
    t.text('city');
    t.text('device_type').notNullable().defaultTo('unknown');
    t.text('browser_name');
    t.text('browser_version');
    t.text('os');
    t.text('ip_address');
    t.text('user_agent');
    t.text('referer');
    t.timestamp('enriched_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.integer('version').notNullable();
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_submissions');
}
