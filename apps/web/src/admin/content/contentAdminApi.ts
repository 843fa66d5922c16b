import type { BlogImportPreview, BlogPost, Heading, PostForm } from '@kw/blog/contract';
import type { CaseStudy, CaseStudyForm, CaseStudyImportPreview } from '@kw/case-studies/contract';
import type { MediaFile } from '@kw/media/contract';
import { api } from '../../api/api.ts';

/** The back office's calls for blog posts, case studies, media and the importers. */
export const contentAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAllPosts: build.query<BlogPost[], void>({
      query: () => '/api/blog',
      providesTags: [{ type: 'BlogPost', id: 'LIST' }],
    }),
    savePost: build.mutation<BlogPost, PostForm & { id?: string }>({
      query: ({ id, ...body }) => ({
        url: id ? `/api/blog/${id}` : '/api/blog',
        method: id ? 'PUT' : 'POST',
        body,
      }),
      invalidatesTags: ['BlogPost'],
    }),
    deletePost: build.mutation<void, { id: string; version?: number }>({
      query: ({ id, version }) => ({
        url: `/api/blog/${id}${version === undefined ? '' : `?version=${version}`}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['BlogPost'],
    }),
    renderMarkdown: build.mutation<
      { html: string; headings: Heading[]; readingMinutes: number },
      string
    >({
      query: (content) => ({ url: '/api/blog/render', method: 'POST', body: { content } }),
    }),
    previewBlogImport: build.mutation<BlogImportPreview, string>({
      query: (source) => ({ url: '/api/blog/import/preview', method: 'POST', body: { source } }),
    }),
    importBlogPost: build.mutation<{ id: string; created: boolean; slug: string }, string>({
      query: (source) => ({ url: '/api/blog/import', method: 'POST', body: { source } }),
      invalidatesTags: ['BlogPost'],
    }),
    listAllCaseStudies: build.query<CaseStudy[], void>({
      query: () => '/api/case-studies',
      providesTags: [{ type: 'CaseStudy', id: 'LIST' }],
    }),
    saveCaseStudy: build.mutation<CaseStudy, CaseStudyForm & { id?: string }>({
      query: ({ id, ...body }) => ({
        url: id ? `/api/case-studies/${id}` : '/api/case-studies',
        method: id ? 'PUT' : 'POST',
        body,
      }),
      invalidatesTags: ['CaseStudy'],
    }),
    deleteCaseStudy: build.mutation<void, { id: string; version?: number }>({
      query: ({ id, version }) => ({
        url: `/api/case-studies/${id}${version === undefined ? '' : `?version=${version}`}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['CaseStudy'],
    }),
    previewCaseStudyImport: build.mutation<CaseStudyImportPreview, string>({
      query: (source) => ({
        url: '/api/case-studies/import/preview',
        method: 'POST',
        body: { source },
      }),
    }),
    importCaseStudies: build.mutation<
      { imported: number; created: number; updated: number },
      string
    >({
      query: (source) => ({ url: '/api/case-studies/import', method: 'POST', body: { source } }),
      invalidatesTags: ['CaseStudy'],
    }),
    listMedia: build.query<MediaFile[], void>({
      query: () => '/api/media',
      providesTags: ['Media'],
    }),
    deleteMedia: build.mutation<void, string>({
      query: (filename) => ({
        url: `/api/media/${encodeURIComponent(filename)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Media'],
    }),
  }),
});

export const {
  useListAllPostsQuery,
  useSavePostMutation,
  useDeletePostMutation,
  useRenderMarkdownMutation,
  usePreviewBlogImportMutation,
  useImportBlogPostMutation,
  useListAllCaseStudiesQuery,
  useSaveCaseStudyMutation,
  useDeleteCaseStudyMutation,
  usePreviewCaseStudyImportMutation,
  useImportCaseStudiesMutation,
  useListMediaQuery,
  useDeleteMediaMutation,
} = contentAdminApi;

/** A 409 from a stale version, as opposed to a taken slug. */
export function isStaleEdit(error: unknown): boolean {
  const e = error as { status?: number; data?: { message?: string } } | undefined;
  return e?.status === 409 && !/already exists/.test(e.data?.message ?? '');
}
