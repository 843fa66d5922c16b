import { defineEvents, type EventOf } from '@kw/platform';
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
};

export const mediaEvents = defineEvents(mediaEventSchemas);

export type MediaEvent = EventOf<typeof mediaEventSchemas>;
export type MediaUploaded = Extract<MediaEvent, { type: 'MediaUploaded' }>;
export type MediaDeleted = Extract<MediaEvent, { type: 'MediaDeleted' }>;

export const mediaStream = (mediaId: string): string => `media:${mediaId}`;
