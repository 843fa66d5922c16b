import type {
  ContactAnalytics,
  ContactBulkAction,
  ContactHeldCount,
  ContactMessageInput,
  ContactSubmission,
  ContactUpdate,
} from '@kw/contact/contract';
import { api } from '../../api/api.ts';
import { saveAnswer, today } from '../../api/download.ts';

/** The contact calls: the visitor's message (public-site.md §7) and Contact Submissions' (admin.md §7). */
export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<
      { id: string },
      ContactMessageInput & { startedAt?: number | undefined }
    >({
      query: (body) => ({ url: '/api/contact', method: 'POST', body }),
      invalidatesTags: ['ContactSubmission'],
    }),
    listContactSubmissions: build.query<ContactSubmission[], void>({
      query: () => '/api/contact',
      providesTags: ['ContactSubmission'],
    }),
    /** How many wait for the administrator's review (the dashboard's line). */
    contactHeldCount: build.query<ContactHeldCount, void>({
      query: () => '/api/contact/held-count',
      providesTags: ['ContactSubmission'],
    }),
    contactAnalytics: build.query<ContactAnalytics, void>({
      query: () => '/api/contact/analytics',
      providesTags: ['ContactSubmission'],
    }),
    updateContactSubmission: build.mutation<
      ContactSubmission,
      { id: string; changes: ContactUpdate }
    >({
      query: ({ id, changes }) => ({ url: `/api/contact/${id}`, method: 'PATCH', body: changes }),
      invalidatesTags: ['ContactSubmission'],
    }),
    deleteContactSubmission: build.mutation<void, string>({
      query: (id) => ({ url: `/api/contact/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ContactSubmission', 'Activity'],
    }),
    /** One action on several submissions: each its own event, all or none. */
    bulkContactSubmissions: build.mutation<
      { count: number },
      ContactBulkAction & { ids: string[] }
    >({
      query: (body) => ({ url: '/api/contact/bulk', method: 'POST', body }),
      invalidatesTags: ['ContactSubmission', 'Activity'],
    }),
    /** The CSV of the listed submissions, in the order shown (admin.md §7). */
    exportContactSubmissions: build.mutation<null, string[]>({
      query: (ids) => ({
        url: '/api/contact/export',
        method: 'POST',
        body: { ids },
        responseHandler: saveAnswer(`contact-submissions-${today()}.csv`),
      }),
    }),
  }),
});

export const {
  useListContactSubmissionsQuery,
  useContactAnalyticsQuery,
  useContactHeldCountQuery,
  useUpdateContactSubmissionMutation,
  useDeleteContactSubmissionMutation,
  useBulkContactSubmissionsMutation,
  useExportContactSubmissionsMutation,
} = contactApi;
