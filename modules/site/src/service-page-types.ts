// The shapes of the service pages' content (spec §3, "Per-page records").

export interface ProcessStep {
  step: number;
  title: string;
  description: string;
}
export interface AiService {
  title: string;
  description: string;
  features: string[];
  benefits: string[];
}
export interface DevelopmentService {
  title: string;
  description: string;
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
export interface AnalysisService {
  title: string;
  description: string;
  deliverables: string[];
}
export interface AnalysisArea {
  area: string;
  description: string;
  checkpoints: string[];
}
export interface Outcome {
  title: string;
  description: string;
}
export interface ClientStory {
  client: string;
  challenge: string;
  result: string;
  timeline: string;
}
export interface PocService {
  title: string;
  description: string;
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
