// A service page put together: its metadata (pages.ts) and its words (../content/<page>.json,
// shaped by service-page-schemas.ts).

import { servicePageMeta } from './pages.ts';
import type {
  CallToAction,
  ServicePageKey,
  ServicePageWords,
  Titled,
} from './service-page-schemas.ts';

export type * from './service-page-schemas.ts';

export interface ProcessStep extends Titled {
  step: number;
}
export interface PageIntro {
  path: string;
  title: string;
  lead: string;
  description: string;
  keywords: string[];
  calls: [CallToAction, CallToAction];
}

/** A page's process, its steps numbered in the order given. */
export function processSteps(items: readonly Titled[]): ProcessStep[] {
  return items.map((item, index) => ({ step: index + 1, ...item }));
}

/**
 * A service page from its words: the heading takes the page's metadata, the process its step
 * numbers. The words are trusted as typed here (the bundle carries no schema); content.test.ts
 * holds each file to its schema.
 */
export function servicePage<K extends ServicePageKey>(key: K, json: unknown) {
  const words = json as ServicePageWords<K>;
  return {
    ...words,
    intro: { ...servicePageMeta[key], ...words.intro } satisfies PageIntro,
    process: processSteps(words.process),
  };
}
