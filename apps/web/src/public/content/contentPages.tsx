import { company } from '@kw/site';
import { prefetchQuery, readQuery } from '../../public-query.ts';
import type { RouteDataContext, RouteHandle } from '../../route-handle.ts';
import type { Seo } from '../../seo.ts';
import { BlogListPage } from './BlogListPage.tsx';
import { BlogPostPage } from './BlogPostPage.tsx';
import { CaseStudyListPage } from './CaseStudyListPage.tsx';
import { CaseStudyPage } from './CaseStudyPage.tsx';
import { contentQueries } from './contentQueries.ts';

const blogList: RouteHandle = {
  seo: {
    title: 'Blog',
    description:
      'Practical articles on AI, custom software, integration and automation for small and medium businesses in Kitchener-Waterloo.',
    path: '/blog',
  },
  prefetch: (store) => prefetchQuery(store, contentQueries.publishedPosts, undefined),
};

const postOf = ({ state, params }: RouteDataContext) =>
  readQuery(state, contentQueries.post, params.slug ?? '');

const blogPost: RouteHandle = {
  prefetch: (store, params) => prefetchQuery(store, contentQueries.post, params.slug ?? ''),
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

const caseStudyList: RouteHandle = {
  seo: {
    title: 'Case Studies',
    description:
      'Client success stories: AI, custom software and automation projects for businesses across Waterloo Region and Ontario.',
    path: '/case-studies',
  },
  prefetch: (store) => prefetchQuery(store, contentQueries.publishedCaseStudies, undefined),
};

const studyOf = ({ state, params }: RouteDataContext) =>
  readQuery(state, contentQueries.caseStudy, params.slug ?? '');

const caseStudy: RouteHandle = {
  prefetch: (store, params) => prefetchQuery(store, contentQueries.caseStudy, params.slug ?? ''),
  status: (ctx) => (studyOf(ctx).data ? undefined : 404),
  seo(ctx): Seo {
    const study = studyOf(ctx).data;
    if (!study)
      return {
        title: 'Case Study Not Found',
        description: 'This case study does not exist.',
        noindex: true,
      };
    const description = study.seoDescription || study.excerpt || study.title;
    return {
      title: study.seoTitle || study.title,
      description,
      path: `/case-studies/${study.slug}`,
      type: 'article',
      keywords: study.technologies,
      ...(study.featuredImage ? { image: study.featuredImage } : {}),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: study.title,
          description,
          datePublished: study.createdAt,
          dateModified: study.updatedAt,
          ...(study.featuredImage ? { image: study.featuredImage } : {}),
          author: { '@type': 'Organization', name: company.name },
          publisher: { '@type': 'Organization', name: company.name },
          about: study.industry || undefined,
          mainEntityOfPage: `/case-studies/${study.slug}`,
        },
      ],
    };
  },
};

/**
 * The content pages as one lazily loaded module: their code stays out of the marketing pages'
 * first load (the server and entry-client load it before rendering these paths), and RTK Query
 * out of theirs (see usePublicQuery).
 */
export const contentPages = {
  blogList: { Component: BlogListPage, handle: blogList },
  blogPost: { Component: BlogPostPage, handle: blogPost },
  caseStudyList: { Component: CaseStudyListPage, handle: caseStudyList },
  caseStudy: { Component: CaseStudyPage, handle: caseStudy },
};
