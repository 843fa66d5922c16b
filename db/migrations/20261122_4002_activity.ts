import type { Knex } from 'knex';

// The dashboard's read models, built by the worker from the event log.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recent_activity', (t) => {
    t.bigInteger('position').primary();
    t.text('stream_id').notNullable();
    t.text('type').notNullable();
    t.text('title').notNullable();
    t.text('icon').notNullable();
    t.text('color').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.index(['occurred_at']);
    t.index(['stream_id']);
  });
  await knex.schema.createTable('daily_activity_events', (t) => {
    t.bigInteger('position').primary();
    t.text('metric').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.index(['occurred_at', 'metric']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('daily_activity_events');
  await knex.schema.dropTable('recent_activity');
}
