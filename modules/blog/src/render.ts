import { sanitizeRichText } from '@kw/platform';
import { decodeHtmlEntities } from '@kw/platform/contract';
import { Marked } from 'marked';
import {
  type BlogPost,
  type BlogPostDetail,
  type Heading,
  headingAnchors,
  readingMinutes,
} from './contract.ts';

// Content reaches a page only through here: markdown or HTML in, safe HTML with anchored
// headings out. Platform's one allowlist drops scripts, event handlers and javascript: URLs.

const marked = new Marked({ gfm: true, breaks: true, async: false });

/** Gives each heading its anchor id and lists the headings, in order. */
function anchorHeadings(safeHtml: string): { html: string; headings: Heading[] } {
  const pattern = /<h([1-6])>([\s\S]*?)<\/h\1>/g;
  const texts = [...safeHtml.matchAll(pattern)].map((m) =>
    decodeHtmlEntities(m[2]!.replace(/<[^>]*>/g, '')).trim(),
  );
  const ids = headingAnchors(texts);
  const headings: Heading[] = [];
  const html = safeHtml.replace(pattern, (_match, level: string, inner: string) => {
    const i = headings.length;
    headings.push({ level: Number(level), text: texts[i]!, id: ids[i]! });
    return `<h${level} id="${ids[i]}">${inner}</h${level}>`;
  });
  return { html, headings };
}

/** Markdown (GitHub-flavoured, newlines as line breaks) to safe HTML. */
export function renderMarkdown(markdown: string): { html: string; headings: Heading[] } {
  const raw = marked.parse(markdown) as string;
  return anchorHeadings(sanitizeRichText(raw));
}

/** HTML as given (case studies), made safe, headings anchored. */
export function renderHtml(html: string): { html: string; headings: Heading[] } {
  return anchorHeadings(sanitizeRichText(html));
}

/** One post as its page shows it: the rendered content and its reading time. */
export function postDetail(post: BlogPost): BlogPostDetail {
  const { html, headings } = renderMarkdown(post.content);
  return { ...post, html, headings, readingMinutes: readingMinutes(post.content) };
}
