import type { Knex } from 'knex';

// A submission held for the administrator's review (only its speed looked automated), and the
// dashboard's count of them.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_submissions', (t) => {
    t.boolean('held').notNullable().defaultTo(false);
    t.text('held_reason');
  });
  await knex.raw('create index contact_submissions_held on contact_submissions (held) where held');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists contact_submissions_held');
  await knex.schema.alterTable('contact_submissions', (t) => {
    t.dropColumn('held_reason');
    t.dropColumn('held');
  });
}
