import { CASE_STUDY_EXCERPT_FALLBACK } from '@kw/case-studies/presentation';
import { company } from '@kw/site';
import { articleSeo, itemHandle, listHandle } from '../../../shared/public/routeHandles.ts';
import { CaseStudyListPage } from './CaseStudyListPage.tsx';
import { CaseStudyPage } from './CaseStudyPage.tsx';
import { caseStudyQueries } from './caseStudyQueries.ts';

const organization = { '@type': 'Organization', name: company.name, url: '/', logo: '/logo.png' };

/** The routes' components and handles (loaded on demand by routes.tsx; the code they share with the other content pages is a chunk of its own). */
export const caseStudyPages = {
  caseStudyList: {
    Component: CaseStudyListPage,
    handle: listHandle(caseStudyQueries.publishedCaseStudies, {
      title: 'Case Studies',
      description:
        'Client success stories: AI, custom software and automation projects for businesses across Waterloo Region and Ontario.',
      path: '/case-studies',
      breadcrumb: 'Case Studies',
      keywords: [
        'case studies',
        'AI case studies',
        'custom software projects',
        'automation results',
        'Waterloo Region',
      ],
    }),
  },
  caseStudy: {
    Component: CaseStudyPage,
    handle: itemHandle(
      caseStudyQueries.caseStudy,
      { title: 'Case Study Not Found', description: 'This case study does not exist.' },
      (study) =>
        articleSeo(
          study,
          {
            path: `/case-studies/${study.slug}`,
            keywords: study.tags,
            datePublished: study.createdAt,
            section: { name: 'Case Studies', path: '/case-studies' },
            excerptLength: CASE_STUDY_EXCERPT_FALLBACK,
          },
          { author: organization, publisher: organization, about: study.industry || undefined },
        ),
    ),
  },
};
