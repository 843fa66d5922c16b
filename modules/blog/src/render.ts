import { sanitizeRichText } from '@kw/platform';
import { decodeHtmlEntities } from '@kw/platform/contract';
import { Marked } from 'marked';
import {
  type BlogPost,
  type BlogPostDetail,
  type Heading,
  headingAnchor,
  readingMinutes,
} from './contract.ts';

// Content reaches a page only through here: markdown or HTML in, safe HTML with anchored
// headings out. Platform's one allowlist drops scripts, event handlers and javascript: URLs.

const marked = new Marked({ gfm: true, breaks: true, async: false });

/** Gives each heading its anchor id and lists the headings, in order. */
function anchorHeadings(safeHtml: string): { html: string; headings: Heading[] } {
  const headings: Heading[] = [];
  const html = safeHtml.replace(
    /<h([1-6])>([\s\S]*?)<\/h\1>/g,
    (_match, level: string, inner: string) => {
      const text = decodeHtmlEntities(inner.replace(/<[^>]*>/g, '')).trim();
      const id = headingAnchor(text);
      headings.push({ level: Number(level), text, id });
      return `<h${level} id="${id}">${inner}</h${level}>`;
    },
  );
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
