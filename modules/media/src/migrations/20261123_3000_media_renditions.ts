import type { Db } from '@kw/platform';

// A raster image's intrinsic size and the widths of its renditions (MediaRenditionsMade).
export async function up(knex: Db): Promise<void> {
  await knex.schema.alterTable('media_files', (t) => {
    t.integer('width');
    t.integer('height');
    t.jsonb('rendition_widths');
  });
}

export async function down(knex: Db): Promise<void> {
  await knex.schema.alterTable('media_files', (t) => {
    t.dropColumns('width', 'height', 'rendition_widths');
  });
}
