import type { Knex } from 'knex';

// The event log, the source of truth, and the worker's heartbeat.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('events', (t) => {
    t.bigIncrements('position').primary();
    t.text('stream_id').notNullable();
    t.text('stream_type').notNullable();
    t.integer('version').notNullable();
    t.text('type').notNullable();
    t.jsonb('data').notNullable();
    t.jsonb('metadata').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['stream_id', 'version'], { indexName: 'events_stream_id_version_unique' });
    t.index(['type', 'position']);
    t.index(['stream_type', 'position']);
  });
  await knex.schema.createTable('worker_heartbeat', (t) => {
    t.text('worker_id').primary();
    t.timestamp('beat_at', { useTz: true }).notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('worker_heartbeat');
  await knex.schema.dropTable('events');
}
