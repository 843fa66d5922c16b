// What the blog's public pages and its manager share.

export const AUTHOR_LABEL = 'Grand River Digital Team';

/**
 * Case-insensitive over title, excerpt and tags (public-site.md §5, admin.md §5): a post of the
 * manager's list, or of the public list (whose excerpt is the card's).
 */
export function matchesPost<P extends { title: string; excerpt: string; tags: string[] }>(
  post: P,
  search: string,
): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    post.title.toLowerCase().includes(q) ||
    post.excerpt.toLowerCase().includes(q) ||
    post.tags.some((t) => t.toLowerCase().includes(q))
  );
}
