import { describe, expect, it } from 'vitest';
import { ShapeCache } from './shape-cache.ts';

describe('the cache of statement texts by shape', () => {
  it('makes a shape once and gives it back after', () => {
    const cache = new ShapeCache<string>(10);
    let made = 0;
    const make = () => `text ${++made}`;
    expect(cache.get(['gate', 0, 'projection'], make)).toBe('text 1');
    expect(cache.get(['gate', 0, 'projection'], make)).toBe('text 1');
    expect(made).toBe(1);
  });

  it('keeps a shape that begins another apart from it, in either order', () => {
    const cache = new ShapeCache<string>(10);
    expect(cache.get(['', 0, '', 'row'], () => 'one projection')).toBe('one projection');
    expect(cache.get(['', 0, '', 'row', 'jobs'], () => 'and jobs')).toBe('and jobs');
    expect(cache.get(['', 0, '', 'row'], () => 'made again')).toBe('one projection');
    expect(cache.get(['', 0], () => 'shorter')).toBe('shorter');
    expect(cache.get(['', 0, '', 'row', 'jobs'], () => 'made again')).toBe('and jobs');
  });

  it('keeps no more than its limit, and still answers past it', () => {
    const cache = new ShapeCache<string>(2);
    let made = 0;
    const make = () => `text ${++made}`;
    cache.get(['a'], make);
    cache.get(['b'], make);
    expect(cache.get(['c'], make)).toBe('text 3');
    expect(cache.get(['c'], make)).toBe('text 4');
    expect(cache.get(['a'], make)).toBe('text 1');
  });
});
