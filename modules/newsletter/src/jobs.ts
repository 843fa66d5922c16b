import type { EventHandler } from '@kw/platform';

/** Worker side of the newsletter module. */
export const newsletterHandlers: EventHandler[] = [];
