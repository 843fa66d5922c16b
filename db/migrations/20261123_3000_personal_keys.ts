import type { Knex } from 'knex';

// Platform's key table for crypto-shredding (issue 13): one wrapped key per person, found by a
// keyed hash of their address; and the subjects erased, which a restore erases again.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('personal_keys', (t) => {
    t.text('subject_id').primary();
    t.text('wrapped_key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('erased_subjects', (t) => {
    t.text('subject_id').primary();
    t.timestamp('erased_at', { useTz: true }).notNullable();
    // The erasure's files (relative to DATA_DIR): a restore deletes them again.
    t.jsonb('files').notNullable().defaultTo('[]');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('erased_subjects');
  await knex.schema.dropTable('personal_keys');
}
