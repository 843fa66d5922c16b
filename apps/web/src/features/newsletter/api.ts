import {
  NEWSLETTER_EXPORT_DEFAULT_NAME,
  type NewsletterAnalytics,
  type NewsletterBulkAction,
  type NewsletterSignupInput,
  type NewsletterSubscription,
} from '@kw/newsletter/contract';
import { api } from '../../api/api.ts';
import { saveAnswer } from '../../api/download.ts';

/**
 * The newsletter calls: the footer signup's (loaded on submit only, see NewsletterSignup) and
 * Newsletter Management's (admin.md §7).
 */
export const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    footerNewsletterSignup: build.mutation<
      unknown,
      NewsletterSignupInput & { startedAt?: number | undefined }
    >({
      query: (body) => ({ url: '/api/newsletter/subscribe', method: 'POST', body }),
    }),
    listSubscriptions: build.query<NewsletterSubscription[], boolean>({
      query: (includeUnsubscribed) => `/api/newsletter?includeUnsubscribed=${includeUnsubscribed}`,
      providesTags: ['Subscription'],
    }),
    newsletterAnalytics: build.query<NewsletterAnalytics, void>({
      query: () => '/api/newsletter/analytics',
      providesTags: ['Subscription'],
    }),
    markSubscriptionSpam: build.mutation<unknown, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/api/newsletter/${id}/spam`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Subscription'],
    }),
    unmarkSubscriptionSpam: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/newsletter/${id}/spam`, method: 'DELETE' }),
      invalidatesTags: ['Subscription'],
    }),
    deleteSubscription: build.mutation<void, string>({
      query: (id) => ({ url: `/api/newsletter/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Subscription', 'Activity'],
    }),
    /** One action on several subscriptions: each its own event, all or none. */
    bulkSubscriptions: build.mutation<{ count: number }, NewsletterBulkAction & { ids: string[] }>({
      query: (body) => ({ url: '/api/newsletter/bulk', method: 'POST', body }),
      invalidatesTags: ['Subscription', 'Activity'],
    }),
    /** Every subscription as CSV, named by the server. */
    exportSubscriptions: build.mutation<null, void>({
      query: () => ({
        url: '/api/newsletter/export',
        responseHandler: saveAnswer(NEWSLETTER_EXPORT_DEFAULT_NAME),
      }),
    }),
  }),
});

export const {
  useListSubscriptionsQuery,
  useNewsletterAnalyticsQuery,
  useMarkSubscriptionSpamMutation,
  useUnmarkSubscriptionSpamMutation,
  useDeleteSubscriptionMutation,
  useBulkSubscriptionsMutation,
  useExportSubscriptionsMutation,
} = newsletterApi;
