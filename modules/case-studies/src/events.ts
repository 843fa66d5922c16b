export interface CaseStudyFields {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  featuredImage: string;
  clientName: string;
  industry: string;
  projectType: string;
  results: string;
  technologies: string[];
  tags: string[];
  seoTitle: string;
  seoDescription: string;
}

export interface CaseStudyCreated {
  type: 'CaseStudyCreated';
  data: CaseStudyFields & { caseStudyId: string };
}
export interface CaseStudyUpdated {
  type: 'CaseStudyUpdated';
  data: CaseStudyFields & { caseStudyId: string };
}
export interface CaseStudyPublished {
  type: 'CaseStudyPublished';
  data: { caseStudyId: string };
}
export interface CaseStudyUnpublished {
  type: 'CaseStudyUnpublished';
  data: { caseStudyId: string };
}
export interface CaseStudyDeleted {
  type: 'CaseStudyDeleted';
  data: { caseStudyId: string; slug: string };
}

export type CaseStudyEvent =
  | CaseStudyCreated
  | CaseStudyUpdated
  | CaseStudyPublished
  | CaseStudyUnpublished
  | CaseStudyDeleted;

export const CASE_STUDY_EVENT_TYPES = [
  'CaseStudyCreated',
  'CaseStudyUpdated',
  'CaseStudyPublished',
  'CaseStudyUnpublished',
  'CaseStudyDeleted',
] as const;

export const caseStudyStream = (id: string): string => `case-study:${id}`;
