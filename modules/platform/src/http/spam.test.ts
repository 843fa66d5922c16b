import { describe, expect, it } from 'vitest';
import { safeCsvCell } from '../contract.ts';
import {
  assessIntake,
  countLinks,
  elapsedSince,
  judgeIntake,
  RepeatedTextMemory,
  SPAM_REASONS,
  SPAM_RULES,
} from './spam.ts';

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

describe('RepeatedTextMemory: the burst signal without a database read', () => {
  const minute = 60_000;

  it('given the same text twice from one address, then both count within the window and none after it', () => {
    const memory = new RepeatedTextMemory(10 * minute, 2);
    memory.record('203.0.113.1', 'Call me back', 0);
    memory.record('203.0.113.1', 'Call me back', 1 * minute);
    expect(memory.count('203.0.113.1', 'Call me back', 0)).toBe(2);
    expect(memory.count('203.0.113.1', 'Call me back', 30_000)).toBe(1);
    expect(memory.count('203.0.113.1', 'Call me back', 2 * minute)).toBe(0);
  });

  it('given another address or another text, then it is counted apart', () => {
    const memory = new RepeatedTextMemory(10 * minute, 2);
    memory.record('203.0.113.1', 'Call me back', 0);
    expect(memory.count('203.0.113.2', 'Call me back', 0)).toBe(0);
    expect(memory.count('203.0.113.1', 'Call me back!', 0)).toBe(0);
  });

  it('given more repeats than it keeps, then it keeps the newest (enough to decide the rule)', () => {
    const memory = new RepeatedTextMemory(10 * minute, 2);
    for (const at of [5, 1, 9, 3]) memory.record('203.0.113.1', 'Same', at * minute);
    expect(memory.count('203.0.113.1', 'Same', 0)).toBe(2);
    expect(memory.count('203.0.113.1', 'Same', 6 * minute)).toBe(1);
  });

  it('given a flood of distinct texts, then it holds at most its bound, stale pairs going first', () => {
    const memory = new RepeatedTextMemory(10 * minute, 2, 100);
    for (let i = 0; i < 150; i++) memory.record('198.51.100.1', `old ${i}`, 0);
    for (let i = 0; i < 150; i++) memory.record('198.51.100.2', `new ${i}`, 21 * minute);
    expect(memory.size).toBeLessThanOrEqual(100);
    expect(memory.count('198.51.100.2', 'new 149', 0)).toBe(1);
    expect(memory.count('198.51.100.1', 'old 0', 0)).toBe(0);
  });
});

describe('judgeIntake: held for review, or spam (shared by the contact form and job applications)', () => {
  const facts = { elapsedMs: 800, text: 'We would like to automate our invoicing.' };

  it('when only its speed looks automated, then it is held with that reason, not spam', () => {
    expect(judgeIntake(facts)).toEqual({
      isSpam: false,
      held: true,
      reason: SPAM_REASONS.tooFast,
    });
  });

  it('when it is fast and full of links too, then it is spam for the links', () => {
    expect(
      judgeIntake({ ...facts, text: 'x http://a.b http://c.d http://e.f http://g.h' }),
    ).toEqual({ isSpam: true, reason: SPAM_REASONS.links });
  });

  it('when it is fast and the same text a third time, then it is spam for the burst', () => {
    expect(judgeIntake({ ...facts, sameTextFromIpRecently: 2 })).toEqual({
      isSpam: true,
      reason: SPAM_REASONS.burst,
    });
  });

  it('when it is fast and the honeypot is filled, then it is spam for the honeypot', () => {
    expect(judgeIntake({ ...facts, honeypotFilled: true })).toEqual({
      isSpam: true,
      reason: SPAM_REASONS.honeypot,
    });
  });

  it('when a person took their time, then neither', () => {
    expect(judgeIntake({ ...facts, elapsedMs: 20_000 })).toEqual({ isSpam: false, reason: null });
  });
});
