import type { BlogPost } from '@kw/blog/contract';
import { BLOG_EXCERPT_FALLBACK, excerptOrFallback } from '@kw/blog/presentation';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { usePublicQuery } from '../../../public-query.ts';
import { formatDate } from '../../../shared/dates.ts';
import { blogQueries } from './blogQueries.ts';

export const BLOG_TAGS_PER_CARD = 3;
export const SKELETON_CARDS = 6;

/** Case-insensitive over title, excerpt and tags (public-site.md §5). */
export function matchesPost(post: BlogPost, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    post.title.toLowerCase().includes(q) ||
    post.excerpt.toLowerCase().includes(q) ||
    post.tags.some((t) => t.toLowerCase().includes(q))
  );
}

export function SkeletonCards() {
  return (
    <div className="content-grid" role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="content-card skeleton" data-testid="skeleton-card">
          <div className="skeleton-block skeleton-image" />
          <div className="skeleton-block" />
          <div className="skeleton-block short" />
        </div>
      ))}
    </div>
  );
}

/**
 * A card's image: the first card's is likely the largest thing on a phone's first screen, so it
 * loads at once and first; the others wait until they are scrolled near.
 */
export function CardImage({ src, first }: { src: string; first: boolean }) {
  return first ? (
    <img className="card-image" src={src} alt="" fetchPriority="high" />
  ) : (
    <img className="card-image" src={src} alt="" loading="lazy" />
  );
}

function PostCard({ post, first }: { post: BlogPost; first: boolean }) {
  return (
    <article className="content-card">
      {post.featuredImage && <CardImage src={post.featuredImage} first={first} />}
      <div className="card-body">
        <div className="card-meta">
          <time dateTime={post.publishedAt ?? post.createdAt}>
            {formatDate(post.publishedAt ?? post.createdAt, 'longDay', 'calendar')}
          </time>
          {post.categories[0] && <span className="badge">{post.categories[0]}</span>}
        </div>
        <h2 className="card-title clamp-2">{post.title}</h2>
        <p className="card-excerpt">
          {excerptOrFallback(post.excerpt, post.content, BLOG_EXCERPT_FALLBACK)}
        </p>
        {post.tags.length > 0 && (
          <ul className="tag-list" aria-label="Tags">
            {post.tags.slice(0, BLOG_TAGS_PER_CARD).map((t) => (
              <li key={t} className="tag">
                {t}
              </li>
            ))}
          </ul>
        )}
        <Link to={`/blog/${post.slug}`} className="read-more">
          Read More<span className="visually-hidden">: {post.title}</span>
        </Link>
      </div>
    </article>
  );
}

export function BlogListPage() {
  const { data, isLoading, isError } = usePublicQuery(blogQueries.publishedPosts, undefined);
  const [search, setSearch] = useState('');
  const posts = useMemo(() => (data ?? []).filter((p) => matchesPost(p, search)), [data, search]);
  return (
    <>
      <section className="hero hero-small">
        <div className="container">
          <h1>Our Blog</h1>
          <p className="lead">
            Practical notes on AI, software and automation for Waterloo Region businesses.
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => document.querySelector<HTMLInputElement>('footer input')?.focus()}
          >
            Stay Updated
          </button>
        </div>
      </section>
      <section className="container content-section">
        <input
          type="search"
          className="content-search"
          placeholder="Search blog posts..."
          aria-label="Search blog posts"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {isLoading ? (
          <SkeletonCards />
        ) : isError ? (
          <p className="content-empty" role="alert">
            Failed to fetch blog posts
          </p>
        ) : posts.length === 0 ? (
          <div className="content-empty">
            {search.trim() ? (
              <>
                <p>No blog posts found matching your search.</p>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setSearch('')}
                >
                  Clear Search
                </button>
              </>
            ) : (
              <p>No blog posts available yet.</p>
            )}
          </div>
        ) : (
          <div className="content-grid">
            {posts.map((p, i) => (
              <PostCard key={p.id} post={p} first={i === 0} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
