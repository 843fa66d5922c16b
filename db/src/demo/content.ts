import type { DemoStream } from './types.ts';

/** Demo blog posts, case studies and media. */
export function demoContentStreams(): DemoStream[] {
  return [];
}
