import { defineProjection } from '@kw/platform';
import { mediaEvents } from './events.ts';

export const MEDIA_FILES = 'media_files';

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
        break;
    }
  },
});
