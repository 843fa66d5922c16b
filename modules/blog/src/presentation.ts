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

/**
 * A heading's anchor: lower-cased, non-alphanumerics dropped, spaces to hyphens (public-site.md
 * §2). Accented letters keep their letter ('Café' is 'cafe', not 'caf').
 */
export function headingAnchor(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/**
 * The anchors of a page's headings, in order: each as `headingAnchor` makes it, a second
 * 'Setup' as 'setup-1', and a heading with no letter or digit as 'section', so that every entry
 * of the table of contents leads to its own heading.
 */
export function headingAnchors(texts: readonly string[]): string[] {
  const taken = new Set<string>();
  return texts.map((text) => {
    const base = headingAnchor(text) || 'section';
    let id = base;
    for (let n = 1; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}

/**
 * Readable text of markdown or HTML, for excerpts and word counts: tags stripped (as the spec
 * says) and markdown's own marks too, so a card never shows '##' or '![...](...)'.
 */
export function plainText(content: string): string {
  const text = content
    // What a script, a style or a comment holds is not text (an author's pasted embed).
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
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
