import { defineSubscription, type ServerModule } from '@kw/platform';
import { mediaEvents } from './events.ts';
import { mediaFilesProjection } from './projection.ts';
import { mediaRoutes } from './routes.ts';

export type { MediaEvent } from './events.ts';
export { mediaEvents, mediaStream } from './events.ts';
export { MEDIA_CONTENT } from './projection.ts';
export { findMediaById, imageRenditions, listMedia } from './queries.ts';

/** The renditions of each raster upload (AVIF and WebP at a few widths), made by the worker. */
export const MEDIA_RENDITIONS_QUEUE = 'media.renditions';

export const mediaModule: ServerModule = {
  name: 'media',
  routes: mediaRoutes,
  projections: [mediaFilesProjection],
  subscriptions: [
    defineSubscription({
      queue: MEDIA_RENDITIONS_QUEUE,
      events: mediaEvents,
      handles: ['MediaUploaded'],
    }),
  ],
  jobs: async () => (await import('./jobs.ts')).mediaHandlers,
  atWorkerStart: async (ctx) => {
    await (await import('./jobs.ts')).makeMissingRenditions(ctx);
  },
  migrations: new URL('./migrations/', import.meta.url),
};
