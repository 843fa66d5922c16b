import { bumpContentRevision, defineProjection } from '@kw/platform';
import { mediaEvents } from './events.ts';

export const MEDIA_FILES = 'media_files';

/**
 * The page cache's name for the images pages show: their sizes and renditions. Pages that show
 * uploaded images depend on it besides their own kind of content.
 */
export const MEDIA_CONTENT = 'media';

export const mediaFilesProjection = defineProjection({
  name: 'media-files',
  mode: 'inline',
  tables: [MEDIA_FILES],
  events: mediaEvents,
  async apply(trx, event) {
    switch (event.type) {
      case 'MediaUploaded': {
        const d = event.data;
        await trx(MEDIA_FILES)
          .insert({
            id: d.mediaId,
            filename: d.filename,
            original_name: d.originalName,
            mimetype: d.mimetype,
            size: d.size,
            uploaded_at: event.occurredAt,
          })
          .onConflict('id')
          .ignore();
        break;
      }
      case 'MediaDeleted':
        await trx(MEDIA_FILES).where({ id: event.data.mediaId }).delete();
        await bumpContentRevision(trx, MEDIA_CONTENT);
        break;
      case 'MediaRenditionsMade': {
        const d = event.data;
        await trx(MEDIA_FILES)
          .where({ id: d.mediaId })
          .update({ width: d.width, height: d.height, rendition_widths: JSON.stringify(d.widths) });
        await bumpContentRevision(trx, MEDIA_CONTENT);
        break;
      }
    }
  },
});
