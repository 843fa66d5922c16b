import type { EventHandler } from '@kw/platform';

/** Worker side of the case-studies module. */
export const caseStudiesHandlers: EventHandler[] = [];
