import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities, escapeHtml } from './text.ts';

describe('decodeHtmlEntities', () => {
  it.each([
    'Tom & Jerry',
    '<script>alert("x")</script>',
    "It's <b>bold</b> & 'quoted'",
    'a &amp; b',
    '&lt;already&gt; &#39;escaped&#39;',
    '',
  ])('undoes escapeHtml for %j', (text) => {
    expect(decodeHtmlEntities(escapeHtml(text))).toBe(text);
  });

  it('decodes the named entities and &nbsp; as a plain space', () => {
    expect(decodeHtmlEntities('&amp;&lt;&gt;&quot;&nbsp;')).toBe('&<>" ');
  });

  it('decodes decimal and hex references', () => {
    expect(decodeHtmlEntities('&#39;&#x27;&#X27;&#8217;&#x1F600;')).toBe("'''\u2019\u{1F600}");
  });

  it('decodes once: &amp;lt; is &lt;', () => {
    expect(decodeHtmlEntities('&amp;lt;')).toBe('&lt;');
  });

  it('leaves unknown, unterminated and invalid references as written', () => {
    expect(decodeHtmlEntities('&copy; &constructor; &amp &#0; &#xD800; &#1114112; & ;')).toBe(
      '&copy; &constructor; &amp &#0; &#xD800; &#1114112; & ;',
    );
  });
});
