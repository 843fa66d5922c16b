// Pure helpers and constants of the blog, without zod: the public pages import them from
// '@kw/blog/presentation' so zod stays out of their first load. contract.ts re-exports them.

import { decodeHtmlEntities } from '@kw/platform/text';

export const READING_WORDS_PER_MINUTE = 200;
export const BLOG_EXCERPT_FALLBACK = 200;

/** The slug of a new item, from its title (admin.md §4). */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

/** A heading's anchor: lower-cased, non-alphanumerics dropped, spaces to hyphens (public-site.md §2). */
export function headingAnchor(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/**
 * Readable text of markdown or HTML, for excerpts and word counts: tags stripped (as the spec
 * says) and markdown's own marks too, so a card never shows '##' or '![...](...)'.
 */
export function plainText(content: string): string {
  const text = content
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|[-*+]|\d+\.|>)\s+/gm, '')
    .replace(/(\*\*|__|\*|`)/g, '');
  // Entities last, once the tags are gone: '&lt;b&gt;' in a post is text, shown as '<b>'.
  return decodeHtmlEntities(text).replace(/\s+/g, ' ').trim();
}

/** The card's excerpt: the given one, else the first N characters of the content plus '...'. */
export function excerptOrFallback(excerpt: string, content: string, length: number): string {
  if (excerpt.trim()) return excerpt;
  return `${plainText(content).slice(0, length)}...`;
}

/** Reading time in minutes: ceil(words / 200), at least 1. */
export function readingMinutes(content: string): number {
  const words = plainText(content).trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
}
