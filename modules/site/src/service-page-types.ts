// The shapes of the service pages' content (spec §3, "Per-page records").

/** A heading and its paragraph: a service in brief, a benefit, an outcome, a process step. */
export interface Titled {
  title: string;
  description: string;
}
export type Outcome = Titled;
export interface ProcessStep extends Titled {
  step: number;
}
export interface AiService extends Titled {
  features: string[];
  benefits: string[];
}
export interface DevelopmentService extends Titled {
  features: string[];
  technologies: string[];
}
export interface Project {
  client: string;
  project: string;
  description: string;
  results: string[];
  technologies: string[];
}
export type ToolCategory = 'No-Code' | 'Low-Code' | 'Custom' | 'Technical';
export interface IntegrationTool {
  name: string;
  description: string;
  category: ToolCategory;
}
export interface Metric {
  metric: string;
  description: string;
}
export interface AnalysisService extends Titled {
  deliverables: string[];
}
export interface AnalysisArea {
  area: string;
  description: string;
  checkpoints: string[];
}
export interface ClientStory {
  client: string;
  challenge: string;
  result: string;
  timeline: string;
}
export interface PocService extends Titled {
  timeline: string;
  outcome: string;
}
export interface PocStory {
  client: string;
  concept: string;
  validation: string;
  outcome: string;
  timeline: string;
}
export interface CallToAction {
  label: string;
  to: string;
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
