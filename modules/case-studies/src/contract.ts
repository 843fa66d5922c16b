import {
  editorVersion,
  type Heading,
  imageUrlSchema,
  labelList,
  optionalText,
  type PublishableItem,
  publishedSwitch,
  requiredText,
  slugSchema,
} from '@kw/blog/contract';
import type { ImageRenditions } from '@kw/media/contract';
import { z } from 'zod';

// Shapes of the case-studies module shared with the web app. No server imports here.

export * from './presentation.ts';

/** The most characters a case study's content may have. */
export const CASE_STUDY_CONTENT_MAX = 300_000;

export const caseStudyInputSchema = z.object({
  title: requiredText('Title is required', 300),
  slug: slugSchema,
  content: requiredText('Content is required', CASE_STUDY_CONTENT_MAX),
  excerpt: optionalText(2000),
  featuredImage: imageUrlSchema,
  clientName: optionalText(200),
  industry: optionalText(100),
  projectType: optionalText(200),
  results: optionalText(5000),
  published: publishedSwitch,
  technologies: labelList,
  tags: labelList,
  seoTitle: optionalText(300),
  seoDescription: optionalText(1000),
  version: editorVersion,
});

export type CaseStudyInput = z.output<typeof caseStudyInputSchema>;
export type CaseStudyForm = z.input<typeof caseStudyInputSchema>;

export interface CaseStudy extends PublishableItem {
  clientName: string;
  industry: string;
  projectType: string;
  technologies: string[];
  results: string;
}

/**
 * A case study as the public list has it (`GET /api/case-studies?published=true`): what its
 * card shows and its search and industry filter read, no content. `excerpt` is the card's: the
 * study's own, else the first 150 characters of its text and '...'.
 */
export interface CaseStudySummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  featuredImage: string;
  featuredImageRenditions: ImageRenditions | null;
  clientName: string;
  industry: string;
  projectType: string;
  technologies: string[];
  tags: string[];
  createdAt: string;
}

export interface CaseStudyDetail extends CaseStudy {
  html: string;
  headings: Heading[];
}

export interface CaseStudyImportPreview {
  count: number;
  items: CaseStudyInput[];
  /** Rows left out: marked deleted or hidden. */
  skipped: number;
  /** What to know before importing (a missing IsDeleted/IsHidden column, nothing to import). */
  warnings: string[];
}
