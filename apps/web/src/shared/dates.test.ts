import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

// The machine's own zone does not matter: business dates read in America/Toronto.
describe('the date formatter', () => {
  const evening = '2026-11-06T01:30:05Z'; // 8:30 p.m. on November 5 in Toronto (EST)

  it("shows business dates in the business zone, in each screen's style", () => {
    expect(formatDate(evening, 'day')).toBe('2026-11-05');
    expect(formatDate(evening, 'dateTime')).toBe('2026-11-05, 8:30:05 p.m.');
    expect(formatDate(evening, 'usDateTime')).toBe('11/5/2026, 8:30:05 PM');
    expect(formatDate(evening, 'shortDay')).toBe('Nov 5, 2026');
  });

  it('reads the day content carries in UTC', () => {
    expect(formatDate('2026-11-05T00:00:00Z', 'longDay', 'calendar')).toBe('November 5, 2026');
    expect(formatDate('2026-11-05T00:00:00Z', 'monthYear', 'calendar')).toBe('November 2026');
    expect(formatDate(new Date('2026-11-05T00:00:00Z'), 'longDay')).toBe('November 4, 2026');
  });
});
