import type { EventHandler } from '@kw/platform';

/** Worker side of the analytics module. */
export const analyticsHandlers: EventHandler[] = [];
