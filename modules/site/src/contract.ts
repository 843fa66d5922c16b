import type { ImageRenditions } from '@kw/media/contract';
import { idSchema } from '@kw/platform/contract';
import { z } from 'zod';

// The site's settings shared with the browser: the founder's photo (Settings → Site), chosen
// from the media library. No server imports here.

export const FOUNDER_PHOTO_MEDIA_MESSAGE = 'Choose a photo from the media library';

/** PUT /api/site/founder-photo: the media library's file to show. */
export const founderPhotoUpdateSchema = z
  .object({
    mediaId: idSchema(`${FOUNDER_PHOTO_MEDIA_MESSAGE} (a media file's id)`),
  })
  .strict();

export type FounderPhotoUpdate = z.infer<typeof founderPhotoUpdateSchema>;

/** The founder's photo as the pages show it: an uploaded raster image of the media library. */
export interface FounderPhoto {
  mediaId: string;
  /** The original's address, `/media/<name>`. */
  url: string;
  /** The file's name as it was uploaded (the back office shows it). */
  originalName: string;
  /** Its size and renditions (AVIF and WebP), once the worker has made them; null before. */
  image: ImageRenditions | null;
}

/** GET /api/site/founder-photo: the photo, or null (the pages show the initials). */
export interface FounderPhotoAnswer {
  photo: FounderPhoto | null;
}

/** The answer's schema, for the OpenAPI document. */
export const founderPhotoAnswerSchema = z.object({
  photo: z
    .object({
      mediaId: z.string(),
      url: z.string(),
      originalName: z.string(),
      image: z
        .object({ width: z.number(), height: z.number(), widths: z.array(z.number()) })
        .nullable(),
    })
    .nullable(),
});
