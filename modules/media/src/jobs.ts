import type { EventHandler } from '@kw/platform';

/** Worker side of the media module. */
export const mediaHandlers: EventHandler[] = [];
