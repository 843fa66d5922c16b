import type {
  DailyActivity,
  RecentActivityItem,
  SystemInfo,
  SystemStatus,
} from '@kw/activity/contract';
import type { ContactAnalytics, ContactSubmission, ContactUpdate } from '@kw/contact/contract';
import type { NewsletterAnalytics, NewsletterSubscription } from '@kw/newsletter/contract';
import { api } from '../../api/api.ts';

/** The back office's calls: contact, newsletter, dashboard and settings. */
export const backofficeApi = api.injectEndpoints({
  endpoints: (build) => ({
    listContactSubmissions: build.query<ContactSubmission[], void>({
      query: () => '/api/contact',
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
    recentActivity: build.query<RecentActivityItem[], void>({
      query: () => '/api/admin/recent-activity',
      providesTags: ['Activity'],
    }),
    dailyActivity: build.query<DailyActivity[], void>({
      query: () => '/api/admin/daily-activity',
      providesTags: ['Activity'],
    }),
    systemStatus: build.query<SystemStatus, void>({
      query: () => '/api/admin/system-status',
      providesTags: ['SystemStatus'],
    }),
    systemInfo: build.query<SystemInfo, void>({
      query: () => '/api/admin/system-info',
    }),
    // Other engineers' lists, read for the dashboard's counts only.
    countList: build.query<Record<string, unknown>[], string>({
      query: (url) => url,
      keepUnusedDataFor: 60,
    }),
  }),
});

export const {
  useListContactSubmissionsQuery,
  useContactAnalyticsQuery,
  useUpdateContactSubmissionMutation,
  useDeleteContactSubmissionMutation,
  useListSubscriptionsQuery,
  useNewsletterAnalyticsQuery,
  useMarkSubscriptionSpamMutation,
  useUnmarkSubscriptionSpamMutation,
  useDeleteSubscriptionMutation,
  useRecentActivityQuery,
  useDailyActivityQuery,
  useSystemStatusQuery,
  useSystemInfoQuery,
  useCountListQuery,
} = backofficeApi;
