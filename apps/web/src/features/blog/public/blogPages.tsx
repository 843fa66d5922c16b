import { company } from '@kw/site';
import { prefetchQuery, readQuery } from '../../../public-query.ts';
import type { RouteDataContext, RouteHandle } from '../../../route-handle.ts';
import type { Seo } from '../../../seo.ts';
import { BlogListPage } from './BlogListPage.tsx';
import { BlogPostPage } from './BlogPostPage.tsx';
import { blogQueries } from './blogQueries.ts';

const blogList: RouteHandle = {
  seo: {
    title: 'Blog',
    description:
      'Practical articles on AI, custom software, integration and automation for small and medium businesses in Kitchener-Waterloo.',
    path: '/blog',
  },
  prefetch: (store) => prefetchQuery(store, blogQueries.publishedPosts, undefined),
};

const postOf = ({ state, params }: RouteDataContext) =>
  readQuery(state, blogQueries.post, params.slug ?? '');

const blogPost: RouteHandle = {
  prefetch: (store, params) => prefetchQuery(store, blogQueries.post, params.slug ?? ''),
  status: (ctx) => (postOf(ctx).data ? undefined : 404),
  seo(ctx): Seo {
    const post = postOf(ctx).data;
    if (!post)
      return {
        title: 'Blog Post Not Found',
        description: 'This blog post does not exist.',
        noindex: true,
      };
    const description = post.seoDescription || post.excerpt || post.title;
    return {
      title: post.seoTitle || post.title,
      description,
      path: `/blog/${post.slug}`,
      type: 'article',
      keywords: post.tags,
      ...(post.featuredImage ? { image: post.featuredImage } : {}),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: post.title,
          description,
          datePublished: post.publishedAt ?? post.createdAt,
          dateModified: post.updatedAt,
          ...(post.featuredImage ? { image: post.featuredImage } : {}),
          keywords: post.tags.join(', '),
          author: { '@type': 'Organization', name: `${company.name} Team` },
          publisher: { '@type': 'Organization', name: company.name },
          mainEntityOfPage: `/blog/${post.slug}`,
        },
      ],
    };
  },
};

/**
 * The blog's pages as one lazily loaded module: their code stays out of the other pages' first
 * load (the server and entry-client load it before rendering these paths), and RTK Query out of
 * theirs (see usePublicQuery).
 */
export const blogPages = {
  blogList: { Component: BlogListPage, handle: blogList },
  blogPost: { Component: BlogPostPage, handle: blogPost },
};
