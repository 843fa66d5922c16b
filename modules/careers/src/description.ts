import { sanitizeRichText } from '@kw/platform';
import { marked } from 'marked';

const HAS_TAGS = /<\/?[a-z][\w-]*(\s[^>]*)?\/?>/i;

/**
 * A job description as the pages show it: markdown becomes HTML (line breaks and GitHub
 * extensions), text that already holds tags is kept as it is; either way it goes through the
 * one allowlist, without pictures (the job editor inserts none).
 */
export function descriptionToHtml(text: string): string {
  const html = HAS_TAGS.test(text)
    ? text
    : (marked.parse(text, { gfm: true, breaks: true, async: false }) as string);
  return sanitizeRichText(html, { images: false }).trim();
}
