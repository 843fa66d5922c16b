import { describe, expect, it } from 'vitest';
import { actorMatch, describeActor, humanizeType, lineDiff } from './history.ts';

describe('who made a change', () => {
  it.each([
    ['admin:admin', 'administrator', 'admin (administrator)'],
    ['worker', 'worker', 'the worker'],
    ['visitor', 'visitor', 'a visitor'],
    ['subscriber', 'visitor', 'a visitor'],
    ['retention', 'retention', 'the retention job'],
    ['retention:contact', 'retention', 'the retention job'],
    ['cli', 'terminal', 'the terminal'],
    ['system', 'system', 'the system'],
  ])('%s is %s', (actor, kind, label) => {
    expect(describeActor(actor)).toMatchObject({ kind, label });
  });

  it('each kind of actor names the metadata it stands for', () => {
    expect(actorMatch('administrator')).toEqual({ exact: [], prefixes: ['admin:'] });
    expect(actorMatch('visitor').exact).toEqual(['visitor', 'subscriber']);
  });
});

describe('long text, line by line', () => {
  it('keeps two lines of context around a change and counts the rest', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].join('\n');
    const after = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h', 'i'].join('\n');
    expect(lineDiff(before, after)).toEqual([
      { kind: 'skip', count: 2 },
      { kind: 'same', text: 'c' },
      { kind: 'same', text: 'd' },
      { kind: 'removed', text: 'e' },
      { kind: 'added', text: 'E' },
      { kind: 'same', text: 'f' },
      { kind: 'same', text: 'g' },
      { kind: 'skip', count: 2 },
    ]);
  });

  it('a new text is all added lines', () => {
    expect(lineDiff('', 'one\ntwo')).toEqual([
      { kind: 'added', text: 'one' },
      { kind: 'added', text: 'two' },
    ]);
  });

  it('an event type reads as words', () => {
    expect(humanizeType('AdminLoginFailed')).toBe('Admin login failed');
  });
});

describe('a description that does not list an event type', () => {
  it('shows it by its type (undefined), and leaves it out only when told (null)', async () => {
    const { defineEvents } = await import('./event-store/catalogue.ts');
    const { foldHistory, describeRecords } = await import('./history.ts');
    const { z } = await import('zod');
    const events = defineEvents({
      ThingMade: z.object({ name: z.string() }),
      ThingPolished: z.object({}),
      ThingCounted: z.object({}),
    });
    const description = describeRecords({
      kind: 'thing',
      label: 'Thing',
      events,
      fields: { name: { label: 'Name' } },
      describe(event) {
        switch (event.type) {
          case 'ThingMade':
            return { action: 'Made', set: { name: event.data.name } };
          case 'ThingCounted':
            return null;
        }
      },
    });
    const at = new Date('2026-11-23T00:00:00Z');
    const stream = ['ThingMade', 'ThingPolished', 'ThingCounted'].map((type, i) => ({
      position: i + 1,
      streamId: 'thing:1',
      streamType: 'thing',
      version: i + 1,
      type,
      data: type === 'ThingMade' ? { name: 'Lamp' } : {},
      metadata: { actor: 'worker' },
      occurredAt: at,
    }));
    expect(foldHistory(description, stream).entries.map((e) => e.action)).toEqual([
      'Made',
      'Thing polished',
    ]);
  });
});
