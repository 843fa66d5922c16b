import type { BlogPostSummary } from '@kw/blog/contract';
import { useMemo, useRef, useState } from 'react';
import { usePublicQuery } from '../../../public-query.ts';
import { formatDate } from '../../../shared/dates.ts';
import { SmallHero, TagList } from '../../../shared/public/Blocks.tsx';
import { ContentCard, ContentGrid, SearchInput } from '../../../shared/public/ContentList.tsx';
import { blogQueries } from './blogQueries.ts';
import { matchesPost } from './post.ts';

export const BLOG_TAGS_PER_CARD = 3;

function PostCard({ post, first }: { post: BlogPostSummary; first: boolean }) {
  const date = post.publishedAt;
  return (
    <ContentCard
      image={post.featuredImage}
      imageRenditions={post.featuredImageRenditions}
      first={first}
      date={date}
      dateText={formatDate(date, 'longDay', 'calendar')}
      badge={post.categories[0]}
      title={post.title}
      to={`/blog/${post.slug}`}
      readMore="Read More"
    >
      {/* The excerpt, else the first 200 characters of the text: made by the server. */}
      <p className="card-excerpt">{post.excerpt}</p>
      {post.tags.length > 0 && (
        <TagList items={post.tags.slice(0, BLOG_TAGS_PER_CARD)} label="Tags" />
      )}
    </ContentCard>
  );
}

export function BlogListPage() {
  const { data, isLoading, isError } = usePublicQuery(blogQueries.publishedPosts, undefined);
  const [search, setSearch] = useState('');
  const searchInput = useRef<HTMLInputElement>(null);
  const posts = useMemo(() => (data ?? []).filter((p) => matchesPost(p, search)), [data, search]);
  return (
    <>
      <SmallHero
        title="Our Blog"
        lead="Practical notes on AI, software and automation for Waterloo Region businesses."
      >
        <button
          type="button"
          className="button button-secondary"
          onClick={() => document.querySelector<HTMLInputElement>('footer input')?.focus()}
        >
          Stay Updated
        </button>
      </SmallHero>
      <section className="container content-section">
        <SearchInput
          ref={searchInput}
          label="Search blog posts"
          value={search}
          onChange={setSearch}
        />
        <ContentGrid
          isLoading={isLoading}
          isError={isError}
          failure="Failed to fetch blog posts"
          items={posts}
          empty={{
            none: 'No blog posts available yet.',
            noMatch: 'No blog posts found matching your search.',
            clearLabel: 'Clear Search',
            filtered: Boolean(search.trim()),
            clear: () => {
              setSearch('');
              // The button goes with the empty state: the keyboard's place goes back to the search.
              searchInput.current?.focus();
            },
          }}
          card={(post, first) => <PostCard post={post} first={first} />}
        />
      </section>
    </>
  );
}
