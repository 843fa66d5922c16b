import { type Db, escapeHtml } from '@kw/platform';
import { BLOG_EXCERPT_FALLBACK, excerptOrFallback } from './contract.ts';
import { listPosts } from './queries.ts';

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
      `<title>${escapeHtml(post.title)}</title>`,
      `<link>${escapeHtml(link)}</link>`,
      `<guid isPermaLink="true">${escapeHtml(link)}</guid>`,
      `<pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>`,
      `<description>${escapeHtml(excerptOrFallback(post.excerpt, post.content, BLOG_EXCERPT_FALLBACK))}</description>`,
      ...post.categories.map((c) => `<category>${escapeHtml(c)}</category>`),
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    `<title>${escapeHtml(`${site.name} Blog`)}</title>`,
    `<link>${escapeHtml(`${site.publicUrl}/blog`)}</link>`,
    `<atom:link href="${escapeHtml(`${site.publicUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeHtml(site.description)}</description>`,
    '<language>en-ca</language>',
    ...items,
    '</channel></rss>',
  ].join('\n');
}
