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
