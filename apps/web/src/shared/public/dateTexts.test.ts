import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from '../dates.ts';
import { collectDateTexts, preloadDateTexts } from './dateTexts.ts';

describe("the server's date texts", () => {
  afterEach(() => preloadDateTexts({}));

  it('are collected around one render, and only there', () => {
    const { result, texts } = collectDateTexts(() =>
      formatDate('2026-11-05T00:00:00Z', 'longDay', 'calendar'),
    );
    expect(result).toBe('November 5, 2026');
    expect(texts).toEqual({ 'longDay calendar 2026-11-05T00:00:00Z': 'November 5, 2026' });
    const after = collectDateTexts(() => 'no dates');
    formatDate('2026-11-06T00:00:00Z', 'longDay', 'calendar'); // outside a render: not collected
    expect(after.texts).toEqual({});
  });

  it('are what the browser shows while it hydrates, without formatting again', () => {
    preloadDateTexts({ 'longDay calendar 2026-11-05T00:00:00Z': 'as the server wrote it' });
    expect(formatDate('2026-11-05T00:00:00Z', 'longDay', 'calendar')).toBe(
      'as the server wrote it',
    );
    // Another style, zone or date is formatted as usual.
    expect(formatDate('2026-11-05T00:00:00Z', 'monthYear', 'calendar')).toBe('November 2026');
    expect(formatDate(new Date('2026-11-05T00:00:00Z'), 'longDay')).toBe('November 4, 2026');
  });
});
