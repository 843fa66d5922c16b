import { company } from '@kw/site';
import { prefetchQuery, readQuery } from '../../../public-query.ts';
import type { RouteDataContext, RouteHandle } from '../../../route-handle.ts';
import type { Seo } from '../../../seo.ts';
import { CaseStudyListPage } from './CaseStudyListPage.tsx';
import { CaseStudyPage } from './CaseStudyPage.tsx';
import { caseStudyQueries } from './caseStudyQueries.ts';

const caseStudyList: RouteHandle = {
  seo: {
    title: 'Case Studies',
    description:
      'Client success stories: AI, custom software and automation projects for businesses across Waterloo Region and Ontario.',
    path: '/case-studies',
  },
  prefetch: (store) => prefetchQuery(store, caseStudyQueries.publishedCaseStudies, undefined),
};

const studyOf = ({ state, params }: RouteDataContext) =>
  readQuery(state, caseStudyQueries.caseStudy, params.slug ?? '');

const caseStudy: RouteHandle = {
  prefetch: (store, params) => prefetchQuery(store, caseStudyQueries.caseStudy, params.slug ?? ''),
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
 * The case studies' pages as one lazily loaded module: their code stays out of the other pages'
 * first load (the server and entry-client load it before rendering these paths), and RTK Query
 * out of theirs (see usePublicQuery).
 */
export const caseStudyPages = {
  caseStudyList: { Component: CaseStudyListPage, handle: caseStudyList },
  caseStudy: { Component: CaseStudyPage, handle: caseStudy },
};
