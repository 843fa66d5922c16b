import { imageUrlSchema, labelList, slugSchema } from '@kw/blog/contract';
import { z } from 'zod';

// Shapes of the case-studies module shared with the web app. No server imports here.

export * from './presentation.ts';

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

export const caseStudyInputSchema = z.object({
  title: required('Title is required', 300),
  slug: slugSchema,
  content: required('Content is required', 300_000),
  excerpt: optionalText(2000),
  featuredImage: imageUrlSchema,
  clientName: optionalText(200),
  industry: optionalText(100),
  projectType: optionalText(200),
  results: optionalText(5000),
  published: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  technologies: labelList,
  tags: labelList,
  seoTitle: optionalText(300),
  seoDescription: optionalText(1000),
  /** The version the editor loaded: a stale one is refused with 409. Absent: accepted. */
  version: z.number().int().min(0).optional(),
});

export type CaseStudyInput = z.output<typeof caseStudyInputSchema>;
export type CaseStudyForm = z.input<typeof caseStudyInputSchema>;

export interface CaseStudy {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  clientName: string;
  industry: string;
  projectType: string;
  technologies: string[];
  tags: string[];
  featuredImage: string;
  results: string;
  seoTitle: string;
  seoDescription: string;
  published: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface CaseStudyDetail extends CaseStudy {
  html: string;
  headings: { level: number; text: string; id: string }[];
}

export interface CaseStudyImportPreview {
  count: number;
  items: CaseStudyInput[];
}
