import { describe, expect, it } from 'vitest';
import {
  excerptOrFallback,
  headingAnchor,
  headingAnchors,
  plainText,
  readingMinutes,
  slugify,
} from './contract.ts';

describe('content rules shared with the pages', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  AI & You: 2027!  ', 'ai-you-2027'],
    ['a  --  b', 'a-b'],
    ['Déjà vu', 'dj-vu'],
  ])('slug of %j is %j (admin.md §4)', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it.each([
    ['Why It Matters', 'why-it-matters'],
    ["What's next?", 'whats-next'],
    ['1. Quoting', '1-quoting'],
    ["Émile's café — über", 'emiles-cafe-uber'],
  ])('anchor of %j is %j', (text, id) => {
    expect(headingAnchor(text)).toBe(id);
  });

  it("gives every heading of a page an anchor of its own: a second 'Setup' is setup-1, one with no letter is 'section'", () => {
    expect(headingAnchors(['Setup', 'Usage', 'Setup', '???', 'Setup', '!!!', 'Setup 1'])).toEqual([
      'setup',
      'usage',
      'setup-1',
      'section',
      'setup-2',
      'section-1',
      'setup-1-1',
    ]);
  });

  it('falls back to the first N characters of text with tags and marks stripped, plus ...', () => {
    expect(excerptOrFallback('Given', 'x', 200)).toBe('Given');
    expect(excerptOrFallback('', '<h2>Title</h2><p>Body text</p>', 200)).toBe('Title Body text...');
    expect(excerptOrFallback('', '## Head\n**bold** [link](/x) ![img](/y.png)', 200)).toBe(
      'Head bold link img...',
    );
    expect(excerptOrFallback('', 'a'.repeat(300), 150)).toBe(`${'a'.repeat(150)}...`);
  });

  it("leaves out what a script, a style or a comment holds: an embed's code is no excerpt", () => {
    expect(
      excerptOrFallback(
        '',
        'Intro <script>alert(1)</script><STYLE type="text/css">p { color: red }</STYLE> and <!-- a note --> end',
        200,
      ),
    ).toBe('Intro and end...');
  });

  it('reads at 200 words a minute, rounded up', () => {
    expect(readingMinutes('word '.repeat(200))).toBe(1);
    expect(readingMinutes('word '.repeat(201))).toBe(2);
  });

  it("reads an entity as its character once the tags are gone (a card never shows '&amp;')", () => {
    expect(plainText('<p>Tom &amp; Jerry&nbsp;say &lt;b&gt; is a tag</p>')).toBe(
      'Tom & Jerry say <b> is a tag',
    );
    expect(plainText('&amp;lt; stays one level: &lt;')).toBe('&lt; stays one level: <');
  });
});
