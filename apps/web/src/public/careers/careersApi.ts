import type { Job, JobCategory } from '@kw/careers/contract';
import { api } from '../../api/api.ts';

/** The careers calls of public-site.md §7. */
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
    applyForJob: build.mutation<{ id: string }, { jobId: string; form: FormData }>({
      query: ({ jobId, form }) => ({
        url: `/api/jobs/${encodeURIComponent(jobId)}/apply`,
        method: 'POST',
        body: form,
      }),
      invalidatesTags: ['JobApplication'],
    }),
  }),
});
