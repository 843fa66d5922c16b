import type { DemoStream } from './types.ts';

/** Demo job categories and jobs. */
export function demoCareersStreams(): DemoStream[] {
  return [];
}
