import type { NewEvent } from '@kw/platform';

/** Events of one stream of demo content, appended as if they had happened. */
export interface DemoStream {
  streamId: string;
  events: NewEvent[];
}
