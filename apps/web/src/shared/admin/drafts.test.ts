import { describe, expect, it } from 'vitest';
import { draftKey, sameValues } from './drafts.ts';

describe('drafts', () => {
  it('one key per record, and one for a record not saved yet', () => {
    expect(draftKey('blog', 'p1')).toBe('adminDraft:blog:p1');
    expect(draftKey('case-study', undefined)).toBe('adminDraft:case-study:new');
  });

  it('the same values in another field order are no change; a changed list or text is', () => {
    const values = { title: 'A', tags: ['x', 'y'], seo: { title: 'S', description: undefined } };
    expect(sameValues(values, { seo: { title: 'S' }, tags: ['x', 'y'], title: 'A' })).toBe(true);
    expect(sameValues(values, { ...values, tags: ['y', 'x'] })).toBe(false);
    expect(sameValues(values, { ...values, title: 'A ' })).toBe(false);
  });
});
