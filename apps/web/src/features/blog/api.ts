import type {
  BlogImportPreview,
  BlogPost,
  BlogPostDetail,
  BlogPostSummary,
  Heading,
  PostForm,
} from '@kw/blog/contract';
import { api } from '../../api/api.ts';

/** The blog's calls: the public reads (public-site.md §7) and the back office's (admin.md §7). */
export const blogApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The list's fields only (see BlogPostSummary); the manager lists whole posts. */
    getPublishedPosts: build.query<BlogPostSummary[], void>({
      query: () => '/api/blog?published=true',
      providesTags: [{ type: 'BlogPost', id: 'PUBLIC' }],
    }),
    getPost: build.query<BlogPostDetail, string>({
      query: (slug) => `/api/blog/${encodeURIComponent(slug)}`,
      providesTags: (_r, _e, slug) => [{ type: 'BlogPost', id: slug }],
    }),
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
  }),
});

export const {
  useListAllPostsQuery,
  useSavePostMutation,
  useDeletePostMutation,
  useRenderMarkdownMutation,
  usePreviewBlogImportMutation,
  useImportBlogPostMutation,
} = blogApi;
