import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_categories', (t) => {
    t.uuid('id').primary();
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.integer('version').notNullable();
    t.index(['name']);
  });
  await knex.schema.createTable('jobs', (t) => {
    t.uuid('id').primary();
    t.text('title').notNullable();
    t.text('description').notNullable();
    t.uuid('category_id');
    t.text('location').notNullable().defaultTo('');
    t.text('employment_type').notNullable().defaultTo('full-time');
    t.text('salary_range').notNullable().defaultTo('');
    t.text('experience_level').notNullable().defaultTo('mid');
    t.text('requirements').notNullable().defaultTo('');
    t.text('responsibilities').notNullable().defaultTo('');
    t.text('benefits').notNullable().defaultTo('');
    t.boolean('is_published').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.integer('version').notNullable();
    t.index(['created_at']);
    t.index(['category_id']);
    t.index(['is_published', 'is_active']);
  });
  await knex.schema.createTable('job_applications', (t) => {
    t.uuid('id').primary();
    t.uuid('job_id').notNullable();
    t.text('job_title').notNullable();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email').notNullable();
    t.text('phone').notNullable();
    t.text('cover_letter').notNullable().defaultTo('');
    t.text('resume_filename').notNullable().unique();
    t.text('resume_original_name').notNullable();
    t.text('resume_mime_type').notNullable();
    t.text('status').notNullable().defaultTo('new');
    t.text('notes').notNullable().defaultTo('');
    t.text('ip_address');
    t.timestamp('applied_at', { useTz: true }).notNullable();
    t.timestamp('rejection_email_sent_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.integer('version').notNullable();
    t.index(['applied_at']);
    t.index(['status']);
    t.index(['job_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('job_applications');
  await knex.schema.dropTable('jobs');
  await knex.schema.dropTable('job_categories');
}
