import { describe, expect, it } from 'vitest';
import { fromDateTimeInput, toDateTimeInput } from './dateTimeInput.ts';

// The machine's own zone does not matter: the field reads in America/Toronto.
describe('the datetime-local field of the blog editor', () => {
  const evening = '2026-11-06T01:30:05Z'; // 8:30 p.m. on November 5 in Toronto (EST)

  it('puts an instant in a datetime-local input and reads it back, in summer and in winter', () => {
    expect(toDateTimeInput('2026-07-01T14:05:00Z')).toBe('2026-07-01T10:05'); // EDT
    expect(toDateTimeInput(evening)).toBe('2026-11-05T20:30'); // EST
    expect(fromDateTimeInput('2026-07-01T10:05')).toBe('2026-07-01T14:05:00.000Z');
    expect(fromDateTimeInput('2026-11-05T20:30')).toBe('2026-11-06T01:30:00.000Z');
    // the day the clocks go back, after the change
    expect(fromDateTimeInput('2026-11-01T09:00')).toBe('2026-11-01T14:00:00.000Z');
    expect(toDateTimeInput(null)).toBe('');
    expect(fromDateTimeInput('')).toBeNull();
    expect(fromDateTimeInput('not a date')).toBeNull();
  });
});
