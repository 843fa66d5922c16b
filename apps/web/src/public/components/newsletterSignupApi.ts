import type { NewsletterSignupInput } from '@kw/newsletter/contract';
import { api } from '../../api/api.ts';

/** The footer signup's call; loaded on submit only (see NewsletterSignup). */
export const newsletterSignupApi = api.injectEndpoints({
  endpoints: (build) => ({
    footerNewsletterSignup: build.mutation<
      unknown,
      NewsletterSignupInput & { startedAt?: number | undefined }
    >({
      query: (body) => ({ url: '/api/newsletter/subscribe', method: 'POST', body }),
    }),
  }),
});
