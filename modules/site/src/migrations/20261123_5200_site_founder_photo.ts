import type { Db } from '@kw/platform';

// The site module's read model: the founder's photo (Settings → Site), one row or none.
export async function up(knex: Db): Promise<void> {
  await knex.schema.createTable('site_founder_photo', (t) => {
    t.text('slot').primary();
    t.uuid('media_id').notNullable().index();
    t.text('url').notNullable();
    t.text('original_name').notNullable();
    t.integer('width');
    t.integer('height');
    t.jsonb('rendition_widths');
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Db): Promise<void> {
  await knex.schema.dropTable('site_founder_photo');
}
