import { NotFoundError } from '@kw/platform';
import type { CaseStudyInput } from './contract.ts';
import type { CaseStudyEvent, CaseStudyFields } from './events.ts';

// Pure decisions about a case study.

export interface CaseStudyState {
  exists: boolean;
  deleted: boolean;
  published: boolean;
  slug: string | null;
}

export const NO_CASE_STUDY: CaseStudyState = {
  exists: false,
  deleted: false,
  published: false,
  slug: null,
};

export function evolveCaseStudy(state: CaseStudyState, event: CaseStudyEvent): CaseStudyState {
  switch (event.type) {
    case 'CaseStudyCreated':
    case 'CaseStudyUpdated':
      return { ...state, exists: true, slug: event.data.slug };
    case 'CaseStudyPublished':
      return { ...state, published: true };
    case 'CaseStudyUnpublished':
      return { ...state, published: false };
    case 'CaseStudyDeleted':
      return { ...state, deleted: true, published: false };
  }
}

export const caseStudyState = (history: readonly { type: string; data: unknown }[]) =>
  history.reduce((s, e) => evolveCaseStudy(s, e as CaseStudyEvent), NO_CASE_STUDY);

function fields(input: CaseStudyInput): CaseStudyFields {
  return {
    title: input.title,
    slug: input.slug,
    content: input.content,
    excerpt: input.excerpt,
    featuredImage: input.featuredImage,
    clientName: input.clientName,
    industry: input.industry,
    projectType: input.projectType,
    results: input.results,
    technologies: input.technologies,
    tags: input.tags,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
  };
}

export function createCaseStudy(caseStudyId: string, input: CaseStudyInput): CaseStudyEvent[] {
  const events: CaseStudyEvent[] = [
    { type: 'CaseStudyCreated', data: { caseStudyId, ...fields(input) } },
  ];
  if (input.published) events.push({ type: 'CaseStudyPublished', data: { caseStudyId } });
  return events;
}

export function updateCaseStudy(
  state: CaseStudyState,
  caseStudyId: string,
  input: CaseStudyInput,
): CaseStudyEvent[] {
  if (!state.exists || state.deleted) throw new NotFoundError('Case study not found');
  const events: CaseStudyEvent[] = [
    { type: 'CaseStudyUpdated', data: { caseStudyId, ...fields(input) } },
  ];
  if (input.published && !state.published)
    events.push({ type: 'CaseStudyPublished', data: { caseStudyId } });
  else if (!input.published && state.published)
    events.push({ type: 'CaseStudyUnpublished', data: { caseStudyId } });
  return events;
}

export function deleteCaseStudy(state: CaseStudyState, caseStudyId: string): CaseStudyEvent[] {
  if (!state.exists || state.deleted) throw new NotFoundError('Case study not found');
  return [{ type: 'CaseStudyDeleted', data: { caseStudyId, slug: state.slug ?? '' } }];
}
