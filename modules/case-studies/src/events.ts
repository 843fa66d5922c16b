import { defineEvents, type EventOf } from '@kw/platform';
import { z } from 'zod';

// The case studies' events. Every one ever stored has these shapes (none has changed since the
// first release); a field added later must be optional here.

/** The content fields of a case study as an event records them. */
const caseStudyFields = {
  caseStudyId: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  excerpt: z.string(),
  featuredImage: z.string(),
  clientName: z.string(),
  industry: z.string(),
  projectType: z.string(),
  results: z.string(),
  technologies: z.array(z.string()),
  tags: z.array(z.string()),
  seoTitle: z.string(),
  seoDescription: z.string(),
};

export const caseStudiesEventSchemas = {
  CaseStudyCreated: z.object(caseStudyFields),
  CaseStudyUpdated: z.object(caseStudyFields),
  CaseStudyPublished: z.object({ caseStudyId: z.string() }),
  CaseStudyUnpublished: z.object({ caseStudyId: z.string() }),
  CaseStudyDeleted: z.object({ caseStudyId: z.string(), slug: z.string() }),
  /** An earlier version's content and fields brought back (a deleted one comes back unpublished). */
  CaseStudyRestored: z.object({ ...caseStudyFields, fromVersion: z.number().int() }),
};

export const caseStudiesEvents = defineEvents(caseStudiesEventSchemas);

export type CaseStudyEvent = EventOf<typeof caseStudiesEventSchemas>;
export type CaseStudyCreated = Extract<CaseStudyEvent, { type: 'CaseStudyCreated' }>;
export type CaseStudyUpdated = Extract<CaseStudyEvent, { type: 'CaseStudyUpdated' }>;
export type CaseStudyPublished = Extract<CaseStudyEvent, { type: 'CaseStudyPublished' }>;
export type CaseStudyUnpublished = Extract<CaseStudyEvent, { type: 'CaseStudyUnpublished' }>;
export type CaseStudyDeleted = Extract<CaseStudyEvent, { type: 'CaseStudyDeleted' }>;
export type CaseStudyRestored = Extract<CaseStudyEvent, { type: 'CaseStudyRestored' }>;
export type CaseStudyFields = Omit<CaseStudyCreated['data'], 'caseStudyId'>;

export const caseStudyStream = (id: string): string => `case-study:${id}`;
