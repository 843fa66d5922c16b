import type { Knex } from 'knex';

// A page per job: its address (/careers/{slug}, unique, given by JobSlugAssigned) and the date
// its applications close.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.text('slug').unique();
    t.timestamp('applications_close_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.dropColumn('applications_close_at');
    t.dropColumn('slug');
  });
}
