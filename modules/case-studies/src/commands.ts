import {
  assertEditable,
  evolvePublishable,
  evolveVersions,
  NO_VERSIONS,
  NOTHING_PUBLISHED,
  type PublishableState,
  publicationChange,
  publishableCommands,
  type Versioned,
} from '@kw/blog/publishable';
import { commandHandler } from '@kw/platform';
import type { CaseStudyInput } from './contract.ts';
import {
  type CaseStudyEvent,
  type CaseStudyFields,
  caseStudiesEvents,
  caseStudyStream,
} from './events.ts';
import { CASE_STUDIES } from './projection.ts';

// Decisions about a case study, pure; saveCaseStudy and removeCaseStudy run them through the
// one command path.

const NOT_FOUND = 'Case study not found';

export type CaseStudyState = PublishableState & Versioned<CaseStudyFields>;
export const NO_CASE_STUDY: CaseStudyState = { ...NOTHING_PUBLISHED, ...NO_VERSIONS };

const contentOf = (event: CaseStudyEvent): CaseStudyFields | undefined => {
  switch (event.type) {
    case 'CaseStudyCreated':
    case 'CaseStudyUpdated': {
      const { caseStudyId: _id, ...content } = event.data;
      return content;
    }
    case 'CaseStudyRestored': {
      const { caseStudyId: _id, fromVersion: _from, ...content } = event.data;
      return content;
    }
    default:
      return undefined;
  }
};

export function evolveCaseStudy(state: CaseStudyState, event: CaseStudyEvent): CaseStudyState {
  return {
    ...state,
    ...evolveShared(state, event),
    ...evolveVersions(state, event, contentOf(event), event.type === 'CaseStudyDeleted'),
  };
}

function evolveShared(state: CaseStudyState, event: CaseStudyEvent): PublishableState {
  switch (event.type) {
    case 'CaseStudyRestored':
      return evolvePublishable(state, { restored: event.data.slug });
    case 'CaseStudyCreated':
    case 'CaseStudyUpdated':
      return evolvePublishable(state, { saved: event.data.slug });
    case 'CaseStudyPublished':
      return evolvePublishable(state, 'published');
    case 'CaseStudyUnpublished':
      return evolvePublishable(state, 'unpublished');
    case 'CaseStudyDeleted':
      return evolvePublishable(state, 'deleted');
  }
}

/** A case study's history folded, for the decision specs. */
export const caseStudyState = (history: readonly CaseStudyEvent[]): CaseStudyState =>
  history.reduce(evolveCaseStudy, NO_CASE_STUDY);

export const caseStudyDecider = {
  events: caseStudiesEvents,
  initialState: () => NO_CASE_STUDY,
  evolve: evolveCaseStudy,
};
export const handleCaseStudy = commandHandler(caseStudyDecider);

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

/** An edit: the new fields, then a publication or withdrawal when the switch changed. */
export function updateCaseStudy(
  state: CaseStudyState,
  caseStudyId: string,
  input: CaseStudyInput,
): CaseStudyEvent[] {
  assertEditable(state, caseStudyStream(caseStudyId), NOT_FOUND, input.version);
  const events: CaseStudyEvent[] = [
    { type: 'CaseStudyUpdated', data: { caseStudyId, ...fields(input) } },
  ];
  const change = publicationChange(state, input.published);
  if (change === 'published') events.push({ type: 'CaseStudyPublished', data: { caseStudyId } });
  if (change === 'unpublished')
    events.push({ type: 'CaseStudyUnpublished', data: { caseStudyId } });
  return events;
}

/** Saving, deleting and restoring (a version's content back as a new event), as for posts. */
export const {
  save: saveCaseStudy,
  remove: removeCaseStudy,
  restore: restoreCaseStudyVersion,
  decideRemove: deleteCaseStudy,
  decideRestore: restoreCaseStudy,
  recentlyDeleted: recentlyDeletedCaseStudies,
} = publishableCommands({
  table: CASE_STUDIES,
  noun: 'Case study',
  handle: handleCaseStudy,
  stream: caseStudyStream,
  create: (id, input: CaseStudyInput) => createCaseStudy(id, input),
  update: (state: CaseStudyState, id, input) => updateCaseStudy(state, id, input),
  deleted: (caseStudyId, slug) => ({ type: 'CaseStudyDeleted', data: { caseStudyId, slug } }),
  restored: (caseStudyId, fromVersion, content: CaseStudyFields) => ({
    type: 'CaseStudyRestored',
    data: { caseStudyId, fromVersion, ...content },
  }),
  deletedType: 'CaseStudyDeleted',
  streamPrefix: 'case-study',
});
