import type { EventHandler } from '@kw/platform';

/** Worker side of the careers module. */
export const careersHandlers: EventHandler[] = [];
