import { describe, expect, it } from 'vitest';
import { safeCsvCell } from '../contract.ts';
import { assessIntake, countLinks, elapsedSince, SPAM_REASONS, SPAM_RULES } from './spam.ts';

describe('assessIntake: spam rules on public intake', () => {
  it('given an ordinary enquiry typed at a human pace, then it is clean', () => {
    expect(
      assessIntake({
        elapsedMs: 45_000,
        text: 'We would like to automate invoicing. See https://example.ca for our shop.',
        sameTextFromIpRecently: 0,
        fromIpRecently: 1,
      }),
    ).toEqual({ isSpam: false, reason: null });
  });

  it('given a filled honeypot, then it is spam for that reason', () => {
    expect(assessIntake({ honeypotFilled: true, elapsedMs: 60_000 })).toEqual({
      isSpam: true,
      reason: SPAM_REASONS.honeypot,
    });
  });

  it('given a form submitted in under 3 seconds, then it is too fast for a person', () => {
    expect(assessIntake({ elapsedMs: SPAM_RULES.minElapsedMs - 1 }).reason).toBe(
      SPAM_REASONS.tooFast,
    );
    expect(assessIntake({ elapsedMs: SPAM_RULES.minElapsedMs }).isSpam).toBe(false);
  });

  it('given no timing from the form, then timing is not held against it', () => {
    expect(assessIntake({ elapsedMs: undefined }).isSpam).toBe(false);
    expect(elapsedSince(undefined)).toBeUndefined();
    expect(elapsedSince(1_000, 4_500)).toBe(3_500);
  });

  it('given more than 3 links, then the message is link-stuffed', () => {
    const four = 'buy http://a.example www.b.example https://c.example <a href="d">d</a>';
    expect(countLinks(four)).toBe(4);
    expect(assessIntake({ text: four }).reason).toBe(SPAM_REASONS.links);
    expect(
      assessIntake({ text: 'http://a.example http://b.example http://c.example' }).isSpam,
    ).toBe(false);
  });

  it('given the same text already twice from this IP in the window, then the third is a burst', () => {
    expect(assessIntake({ sameTextFromIpRecently: 1 }).isSpam).toBe(false);
    expect(assessIntake({ sameTextFromIpRecently: 2 }).reason).toBe(SPAM_REASONS.burst);
  });

  it('given five submissions already from one IP in the window, then the next is flagged', () => {
    expect(assessIntake({ fromIpRecently: 4 }).isSpam).toBe(false);
    expect(assessIntake({ fromIpRecently: 5 }).reason).toBe(SPAM_REASONS.volume);
  });
});

describe('safeCsvCell: CSV formula injection', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tx', `'\tx`],
    ['ann@example.ca', 'ann@example.ca'],
    ['', ''],
  ])('%j becomes %j', (input, output) => expect(safeCsvCell(input)).toBe(output));

  it('null and undefined become empty cells', () => {
    expect(safeCsvCell(null)).toBe('');
    expect(safeCsvCell(undefined)).toBe('');
  });
});
