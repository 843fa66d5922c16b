import type { Knex } from 'knex';

// The spam verdict of each job application, and the lookup the burst check makes per IP.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('job_applications', (t) => {
    t.boolean('is_spam').notNullable().defaultTo(false);
    t.text('spam_reason');
    t.index(['is_spam']);
    t.index(['ip_address', 'applied_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('job_applications', (t) => {
    t.dropIndex(['ip_address', 'applied_at']);
    t.dropIndex(['is_spam']);
    t.dropColumn('spam_reason');
    t.dropColumn('is_spam');
  });
}
