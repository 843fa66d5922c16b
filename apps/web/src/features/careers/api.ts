import type {
  ApplicationBulkAction,
  ApplicationHeldCount,
  ApplicationStatusUpdate,
  Job,
  JobApplication,
  JobCategory,
  JobCategoryInput,
  JobInput,
  JobPage,
  JobTextPreview,
} from '@kw/careers/contract';
import { api } from '../../api/api.ts';
import { saveAnswer, today } from '../../api/download.ts';

// The careers page's calls (public-site.md §7) and the Job Manager's (admin.md §7): with the
// administrator's token, which every call of the slice carries, the lists hold drafts too.
export const careersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPublishedJobs: build.query<Job[], void>({
      query: () => '/api/jobs?published=true',
      providesTags: ['Job'],
    }),
    listJobCategories: build.query<JobCategory[], void>({
      query: () => '/api/job-categories',
      providesTags: ['JobCategory'],
    }),
    /** A job's own page, /careers/{slug}. */
    getJobPage: build.query<JobPage, string>({
      query: (slug) => `/api/jobs/by-slug/${encodeURIComponent(slug)}`,
      providesTags: ['Job'],
    }),
    applyForJob: build.mutation<{ id: string }, { jobId: string; form: FormData }>({
      query: ({ jobId, form }) => ({
        url: `/api/jobs/${encodeURIComponent(jobId)}/apply`,
        method: 'POST',
        body: form,
      }),
      invalidatesTags: ['JobApplication'],
    }),
    /** A job text as the server renders and sanitises it (the job editor's preview). */
    previewJobText: build.mutation<JobTextPreview, string>({
      query: (text) => ({ url: '/api/jobs/preview', method: 'POST', body: { text } }),
    }),
    listAllJobs: build.query<Job[], void>({
      query: () => '/api/jobs',
      providesTags: ['Job'],
    }),
    createJobCategory: build.mutation<JobCategory, JobCategoryInput>({
      query: (body) => ({ url: '/api/job-categories', method: 'POST', body }),
      invalidatesTags: ['JobCategory'],
    }),
    updateJobCategory: build.mutation<JobCategory, JobCategoryInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/job-categories/${id}`, method: 'PUT', body }),
      invalidatesTags: ['JobCategory'],
    }),
    deleteJobCategory: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/job-categories/${id}`, method: 'DELETE' }),
      invalidatesTags: ['JobCategory', 'Job'],
    }),
    createJob: build.mutation<Job, JobInput>({
      query: (body) => ({ url: '/api/jobs', method: 'POST', body }),
      invalidatesTags: ['Job'],
    }),
    updateJob: build.mutation<Job, JobInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/jobs/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Job'],
    }),
    deleteJob: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/jobs/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Job'],
    }),
    listJobApplications: build.query<JobApplication[], void>({
      query: () => '/api/job-applications',
      providesTags: ['JobApplication'],
    }),
    /** How many applications wait for the administrator's review (the dashboard's line). */
    applicationHeldCount: build.query<ApplicationHeldCount, void>({
      query: () => '/api/job-applications/held-count',
      providesTags: ['JobApplication'],
    }),
    setApplicationStatus: build.mutation<JobApplication, ApplicationStatusUpdate & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `/api/job-applications/${id}/status`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['JobApplication'],
    }),
    /**
     * The spam verdict: `isSpam` true flags it by hand, false reverses a flag (or releases one
     * held for review).
     */
    setApplicationSpam: build.mutation<JobApplication, { id: string; isSpam: boolean }>({
      query: ({ id, isSpam }) => ({
        url: `/api/job-applications/${id}/spam`,
        method: isSpam ? 'POST' : 'DELETE',
      }),
      invalidatesTags: ['JobApplication'],
    }),
    deleteJobApplication: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/job-applications/${id}`, method: 'DELETE' }),
      invalidatesTags: ['JobApplication'],
    }),
    /** One action on several applications: each its own event, all or none. */
    bulkApplications: build.mutation<{ count: number }, ApplicationBulkAction & { ids: string[] }>({
      query: (body) => ({ url: '/api/job-applications/bulk', method: 'POST', body }),
      invalidatesTags: ['JobApplication', 'Activity'],
    }),
    /** The CSV of the filtered applications, in the order shown (admin.md §7). */
    exportApplications: build.mutation<null, string[]>({
      query: (ids) => ({
        url: '/api/job-applications/export',
        method: 'POST',
        body: { ids },
        responseHandler: saveAnswer(`job_applications_${today()}.csv`),
      }),
    }),
  }),
});

export const {
  useListAllJobsQuery,
  usePreviewJobTextMutation,
  useListJobCategoriesQuery,
  useCreateJobCategoryMutation,
  useUpdateJobCategoryMutation,
  useDeleteJobCategoryMutation,
  useCreateJobMutation,
  useUpdateJobMutation,
  useDeleteJobMutation,
  useListJobApplicationsQuery,
  useApplicationHeldCountQuery,
  useSetApplicationStatusMutation,
  useSetApplicationSpamMutation,
  useDeleteJobApplicationMutation,
  useBulkApplicationsMutation,
  useExportApplicationsMutation,
} = careersApi;
