import type { Knex } from 'knex';

// A job application held for the administrator's review (only its speed looked automated), and
// the dashboard's count of them. Additive: every row so far is not held.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('job_applications', (t) => {
    t.boolean('held').notNullable().defaultTo(false);
    t.text('held_reason');
  });
  await knex.raw('create index job_applications_held on job_applications (held) where held');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists job_applications_held');
  await knex.schema.alterTable('job_applications', (t) => {
    t.dropColumn('held_reason');
    t.dropColumn('held');
  });
}
