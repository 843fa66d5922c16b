import { ConcurrencyError } from '@kw/platform';
import { describe, expect, it } from 'vitest';
import { createPost, deletePost, NO_POST, postState, updatePost } from './commands.ts';
import { postInputSchema } from './contract.ts';

const input = (over: Record<string, unknown> = {}) =>
  postInputSchema.parse({ title: 'T', slug: 't', content: 'c', ...over });
const NOW = new Date('2026-11-22T10:00:00Z');

describe('post decisions', () => {
  it('given nothing, when created as a draft, then only PostCreated', () => {
    expect(createPost('p1', input(), NOW).map((e) => e.type)).toEqual(['PostCreated']);
  });

  it('when created published without a date, then it is dated now', () => {
    const events = createPost('p1', input({ published: true }), NOW);
    expect(events[1]).toEqual({
      type: 'PostPublished',
      data: { postId: 'p1', publishedAt: NOW.toISOString() },
    });
  });

  it('given a post published once, when republished without a date, then the first date is kept', () => {
    const history = [
      ...createPost('p1', input({ published: true }), new Date('2026-01-01T00:00:00Z')),
      ...updatePost(
        postState(createPost('p1', input({ published: true }), NOW)),
        'p1',
        input(),
        NOW,
      ),
    ];
    const state = postState(history);
    expect(state.published).toBe(false);
    const events = updatePost(state, 'p1', input({ published: true }), NOW);
    expect(events.at(-1)).toEqual({
      type: 'PostPublished',
      data: { postId: 'p1', publishedAt: '2026-01-01T00:00:00.000Z' },
    });
  });

  it('given a published post, when edited still published, then no second publication', () => {
    const state = postState(createPost('p1', input({ published: true }), NOW));
    expect(updatePost(state, 'p1', input({ published: true }), NOW).map((e) => e.type)).toEqual([
      'PostUpdated',
    ]);
  });

  it('given no post or a deleted one, edits and deletes are refused', () => {
    expect(() => updatePost(NO_POST, 'p1', input(), NOW)).toThrow('Blog post not found');
    const deleted = postState([
      ...createPost('p1', input(), NOW),
      ...deletePost(postState(createPost('p1', input(), NOW)), 'p1'),
    ]);
    expect(() => deletePost(deleted, 'p1')).toThrow('Blog post not found');
  });
});

describe('post decisions: the version the editor loaded', () => {
  const created = postState(createPost('p1', input({ published: true }), NOW));

  it('given a post of two events, when edited at version 2, then the edit is decided', () => {
    expect(created.version).toBe(2);
    expect(updatePost(created, 'p1', input({ published: true, version: 2 }), NOW)).toEqual([
      { type: 'PostUpdated', data: expect.objectContaining({ postId: 'p1', title: 'T' }) },
    ]);
  });

  it('given a post of two events, when edited or deleted at version 1, then a conflict asks to reload', () => {
    expect(() => updatePost(created, 'p1', input({ version: 1 }), NOW)).toThrow(ConcurrencyError);
    expect(() => updatePost(created, 'p1', input({ version: 1 }), NOW)).toThrow(/Reload/);
    expect(() => deletePost(created, 'p1', 1)).toThrow(ConcurrencyError);
  });

  it('given no post, when edited at a stale version, then it is not found rather than stale', () => {
    expect(() => updatePost(NO_POST, 'p1', input({ version: 3 }), NOW)).toThrow(
      'Blog post not found',
    );
  });

  it('given a post, when deleted, then PostDeleted carries its slug', () => {
    expect(deletePost(created, 'p1', 2)).toEqual([
      { type: 'PostDeleted', data: { postId: 'p1', slug: 't' } },
    ]);
  });
});
