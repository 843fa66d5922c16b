import type { Knex } from 'knex';

// Platform's request counters for the per-address limits, shared by every API process.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_counters', (t) => {
    t.text('key').primary();
    t.timestamp('window_ends_at', { useTz: true }).notNullable().index();
    t.integer('hits').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limit_counters');
}
