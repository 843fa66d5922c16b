import type { ContactSubmission } from '@kw/contact/contract';
import { api } from '../../api/api.ts';

export const contactAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listContactSubmissions: build.query<ContactSubmission[], void>({
      query: () => '/api/contact',
      providesTags: ['ContactSubmission'],
    }),
  }),
});

export const { useListContactSubmissionsQuery } = contactAdminApi;
