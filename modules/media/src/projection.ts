import type { Projection, StoredEvent, Trx } from '@kw/platform';
import type { MediaEvent } from './events.ts';

export const MEDIA_FILES = 'media_files';

export const mediaFilesProjection: Projection = {
  name: 'media-files',
  mode: 'inline',
  tables: [MEDIA_FILES],
  handles: ['MediaUploaded', 'MediaDeleted'],
  async apply(trx: Trx, stored: StoredEvent) {
    const event = { type: stored.type, data: stored.data } as MediaEvent;
    if (event.type === 'MediaUploaded') {
      const d = event.data;
      await trx(MEDIA_FILES)
        .insert({
          id: d.mediaId,
          filename: d.filename,
          original_name: d.originalName,
          mimetype: d.mimetype,
          size: d.size,
          uploaded_at: stored.occurredAt,
        })
        .onConflict('id')
        .ignore();
    } else if (event.type === 'MediaDeleted') {
      await trx(MEDIA_FILES).where({ id: event.data.mediaId }).delete();
    }
  },
};
