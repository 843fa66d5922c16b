import type { Knex } from 'knex';

// Read models of the blog, case studies and media (projections of their events).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('blog_posts', (t) => {
    t.uuid('id').primary();
    t.text('slug').notNullable().unique();
    t.text('title').notNullable();
    t.text('excerpt').notNullable().defaultTo('');
    t.text('content').notNullable();
    t.text('featured_image').notNullable().defaultTo('');
    t.jsonb('tags').notNullable().defaultTo('[]');
    t.jsonb('categories').notNullable().defaultTo('[]');
    t.boolean('published').notNullable().defaultTo(false);
    t.timestamp('published_at', { useTz: true });
    t.text('seo_title').notNullable().defaultTo('');
    t.text('seo_description').notNullable().defaultTo('');
    t.text('read_time');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.integer('version').notNullable();
    t.index(['created_at']);
    t.index(['published', 'published_at']);
  });
  await knex.schema.createTable('case_studies', (t) => {
    t.uuid('id').primary();
    t.text('slug').notNullable().unique();
    t.text('title').notNullable();
    t.text('excerpt').notNullable().defaultTo('');
    t.text('content').notNullable();
    t.text('featured_image').notNullable().defaultTo('');
    t.text('client_name').notNullable().defaultTo('');
    t.text('industry').notNullable().defaultTo('');
    t.text('project_type').notNullable().defaultTo('');
    t.text('results').notNullable().defaultTo('');
    t.jsonb('technologies').notNullable().defaultTo('[]');
    t.jsonb('tags').notNullable().defaultTo('[]');
    t.boolean('published').notNullable().defaultTo(false);
    t.text('seo_title').notNullable().defaultTo('');
    t.text('seo_description').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.integer('version').notNullable();
    t.index(['created_at']);
    t.index(['published']);
  });
  await knex.schema.createTable('media_files', (t) => {
    t.uuid('id').primary();
    t.text('filename').notNullable().unique();
    t.text('original_name').notNullable();
    t.text('mimetype').notNullable();
    t.bigInteger('size').notNullable();
    t.timestamp('uploaded_at', { useTz: true }).notNullable();
    t.index(['uploaded_at']);
  });
  // Bumped by the content projections in the event's transaction: the page cache's stamp.
  await knex.schema.createTable('content_revisions', (t) => {
    t.text('scope').primary();
    t.bigInteger('revision').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('content_revisions');
  await knex.schema.dropTable('media_files');
  await knex.schema.dropTable('case_studies');
  await knex.schema.dropTable('blog_posts');
}
