import type { BlogPost } from '@kw/blog/contract';

// What the blog's public pages and its manager share.

export const AUTHOR_LABEL = 'Grand River Digital Team';

/** Case-insensitive over title, excerpt and tags (public-site.md §5, admin.md §5). */
export function matchesPost(post: BlogPost, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    post.title.toLowerCase().includes(q) ||
    post.excerpt.toLowerCase().includes(q) ||
    post.tags.some((t) => t.toLowerCase().includes(q))
  );
}
