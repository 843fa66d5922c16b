// The shapes of the service pages' words (spec §3, "Per-page records"). The words themselves are
// data, in ../content/<page>.json, so they can be edited without touching code; these schemas
// are the one definition of their types, and content.test.ts holds every file to them. The
// pages import the types only, so the public bundle carries no schema code.

import { z } from 'zod';

const text = z.string().min(1);
const texts = z.array(text).min(1);

const titled = z.strictObject({ title: text, description: text });
const project = z.strictObject({
  client: text,
  project: text,
  description: text,
  results: texts,
  technologies: texts,
});
const call = z.strictObject({ label: text, to: z.string().startsWith('/') });

/** What a page's own words add to its metadata (pages.ts) in the heading. */
const intro = z.strictObject({ lead: text, calls: z.tuple([call, call]) });
/** A page's process, in order: the steps are numbered when the page is put together. */
const process = z.array(titled).min(1);

export const toolCategories = ['No-Code', 'Low-Code', 'Custom', 'Technical'] as const;

/** Each service page's words, by the key of its metadata in pages.ts. */
export const servicePageWords = {
  ai: z.strictObject({
    intro,
    services: z.array(titled.extend({ features: texts, benefits: texts })),
    stories: z.array(project),
    process,
  }),
  analysis: z.strictObject({
    intro,
    services: z.array(titled.extend({ deliverables: texts })),
    areas: z.array(z.strictObject({ area: text, description: text, checkpoints: texts })),
    outcomes: z.array(titled),
    stories: z.array(
      z.strictObject({ client: text, challenge: text, result: text, timeline: text }),
    ),
    process,
  }),
  customSoftware: z.strictObject({
    intro,
    services: z.array(titled.extend({ features: texts, technologies: texts })),
    projects: z.array(project),
    process,
    techStack: z.array(z.strictObject({ column: text, items: texts })),
  }),
  integration: z.strictObject({
    intro,
    services: z.array(titled),
    metrics: z.array(z.strictObject({ metric: text, description: text })),
    tools: z.array(
      z.strictObject({ name: text, description: text, category: z.enum(toolCategories) }),
    ),
    stories: z.array(project),
    process,
  }),
  poc: z.strictObject({
    intro,
    services: z.array(titled.extend({ timeline: text, outcome: text })),
    benefits: z.array(titled),
    process,
    stories: z.array(
      z.strictObject({
        client: text,
        concept: text,
        validation: text,
        outcome: text,
        timeline: text,
      }),
    ),
    idealFor: z.array(titled),
  }),
};

export type ServicePageKey = keyof typeof servicePageWords;
export type ServicePageWords<K extends ServicePageKey> = z.infer<(typeof servicePageWords)[K]>;

type Words = { [K in ServicePageKey]: ServicePageWords<K> };
export type Titled = z.infer<typeof titled>;
export type Outcome = Titled;
export type Project = z.infer<typeof project>;
export type CallToAction = z.infer<typeof call>;
export type AiService = Words['ai']['services'][number];
export type DevelopmentService = Words['customSoftware']['services'][number];
export type AnalysisService = Words['analysis']['services'][number];
export type AnalysisArea = Words['analysis']['areas'][number];
export type ClientStory = Words['analysis']['stories'][number];
export type IntegrationTool = Words['integration']['tools'][number];
export type ToolCategory = IntegrationTool['category'];
export type Metric = Words['integration']['metrics'][number];
export type PocService = Words['poc']['services'][number];
export type PocStory = Words['poc']['stories'][number];
