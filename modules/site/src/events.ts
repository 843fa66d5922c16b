import { defineEvents, type EventOf, type StoredEventOf } from '@kw/platform';
import { z } from 'zod';

// The site's facts: the settings an administrator changes in Settings → Site. Every event ever
// stored has these shapes; a field added later must be optional here.

const image = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  widths: z.array(z.number().int().positive()),
});

export const siteEventSchemas = {
  /**
   * The founder's photo is this file of the media library: its id and address, and its size and
   * renditions as they were when it was chosen (null when the worker had not made them yet:
   * the media library's `MediaRenditionsMade` brings them later).
   */
  FounderPhotoSet: z.object({
    mediaId: z.string(),
    url: z.string(),
    originalName: z.string(),
    image: image.nullable(),
  }),
  /** The founder's photo was removed: the pages show the initials. */
  FounderPhotoCleared: z.object({}),
};

export const siteEvents = defineEvents(siteEventSchemas);

export type SiteEvent = EventOf<typeof siteEventSchemas>;
export type StoredSiteEvent = StoredEventOf<typeof siteEventSchemas>;

/** The one stream of the founder's photo setting. */
export const FOUNDER_PHOTO_STREAM = 'site-settings:founder-photo';
