import sanitizeHtml from 'sanitize-html';

// The one allowlist for HTML that people write (posts, case studies, job descriptions):
// scripts, event handlers, styles and javascript: URLs never reach a page.

const ALLOWLIST: sanitizeHtml.IOptions = {
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
    's',
    'u',
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
    // Pictures in a text are below its title: they load as the reader scrolls near them.
    img: (tagName, attribs) => ({ tagName, attribs: { loading: 'lazy', ...attribs } }),
    // Only task-list check boxes survive, and they cannot be ticked.
    input: (tagName, attribs) =>
      attribs.type === 'checkbox'
        ? { tagName, attribs: { ...attribs, disabled: '' } }
        : { tagName: 'span', attribs: {} },
  },
};

/** The same allowlist for texts whose editor inserts no pictures (job descriptions). */
const WITHOUT_IMAGES: sanitizeHtml.IOptions = {
  ...ALLOWLIST,
  allowedTags: (ALLOWLIST.allowedTags || []).filter((tag) => tag !== 'img'),
};

/** HTML a person wrote, reduced to the one allowlist (`images: false` drops any `<img>`). */
export function sanitizeRichText(html: string, options: { images?: boolean } = {}): string {
  return sanitizeHtml(html, options.images === false ? WITHOUT_IMAGES : ALLOWLIST);
}
