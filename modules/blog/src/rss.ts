import type { Db } from '@kw/platform';
import { BLOG_EXCERPT_FALLBACK, excerptOrFallback } from './contract.ts';
import { listPosts } from './queries.ts';

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** RSS 2.0 of the posts a visitor can read at `now` (published, date reached), newest first. */
export async function blogRssFeed(
  db: Db,
  site: { publicUrl: string; name: string; description: string },
  now = new Date(),
): Promise<string> {
  const posts = await listPosts(db, 'public', now);
  const items = posts.slice(0, 50).map((post) => {
    const link = `${site.publicUrl}/blog/${post.slug}`;
    return [
      '<item>',
      `<title>${escapeXml(post.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>`,
      `<description>${escapeXml(excerptOrFallback(post.excerpt, post.content, BLOG_EXCERPT_FALLBACK))}</description>`,
      ...post.categories.map((c) => `<category>${escapeXml(c)}</category>`),
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    `<title>${escapeXml(`${site.name} Blog`)}</title>`,
    `<link>${escapeXml(`${site.publicUrl}/blog`)}</link>`,
    `<atom:link href="${escapeXml(`${site.publicUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(site.description)}</description>`,
    '<language>en-ca</language>',
    ...items,
    '</channel></rss>',
  ].join('\n');
}
