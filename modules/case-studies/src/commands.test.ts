import { ConcurrencyError } from '@kw/platform';
import { describe, expect, it } from 'vitest';
import {
  caseStudyState,
  createCaseStudy,
  deleteCaseStudy,
  NO_CASE_STUDY,
  updateCaseStudy,
} from './commands.ts';
import { caseStudyInputSchema } from './contract.ts';

const input = (over: Record<string, unknown> = {}) =>
  caseStudyInputSchema.parse({ title: 'T', slug: 't', content: '<p>c</p>', ...over });

describe('case study decisions', () => {
  it('given nothing, when created as a draft, then only CaseStudyCreated', () => {
    expect(createCaseStudy('c1', input()).map((e) => e.type)).toEqual(['CaseStudyCreated']);
  });

  it('given nothing, when created published, then CaseStudyCreated and CaseStudyPublished', () => {
    expect(createCaseStudy('c1', input({ published: true }))).toEqual([
      { type: 'CaseStudyCreated', data: expect.objectContaining({ caseStudyId: 'c1', slug: 't' }) },
      { type: 'CaseStudyPublished', data: { caseStudyId: 'c1' } },
    ]);
  });

  it('given a published case study, when edited still published, then no second publication', () => {
    const state = caseStudyState(createCaseStudy('c1', input({ published: true })));
    expect(updateCaseStudy(state, 'c1', input({ published: true })).map((e) => e.type)).toEqual([
      'CaseStudyUpdated',
    ]);
  });

  it('given a published case study, when the switch is turned off, then it is withdrawn', () => {
    const state = caseStudyState(createCaseStudy('c1', input({ published: true })));
    expect(updateCaseStudy(state, 'c1', input()).map((e) => e.type)).toEqual([
      'CaseStudyUpdated',
      'CaseStudyUnpublished',
    ]);
  });

  it('given a draft, when the switch is turned on, then it is published', () => {
    const state = caseStudyState(createCaseStudy('c1', input()));
    expect(updateCaseStudy(state, 'c1', input({ published: true })).at(-1)).toEqual({
      type: 'CaseStudyPublished',
      data: { caseStudyId: 'c1' },
    });
  });

  it('given a case study of one event, when edited or deleted at another version, then a conflict', () => {
    const state = caseStudyState(createCaseStudy('c1', input()));
    expect(updateCaseStudy(state, 'c1', input({ version: 1 })).map((e) => e.type)).toEqual([
      'CaseStudyUpdated',
    ]);
    expect(() => updateCaseStudy(state, 'c1', input({ version: 0 }))).toThrow(ConcurrencyError);
    expect(() => deleteCaseStudy(state, 'c1', 2)).toThrow(ConcurrencyError);
  });

  it('given no case study or a deleted one, edits and deletes are refused', () => {
    expect(() => updateCaseStudy(NO_CASE_STUDY, 'c1', input())).toThrow('Case study not found');
    const history = createCaseStudy('c1', input());
    const deleted = caseStudyState([...history, ...deleteCaseStudy(caseStudyState(history), 'c1')]);
    expect(deleted.published).toBe(false);
    expect(() => deleteCaseStudy(deleted, 'c1')).toThrow('Case study not found');
    expect(() => updateCaseStudy(deleted, 'c1', input())).toThrow('Case study not found');
  });

  it('given a case study, when deleted, then CaseStudyDeleted carries its slug', () => {
    const state = caseStudyState(createCaseStudy('c1', input({ slug: 'the-slug' })));
    expect(deleteCaseStudy(state, 'c1')).toEqual([
      { type: 'CaseStudyDeleted', data: { caseStudyId: 'c1', slug: 'the-slug' } },
    ]);
  });
});
