import { escapeHtml } from '@kw/platform/contract';
import { company } from '@kw/site';
import { organizationJsonLd } from './features/site/public/structured-data.ts';
import { pageTitle } from './shared/public/pageTitle.ts';

/** What a page says about itself to browsers and search engines. */
export interface Seo {
  title: string;
  description: string;
  /** Path of the one canonical address of the page. */
  path?: string;
  noindex?: boolean;
  keywords?: string[];
  /** Share image (absolute URL or path below PUBLIC_URL), 1200×630. */
  image?: string;
  /** Its type: image/png unless said. */
  imageType?: string;
  /** Open Graph type: 'website' by default, 'article' for posts. */
  type?: string;
  /** Structured data, each rendered as an application/ld+json script. */
  jsonLd?: object[];
}

export const DEFAULT_SHARE_IMAGE = '/og-image.png';

/** The <title>: within about 60 characters, the site name dropped from long ones (pageTitle.ts). */
export function fullTitle(seo: Seo): string {
  return pageTitle(seo.title, company.name);
}

/** Structured data for a script element: `<` is escaped so it cannot end the element. */
export function jsonLdScript(data: object): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

const ABSOLUTE_KEYS = new Set([
  'url',
  'item',
  '@id',
  'logo',
  'image',
  'sameAs',
  'mainEntityOfPage',
]);

const absolute = (value: string, publicUrl: string) =>
  value.startsWith('/') ? publicUrl + value : value;

/** Paths in structured data (`url`, `item`, `@id`, `logo`, `sameAs` …) become absolute addresses. */
export function absolutise(data: unknown, publicUrl: string): unknown {
  if (Array.isArray(data)) return data.map((item) => absolutise(item, publicUrl));
  if (data && typeof data === 'object') {
    return Object.fromEntries(
      Object.entries(data).map(([key, value]) => [
        key,
        typeof value === 'string' && ABSOLUTE_KEYS.has(key)
          ? absolute(value, publicUrl)
          : absolutise(value, publicUrl),
      ]),
    );
  }
  return data;
}

/**
 * The <head> tags rendered by the server for a page: basics, Open Graph, Twitter, and JSON-LD:
 * the company (organization, address, rating, service list) on every indexable page, then the
 * page's own (breadcrumbs and the like).
 */
export function headTags(seo: Seo, publicUrl: string): string {
  // An apostrophe needs no escape in the title element (nor in the double-quoted attributes that
  // repeat it): the page source keeps it as written.
  const title = escapeHtml(fullTitle(seo)).replaceAll('&#39;', "'");
  const description = escapeHtml(seo.description);
  const image = escapeHtml(absolute(seo.image ?? DEFAULT_SHARE_IMAGE, publicUrl));
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}">`];
  if (seo.path !== undefined) {
    const url = escapeHtml(publicUrl + seo.path);
    tags.push(`<link rel="canonical" href="${url}">`, `<meta property="og:url" content="${url}">`);
  }
  if (seo.noindex) tags.push('<meta name="robots" content="noindex">');
  if (seo.keywords?.length)
    tags.push(`<meta name="keywords" content="${escapeHtml(seo.keywords.join(', '))}">`);
  tags.push(
    `<meta property="og:type" content="${escapeHtml(seo.type ?? 'website')}">`,
    `<meta property="og:site_name" content="${escapeHtml(company.name)}">`,
    '<meta property="og:locale" content="en_CA">',
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:image" content="${image}">`,
    '<meta property="og:image:width" content="1200">',
    '<meta property="og:image:height" content="630">',
    `<meta property="og:image:type" content="${escapeHtml(seo.imageType ?? 'image/png')}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${image}">`,
  );
  // The company on every indexed page, written by the server only (the browser never needs it).
  const organization = import.meta.env.SSR && !seo.noindex ? [organizationJsonLd()] : [];
  const jsonLd = [...organization, ...(seo.jsonLd ?? [])];
  for (const data of jsonLd) tags.push(jsonLdScript(absolutise(data, publicUrl) as object));
  return tags.join('');
}
