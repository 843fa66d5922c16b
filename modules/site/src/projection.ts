import { mediaEvents } from '@kw/media/events';
import { bumpContentRevision, combineEvents, defineProjection } from '@kw/platform';
import { siteEvents } from './events.ts';

/**
 * The page cache's name for the site's settings: the pages that show the founder's photo (the
 * about page) depend on it, and it moves with each change of the photo, of its renditions, or
 * its file's deletion from the media library.
 */
export const SITE_CONTENT = 'site';

export const SITE_FOUNDER_PHOTO = 'site_founder_photo';

/** The one row's key (the table holds the founder's photo, or nothing). */
export const FOUNDER_SLOT = 'founder';

/**
 * The founder's photo as the pages show it. It follows the media library's events for its file
 * (their catalogue, never their table): the renditions when the worker makes them, and the
 * file's deletion, after which the pages show the initials again.
 */
export const founderPhotoProjection = defineProjection({
  name: 'site-founder-photo',
  mode: 'inline',
  tables: [SITE_FOUNDER_PHOTO],
  events: combineEvents(siteEvents, mediaEvents),
  handles: ['FounderPhotoSet', 'FounderPhotoCleared', 'MediaRenditionsMade', 'MediaDeleted'],
  async apply(trx, event) {
    switch (event.type) {
      case 'FounderPhotoSet': {
        const d = event.data;
        await trx(SITE_FOUNDER_PHOTO)
          .insert({
            slot: FOUNDER_SLOT,
            media_id: d.mediaId,
            url: d.url,
            original_name: d.originalName,
            width: d.image?.width ?? null,
            height: d.image?.height ?? null,
            rendition_widths: d.image ? JSON.stringify(d.image.widths) : null,
            updated_at: event.occurredAt,
          })
          .onConflict('slot')
          .merge();
        await bumpContentRevision(trx, SITE_CONTENT);
        break;
      }
      case 'FounderPhotoCleared':
        if ((await trx(SITE_FOUNDER_PHOTO).where({ slot: FOUNDER_SLOT }).delete()) > 0)
          await bumpContentRevision(trx, SITE_CONTENT);
        break;
      case 'MediaRenditionsMade': {
        const d = event.data;
        const changed = await trx(SITE_FOUNDER_PHOTO)
          .where({ media_id: d.mediaId })
          .update({
            width: d.width,
            height: d.height,
            rendition_widths: JSON.stringify(d.widths),
            updated_at: event.occurredAt,
          });
        if (changed > 0) await bumpContentRevision(trx, SITE_CONTENT);
        break;
      }
      case 'MediaDeleted':
        if ((await trx(SITE_FOUNDER_PHOTO).where({ media_id: event.data.mediaId }).delete()) > 0)
          await bumpContentRevision(trx, SITE_CONTENT);
        break;
    }
  },
});
