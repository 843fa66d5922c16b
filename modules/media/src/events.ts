import { defineEvents, type EventOf, type StoredEventOf } from '@kw/platform';
import { z } from 'zod';

// The media library's events. Every one ever stored has these shapes; a field added later
// must be optional here.

export const mediaEventSchemas = {
  MediaUploaded: z.object({
    mediaId: z.string(),
    /** The stored name (random, with the detected extension): the file's address. */
    filename: z.string(),
    originalName: z.string(),
    mimetype: z.string(),
    size: z.number(),
  }),
  MediaDeleted: z.object({ mediaId: z.string(), filename: z.string() }),
  /** The worker made a raster image's AVIF and WebP renditions (files named by renditionName). */
  MediaRenditionsMade: z.object({
    mediaId: z.string(),
    filename: z.string(),
    /** The image's intrinsic size, as it is shown (after its EXIF orientation). */
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    widths: z.array(z.number().int().positive()),
  }),
};

export const mediaEvents = defineEvents(mediaEventSchemas);

export type MediaEvent = EventOf<typeof mediaEventSchemas>;
export type MediaUploaded = Extract<MediaEvent, { type: 'MediaUploaded' }>;
export type MediaDeleted = Extract<MediaEvent, { type: 'MediaDeleted' }>;
export type MediaRenditionsMade = Extract<MediaEvent, { type: 'MediaRenditionsMade' }>;
export type StoredMediaEvent = StoredEventOf<typeof mediaEventSchemas>;

export const mediaStream = (mediaId: string): string => `media:${mediaId}`;
