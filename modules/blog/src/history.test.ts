import { foldHistory, type StoredEvent } from '@kw/platform';
import { describe, expect, it } from 'vitest';
import type { PostEvent } from './events.ts';
import { postHistory } from './history.ts';

// Given a post's events, then its history: who did what, and each field old → new.

const fields = {
  postId: 'p1',
  title: 'Five AI wins',
  slug: 'five-ai-wins',
  content: 'Intro\nOne\nTwo\nThree\nFour\nFive\nSix\nOutro',
  excerpt: '',
  featuredImage: '',
  tags: ['ai'],
  categories: [],
  seoTitle: '',
  seoDescription: '',
  readTime: '',
  publishedAt: null,
};

function stream(...events: [PostEvent, string][]): StoredEvent[] {
  return events.map(([event, actor], i) => ({
    ...event,
    position: 100 + i,
    streamId: 'post:p1',
    streamType: 'post',
    version: i + 1,
    metadata: { actor },
    occurredAt: new Date(Date.UTC(2026, 10, 20, 9, i)),
  }));
}

describe('a post’s history', () => {
  const history = foldHistory(
    postHistory,
    stream(
      [{ type: 'PostCreated', data: fields }, 'admin:admin'],
      [
        {
          type: 'PostUpdated',
          data: {
            ...fields,
            title: 'Six AI wins',
            tags: ['ai', 'bakeries'],
            content: 'Intro\nOne\nTwo\nThree (revised)\nFour\nFive\nSix\nOutro',
          },
        },
        'admin:grace',
      ],
      [
        { type: 'PostPublished', data: { postId: 'p1', publishedAt: '2026-11-20T09:02:00.000Z' } },
        'admin:admin',
      ],
      [{ type: 'PostDeleted', data: { postId: 'p1', slug: 'five-ai-wins' } }, 'cli'],
      [{ type: 'PostRestored', data: { ...fields, fromVersion: 1 } }, 'admin:admin'],
    ),
  );

  it('given a creation, then every field from nothing, by the administrator', () => {
    const [created] = history.entries;
    expect(created).toMatchObject({
      version: 1,
      action: 'Created',
      type: 'PostCreated',
      occurredAt: '2026-11-20T09:00:00.000Z',
      actor: { kind: 'administrator', name: 'admin', label: 'admin (administrator)' },
    });
    expect(created!.changes.find((c) => c.field === 'title')).toEqual({
      field: 'title',
      label: 'Title',
      new: 'Five AI wins',
    });
    expect(created!.changes.find((c) => c.field === 'published')).toMatchObject({ new: false });
    // A creation lists the fields it filled, not the empty ones.
    expect(created!.changes.map((c) => c.field)).toEqual([
      'title',
      'slug',
      'published',
      'content',
      'tags',
    ]);
  });

  it('given an edit, then only the fields that changed, old → new, the content line by line', () => {
    const edit = history.entries[1]!;
    expect(edit.action).toBe('Edited');
    expect(edit.actor).toEqual({
      kind: 'administrator',
      name: 'grace',
      label: 'grace (administrator)',
    });
    expect(edit.changes.map((c) => c.field)).toEqual(['title', 'content', 'tags']);
    expect(edit.changes[0]).toEqual({
      field: 'title',
      label: 'Title',
      old: 'Five AI wins',
      new: 'Six AI wins',
    });
    expect(edit.changes[2]).toMatchObject({ old: ['ai'], new: ['ai', 'bakeries'] });
    // Two lines of context each side; the unchanged lines further away are skipped.
    expect(edit.changes[1]!.lines).toEqual([
      { kind: 'skip', count: 1 },
      { kind: 'same', text: 'One' },
      { kind: 'same', text: 'Two' },
      { kind: 'removed', text: 'Three' },
      { kind: 'added', text: 'Three (revised)' },
      { kind: 'same', text: 'Four' },
      { kind: 'same', text: 'Five' },
      { kind: 'skip', count: 2 },
    ]);
  });

  it('given a publication, a deletion from the terminal and a restore, then each with its actor', () => {
    const [, , published, deleted, restored] = history.entries;
    expect(published).toMatchObject({ action: 'Published' });
    expect(published!.changes).toEqual([
      { field: 'published', label: 'Published', old: false, new: true },
      { field: 'publishedAt', label: 'Published date', old: null, new: '2026-11-20T09:02:00.000Z' },
    ]);
    expect(deleted).toMatchObject({
      action: 'Deleted',
      actor: { kind: 'terminal', label: 'the terminal' },
    });
    expect(restored).toMatchObject({ action: 'Restored version 1', version: 5 });
    expect(restored!.changes.map((c) => [c.field, c.old, c.new])).toEqual([
      ['title', 'Six AI wins', 'Five AI wins'],
      ['publishedAt', '2026-11-20T09:02:00.000Z', null],
      ['content', 'Intro\nOne\nTwo\nThree (revised)\nFour\nFive\nSix\nOutro', fields.content],
      ['tags', ['ai', 'bakeries'], ['ai']],
    ]);
    expect(history.deleted).toBe(false);
  });

  it('given an event the description does not know, then it still shows, by its type', () => {
    const odd = foldHistory(postHistory, [
      { ...stream([{ type: 'PostCreated', data: fields }, 'worker'])[0]!, type: 'PostPinned' },
    ]);
    expect(odd.entries[0]).toMatchObject({
      action: 'Post pinned',
      changes: [],
      actor: { kind: 'worker', label: 'the worker' },
    });
  });
});
