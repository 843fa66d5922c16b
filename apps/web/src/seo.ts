import { company } from '@kw/site';

/** What a page says about itself to browsers and search engines. */
export interface Seo {
  title: string;
  description: string;
  /** Path of the one canonical address of the page. */
  path?: string;
  noindex?: boolean;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function fullTitle(seo: Seo): string {
  return seo.title.includes(company.name) ? seo.title : `${seo.title} | ${company.name}`;
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
  return tags.join('');
}
