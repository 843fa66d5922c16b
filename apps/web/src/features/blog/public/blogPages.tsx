import { BLOG_EXCERPT_FALLBACK } from '@kw/blog/presentation';
import { company } from '@kw/site';
import { articleSeo, itemHandle, listHandle } from '../../../shared/public/routeHandles.ts';
import { BlogListPage } from './BlogListPage.tsx';
import { BlogPostPage } from './BlogPostPage.tsx';
import { blogQueries } from './blogQueries.ts';

/** The routes' components and handles (loaded on demand by routes.tsx; the code they share with the other content pages is a chunk of its own). */
export const blogPages = {
  blogList: {
    Component: BlogListPage,
    handle: listHandle(blogQueries.publishedPosts, {
      title: 'Blog',
      description:
        'Practical articles on AI, custom software, integration and automation for small and medium businesses in Kitchener-Waterloo.',
      path: '/blog',
      breadcrumb: 'Blog',
      keywords: [
        'AI blog',
        'small business AI',
        'custom software',
        'integration and automation',
        'Kitchener-Waterloo',
      ],
    }),
  },
  blogPost: {
    Component: BlogPostPage,
    handle: itemHandle(
      blogQueries.post,
      { title: 'Blog Post Not Found', description: 'This blog post does not exist.' },
      (post) =>
        articleSeo(
          post,
          {
            path: `/blog/${post.slug}`,
            keywords: post.tags,
            datePublished: post.publishedAt ?? post.createdAt,
            section: { name: 'Blog', path: '/blog' },
            excerptLength: BLOG_EXCERPT_FALLBACK,
          },
          {
            author: { '@type': 'Organization', name: `${company.name} Team`, url: '/about' },
            publisher: { '@type': 'Organization', name: company.name, url: '/', logo: '/logo.png' },
          },
        ),
    ),
  },
};
