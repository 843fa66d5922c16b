import type { ServerModule } from '@kw/platform';
import { mediaFilesProjection } from './projection.ts';
import { mediaRoutes } from './routes.ts';

export type { MediaEvent } from './events.ts';
export { mediaEvents, mediaStream } from './events.ts';
export { listMedia } from './queries.ts';

export const mediaModule: ServerModule = {
  name: 'media',
  routes: mediaRoutes,
  projections: [mediaFilesProjection],
  subscriptions: [],
};
