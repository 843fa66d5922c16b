import type { Db } from '@kw/platform';

// The privacy module's read models: erasures (by salted hash only), retention settings and runs.
export async function up(knex: Db): Promise<void> {
  await knex.schema.createTable('privacy_erasures', (t) => {
    t.uuid('id').primary();
    t.text('email_hash').notNullable();
    t.text('requested_by').notNullable();
    t.text('scope').notNullable();
    t.integer('records').notNullable();
    t.jsonb('files').notNullable();
    t.text('status').notNullable();
    t.timestamp('requested_at', { useTz: true }).notNullable();
    t.timestamp('completed_at', { useTz: true });
    t.index(['status']);
  });
  await knex.schema.createTable('privacy_retention_periods', (t) => {
    t.text('kind').primary();
    t.integer('days').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('privacy_retention_runs', (t) => {
    t.bigInteger('position').primary();
    t.timestamp('ran_at', { useTz: true }).notNullable();
    t.integer('erased').notNullable();
  });
}

export async function down(knex: Db): Promise<void> {
  await knex.schema.dropTable('privacy_retention_runs');
  await knex.schema.dropTable('privacy_retention_periods');
  await knex.schema.dropTable('privacy_erasures');
}
