import { commandHandler, type StoredEventOf, ValidationError } from '@kw/platform';
import type { FounderPhoto } from './contract.ts';
import { type SiteEvent, type siteEventSchemas, siteEvents } from './events.ts';

// The site's decisions, pure: given the setting's history and what the administrator chose,
// the events to append.

/** What the setting's stream says: the chosen file's id, or none. */
export interface FounderPhotoState {
  mediaId: string | null;
}

export const founderPhotoDecider = {
  events: siteEvents,
  initialState: (): FounderPhotoState => ({ mediaId: null }),
  evolve(state: FounderPhotoState, event: StoredEventOf<typeof siteEventSchemas>) {
    switch (event.type) {
      case 'FounderPhotoSet':
        return { mediaId: event.data.mediaId };
      case 'FounderPhotoCleared':
        return { mediaId: null };
      default:
        return state;
    }
  },
};

export const handleFounderPhoto = commandHandler(founderPhotoDecider);

/** A file of the media library, as the route found it (by the media module's exported query). */
export interface ChosenFile extends FounderPhoto {
  mimetype: string;
}

/**
 * Sets the photo; the same file again changes nothing. Only a raster image can be it (the types
 * the media library makes renditions of, `rasterTypes`): anything else is a 400 naming `mediaId`.
 */
export function setFounderPhoto(
  state: FounderPhotoState,
  file: ChosenFile,
  rasterTypes: readonly string[],
): SiteEvent[] {
  if (!rasterTypes.includes(file.mimetype))
    throw new ValidationError([
      {
        path: 'mediaId',
        message: `${file.originalName} is not a photo (${file.mimetype}): choose a JPEG, PNG, WebP, AVIF or TIFF image`,
      },
    ]);
  if (state.mediaId === file.mediaId) return [];
  return [
    {
      type: 'FounderPhotoSet',
      data: {
        mediaId: file.mediaId,
        url: file.url,
        originalName: file.originalName,
        image: file.image,
      },
    },
  ];
}

/** Removes the photo; with none set, nothing happens. */
export function clearFounderPhoto(state: FounderPhotoState): SiteEvent[] {
  return state.mediaId === null ? [] : [{ type: 'FounderPhotoCleared', data: {} }];
}
