import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const HAS_TAGS = /<\/?[a-z][\w-]*(\s[^>]*)?\/?>/i;

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    input: ['type', 'checked', 'disabled'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

/**
 * A job description as the pages show it: markdown becomes HTML (line breaks and GitHub
 * extensions), text that already holds tags is kept as it is; either way it is sanitised.
 */
export function descriptionToHtml(text: string): string {
  const html = HAS_TAGS.test(text)
    ? text
    : (marked.parse(text, { gfm: true, breaks: true, async: false }) as string);
  return sanitizeHtml(html, ALLOWED).trim();
}
