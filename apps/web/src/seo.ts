import { company } from '@kw/site';

/** What a page says about itself to browsers and search engines. */
export interface Seo {
  title: string;
  description: string;
  /** Path of the one canonical address of the page. */
  path?: string;
  noindex?: boolean;
  keywords?: string[];
  /** Share image (absolute URL or path below PUBLIC_URL). */
  image?: string;
  /** Open Graph type: 'website' by default, 'article' for posts. */
  type?: string;
  /** Structured data, each rendered as an application/ld+json script. */
  jsonLd?: object[];
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function fullTitle(seo: Seo): string {
  return seo.title.includes(company.name) ? seo.title : `${seo.title} | ${company.name}`;
}

/** Structured data for a script element: `<` is escaped so it cannot end the element. */
export function jsonLdScript(data: object): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The <head> tags rendered by the server for a page. */
export function headTags(seo: Seo, publicUrl: string): string {
  const tags = [
    `<title>${escapeHtml(fullTitle(seo))}</title>`,
    `<meta name="description" content="${escapeHtml(seo.description)}">`,
  ];
  if (seo.path !== undefined)
    tags.push(`<link rel="canonical" href="${escapeHtml(publicUrl + seo.path)}">`);
  if (seo.noindex) tags.push('<meta name="robots" content="noindex">');
  if (seo.keywords?.length)
    tags.push(`<meta name="keywords" content="${escapeHtml(seo.keywords.join(', '))}">`);
  for (const data of seo.jsonLd ?? []) tags.push(jsonLdScript(data));
  return tags.join('');
}
