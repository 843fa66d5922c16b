import { describe, expect, it } from 'vitest';
import { insertOnOwnLine, markdownImage, setLinePrefix } from './textEdit.ts';

describe('setLinePrefix', () => {
  it("replaces the line's prefix instead of stacking one on another", () => {
    let text = 'Intro';
    for (const prefix of ['# ', '## ', '- '] as const)
      text = setLinePrefix(text, 2, 2, prefix).value;
    expect(text).toBe('- Intro');
    expect(setLinePrefix('- ## # Intro', 0, 0, '## ').value).toBe('## Intro');
    expect(setLinePrefix('1. Step', 3, 3, '- ').value).toBe('- Step');
  });

  it('touches only the lines of the selection, and numbers a numbered list', () => {
    const text = 'Title\nfirst\n- second\nafter';
    const start = text.indexOf('irst');
    const end = text.indexOf('second') + 2;
    expect(setLinePrefix(text, start, end, '1. ')).toEqual({
      value: 'Title\n1. first\n2. second\nafter',
      start: 6,
      end: 6 + '1. first\n2. second'.length,
    });
  });

  it('the same button again takes its prefix away', () => {
    expect(setLinePrefix('## Intro', 4, 4, '## ').value).toBe('Intro');
    expect(setLinePrefix('1. a\n2. b', 0, 8, '1. ').value).toBe('a\nb');
  });
});

describe('insertOnOwnLine', () => {
  it('after the line the cursor is in, never mid-line', () => {
    const text = 'Hello world\nNext';
    expect(insertOnOwnLine(text, 8, '![map](/media/m.png)').value).toBe(
      'Hello world\n![map](/media/m.png)\nNext',
    );
    expect(insertOnOwnLine('Hello', 5, 'IMG').value).toBe('Hello\nIMG\n');
  });

  it('at the cursor when its line is empty', () => {
    expect(insertOnOwnLine('A\n\nB', 2, 'IMG')).toEqual({ value: 'A\nIMG\nB', start: 5, end: 5 });
    expect(insertOnOwnLine('', 0, 'IMG').value).toBe('IMG\n');
  });
});

it('markdownImage escapes brackets in the alt text', () => {
  expect(markdownImage('A [big] map', '/media/m.png')).toBe('![A \\[big\\] map](/media/m.png)');
});
