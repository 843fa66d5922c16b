import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX, safeDisplayName } from './file-name.ts';

describe("a résumé's display name", () => {
  it.each([
    ['../../../../tmp/owned.pdf', 'owned.pdf'],
    ['..\\..\\Windows\\System32\\evil.docx', 'evil.docx'],
    ['/etc/passwd', 'passwd'],
    ['C:\\Users\\ann\\CV.pdf', 'CV.pdf'],
    ['ada-cv.pdf', 'ada-cv.pdf'],
    ['My CV (final).pdf', 'My CV (final).pdf'],
    ['cv\u0000.pdf', 'cv.pdf'],
    ['cv\r\nX-Injected: yes.pdf', 'cvX-Injected yes.pdf'],
    ['resume\u202Efdp.exe', 'resumefdp.exe'],
    ['cv\u200B\u2060.pdf', 'cv.pdf'],
    ['\uD800cv.pdf', 'cv.pdf'],
    ['cv\uE000.pdf', 'cv.pdf'],
    ['Re\u0301sume\u0301.pdf', 'Résumé.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['cv.pdf. . ', 'cv.pdf'],
    ['a  \t b.pdf', 'a b.pdf'],
    ['what?<is>|this*.pdf', 'whatisthis.pdf'],
    ['../../', 'resume.pdf'],
    ['', 'resume.pdf'],
    ['.pdf', 'pdf'],
  ])('%j is shown as %j', (original, shown) => {
    expect(safeDisplayName(original)).toBe(shown);
  });

  it('nothing left: resume with the stored type', () => {
    expect(safeDisplayName('\u0000\u0001', 'docx')).toBe('resume.docx');
  });

  it('a long name is cut to its bound, the extension kept, never inside a character', () => {
    const shown = safeDisplayName(`${'a'.repeat(300)}.pdf`);
    expect(shown).toHaveLength(DISPLAY_NAME_MAX);
    expect(shown.endsWith('aaa.pdf')).toBe(true);
    const emoji = safeDisplayName(`${'📄'.repeat(200)}.docx`);
    expect(Array.from(emoji)).toHaveLength(DISPLAY_NAME_MAX);
    expect(emoji.endsWith('📄.docx')).toBe(true);
    expect(emoji).toBe(emoji.toWellFormed());
  });

  it('applied twice, changes nothing', () => {
    for (const name of ['../x/y.pdf', `${'b'.repeat(150)}.doc`, ' .a. ', 'Re\u0301sume\u0301.pdf'])
      expect(safeDisplayName(safeDisplayName(name))).toBe(safeDisplayName(name));
  });
});
