import type { EventHandler } from '@kw/platform';

/** Worker side of the blog module. */
export const blogHandlers: EventHandler[] = [];
