import { ConcurrencyError, ValidationError } from '@kw/platform';
import { describe, expect, it } from 'vitest';
import { createPost, deletePost, NO_POST, postState, restorePost, updatePost } from './commands.ts';
import { postInputSchema } from './contract.ts';
import type { PostEvent } from './events.ts';

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

describe('post decisions: restoring a version', () => {
  const v1 = input({ title: 'First', content: 'one' });
  const v2 = input({ title: 'Second', content: 'two' });
  // Versions 1 (created) and 2 (edited).
  const history = [
    ...createPost('p1', v1, NOW),
    ...updatePost(postState(createPost('p1', v1, NOW)), 'p1', v2, NOW),
  ];

  it('given two versions, when version 1 is restored, then PostRestored with its content, from 1', () => {
    const events = restorePost(postState(history), 'p1', 1, NOW, 2);
    expect(events).toEqual([
      {
        type: 'PostRestored',
        data: expect.objectContaining({
          postId: 'p1',
          fromVersion: 1,
          title: 'First',
          content: 'one',
        }),
      },
    ]);
    const after = postState([...history, ...events]);
    expect(after.version).toBe(3);
    expect(after.contents.at(-1)).toMatchObject({ title: 'First', content: 'one' });
  });

  it('given a restore, when it is undone (the version before it restored), then the edit is back', () => {
    const restored = [...history, ...restorePost(postState(history), 'p1', 1, NOW)];
    const undo = restorePost(postState(restored), 'p1', 2, NOW, 3);
    expect(undo[0]).toMatchObject({
      type: 'PostRestored',
      data: { fromVersion: 2, title: 'Second' },
    });
    const after = postState([...restored, ...undo]);
    expect(after.contents.at(-1)).toMatchObject({ title: 'Second', content: 'two' });
    expect(after.version).toBe(4);
  });

  it('given a published post, when an old version is restored, then it stays published', () => {
    const published = [
      ...history,
      { type: 'PostPublished' as const, data: { postId: 'p1', publishedAt: NOW.toISOString() } },
    ];
    const state = postState([...published, ...restorePost(postState(published), 'p1', 1, NOW)]);
    expect(state.published).toBe(true);
  });

  it('refuses a version that does not exist, a stale editor and an unknown post', () => {
    expect(() => restorePost(postState(history), 'p1', 3, NOW)).toThrow(
      'Blog post has no version 3 to restore',
    );
    expect(() => restorePost(postState(history), 'p1', 0, NOW)).toThrow(ValidationError);
    expect(() => restorePost(postState(history), 'p1', 1, NOW, 1)).toThrow(ConcurrencyError);
    expect(() => restorePost(NO_POST, 'p1', 1, NOW)).toThrow('Blog post not found');
  });
});

describe('post decisions: recently deleted', () => {
  const created = createPost('p1', input({ title: 'Gone', published: true }), NOW);
  const deletedAt = new Date('2026-11-01T12:00:00Z');
  // The deletion as the log holds it: with its time.
  const deleted = [
    ...created,
    { ...deletePost(postState(created), 'p1')[0]!, occurredAt: deletedAt },
  ] as PostEvent[];
  const days = (n: number) => new Date(deletedAt.getTime() + n * 86_400_000);

  it('given a post deleted 30 days ago, when restored, then it is back as before its deletion, unpublished', () => {
    const state = postState(deleted);
    expect(state.deleted).toBe(true);
    expect(state.deletedAt).toBe(deletedAt.toISOString());
    const events = restorePost(state, 'p1', 2, days(30));
    expect(events[0]).toMatchObject({
      type: 'PostRestored',
      data: { fromVersion: 2, title: 'Gone' },
    });
    const after = postState([...deleted, ...events]);
    expect(after).toMatchObject({
      exists: true,
      deleted: false,
      published: false,
      deletedAt: null,
    });
    // And editable again.
    expect(updatePost(after, 'p1', input(), NOW)[0]!.type).toBe('PostUpdated');
  });

  it('given a post deleted more than 30 days ago, then it can no longer be restored', () => {
    expect(() => restorePost(postState(deleted), 'p1', 2, days(30.01))).toThrow(
      'Blog post was deleted more than 30 days ago and can no longer be restored',
    );
  });
});
