import type { BlogPost, BlogPostDetail } from '@kw/blog/contract';
import type { CaseStudy, CaseStudyDetail } from '@kw/case-studies/contract';
import { api } from '../../api/api.ts';

/** The public reads of blog posts and case studies (public-site.md §7). */
export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublishedPosts: build.query<BlogPost[], void>({
      query: () => '/api/blog?published=true',
      providesTags: [{ type: 'BlogPost', id: 'PUBLIC' }],
    }),
    getPost: build.query<BlogPostDetail, string>({
      query: (slug) => `/api/blog/${encodeURIComponent(slug)}`,
      providesTags: (_r, _e, slug) => [{ type: 'BlogPost', id: slug }],
    }),
    getPublishedCaseStudies: build.query<CaseStudy[], void>({
      query: () => '/api/case-studies?published=true',
      providesTags: [{ type: 'CaseStudy', id: 'PUBLIC' }],
    }),
    getCaseStudy: build.query<CaseStudyDetail, string>({
      query: (slug) => `/api/case-studies/${encodeURIComponent(slug)}`,
      providesTags: (_r, _e, slug) => [{ type: 'CaseStudy', id: slug }],
    }),
  }),
});
