import type {
  DailyActivity,
  RecentActivityItem,
  SystemInfo,
  SystemStatus,
} from '@kw/activity/contract';
import { api } from '../../api/api.ts';

/** The dashboard's and the settings' calls: recent activity, daily figures, system status and information. */
export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
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
    // Other features' lists, read for the dashboard's counts only.
    countList: build.query<Record<string, unknown>[], string>({
      query: (url) => url,
      keepUnusedDataFor: 60,
    }),
  }),
});

export const {
  useRecentActivityQuery,
  useDailyActivityQuery,
  useSystemStatusQuery,
  useSystemInfoQuery,
  useCountListQuery,
} = activityApi;
