import type { Knex } from 'knex';

// Who did what the dashboard's feed shows (the event's `metadata.actor`): the worker fills it
// from the log, so a rebuild gives it to the lines written before.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recent_activity', (t) => {
    t.text('actor');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recent_activity', (t) => {
    t.dropColumn('actor');
  });
}
