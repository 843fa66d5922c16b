import { Link, useParams } from 'react-router';
import { usePublicQuery } from '../../../public-query.ts';
import { formatDate } from '../../../shared/dates.ts';
import { TagList } from '../../../shared/public/Blocks.tsx';
import { NotFound } from '../../../shared/public/ContentList.tsx';
import { IMAGE_SIZES, ResponsiveImage } from '../../../shared/public/ResponsiveImage.tsx';
import { ShareButton } from '../../../shared/public/ShareButton.tsx';
import { TableOfContents } from '../../../shared/public/TableOfContents.tsx';
import { blogQueries } from './blogQueries.ts';
import { AUTHOR_LABEL } from './post.ts';

function DetailSkeleton() {
  return (
    <div className="container content-section" role="status" aria-busy="true" aria-label="Loading">
      <div className="skeleton-block" style={{ height: 40, width: '60%' }} />
      <div className="skeleton-block" />
      <div className="skeleton-block skeleton-image" />
    </div>
  );
}

export function BlogPostNotFound() {
  return (
    <NotFound
      title="Blog Post Not Found"
      text="The blog post you're looking for doesn't exist or has been moved."
      to="/blog"
      back="Back to Blog"
    />
  );
}

export function BlogPostPage() {
  const { slug = '' } = useParams();
  const { data: post, isLoading, isError } = usePublicQuery(blogQueries.post, slug);
  if (isLoading) return <DetailSkeleton />;
  if (isError || !post) return <BlogPostNotFound />;
  const date = post.publishedAt ?? post.createdAt;
  return (
    <article className="container content-section post">
      <header className="post-header">
        <div className="badges">
          {post.categories.map((c) => (
            <span key={c} className="badge">
              {c}
            </span>
          ))}
        </div>
        <h1>{post.title}</h1>
        {post.excerpt && <p className="lead">{post.excerpt}</p>}
        <p className="post-meta">
          <time dateTime={date}>{formatDate(date, 'longDay', 'calendar')}</time>
          <span>{AUTHOR_LABEL}</span>
          <span>{post.readingMinutes} min read</span>
        </p>
      </header>
      <div className="post-layout">
        <aside className="post-aside">
          <TableOfContents headings={post.headings} baseLevel={1} />
        </aside>
        <div className="post-main">
          {post.featuredImage && (
            <ResponsiveImage
              className="post-image"
              src={post.featuredImage}
              renditions={post.featuredImageRenditions}
              sizes={IMAGE_SIZES.article}
              priority
            />
          )}
          <div
            className="prose"
            // Sanitised on the server (sanitize-html): no scripts, handlers or javascript: URLs.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised content
            dangerouslySetInnerHTML={{ __html: post.html }}
          />
          {post.tags.length > 0 && <TagList items={post.tags} label="Tags" />}
          <div className="actions post-actions">
            <ShareButton title={post.title} />
            <Link to="/blog" className="button button-secondary">
              Back to Blog
            </Link>
            <Link to="/blog" className="button button-secondary">
              More Blog Posts
            </Link>
            <Link to="/contact" className="button button-primary">
              Get in Touch
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}
