import type {
  CaseStudy,
  CaseStudyDetail,
  CaseStudyForm,
  CaseStudyImportPreview,
  CaseStudySummary,
} from '@kw/case-studies/contract';
import { api } from '../../api/api.ts';

/** The case studies' calls: the public reads (public-site.md §7) and the back office's (admin.md §7). */
export const caseStudiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The list's fields only (see CaseStudySummary); the manager lists whole case studies. */
    getPublishedCaseStudies: build.query<CaseStudySummary[], void>({
      query: () => '/api/case-studies?published=true',
      providesTags: [{ type: 'CaseStudy', id: 'PUBLIC' }],
    }),
    getCaseStudy: build.query<CaseStudyDetail, string>({
      query: (slug) => `/api/case-studies/${encodeURIComponent(slug)}`,
      providesTags: (_r, _e, slug) => [{ type: 'CaseStudy', id: slug }],
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
  }),
});

export const {
  useListAllCaseStudiesQuery,
  useSaveCaseStudyMutation,
  useDeleteCaseStudyMutation,
  usePreviewCaseStudyImportMutation,
  useImportCaseStudiesMutation,
} = caseStudiesApi;
