import type { ContactMessageInput } from '@kw/contact/contract';
import { api } from '../../api/api.ts';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<
      { id: string },
      ContactMessageInput & { startedAt?: number | undefined }
    >({
      query: (body) => ({ url: '/api/contact', method: 'POST', body }),
      invalidatesTags: ['ContactSubmission'],
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
