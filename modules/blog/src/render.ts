import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { type Heading, headingAnchor } from './contract.ts';

// Content reaches a page only through here: markdown or HTML in, safe HTML with anchored
// headings out. sanitize-html drops scripts, event handlers and javascript: URLs.

const marked = new Marked({ gfm: true, breaks: true, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'figure',
    'figcaption',
    'del',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    code: ['class'],
    input: ['type', 'checked', 'disabled'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links leaving the site open safely.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
    // Pictures in an article are below its title: they load as the reader scrolls near them.
    img: (tagName, attribs) => ({ tagName, attribs: { loading: 'lazy', ...attribs } }),
    // Only task-list check boxes survive, and they cannot be ticked.
    input: (tagName, attribs) =>
      attribs.type === 'checkbox'
        ? { tagName, attribs: { ...attribs, disabled: '' } }
        : { tagName: 'span', attribs: {} },
  },
};

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&nbsp;': ' ',
};

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|nbsp|#39|#x27);/g, (e) => ENTITIES[e]!);

/** Gives each heading its anchor id and lists the headings, in order. */
function anchorHeadings(safeHtml: string): { html: string; headings: Heading[] } {
  const headings: Heading[] = [];
  const html = safeHtml.replace(
    /<h([1-6])>([\s\S]*?)<\/h\1>/g,
    (_match, level: string, inner: string) => {
      const text = decode(inner.replace(/<[^>]*>/g, '')).trim();
      const id = headingAnchor(text);
      headings.push({ level: Number(level), text, id });
      return `<h${level} id="${id}">${inner}</h${level}>`;
    },
  );
  return { html, headings };
}

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Markdown (GitHub-flavoured, newlines as line breaks) to safe HTML. */
export function renderMarkdown(markdown: string): { html: string; headings: Heading[] } {
  const raw = marked.parse(markdown) as string;
  return anchorHeadings(sanitizeContentHtml(raw));
}

/** HTML as given (case studies), made safe, headings anchored. */
export function renderHtml(html: string): { html: string; headings: Heading[] } {
  return anchorHeadings(sanitizeContentHtml(html));
}
