import type { EventHandler } from '@kw/platform';

/** Worker side of the activity module. */
export const activityHandlers: EventHandler[] = [];
