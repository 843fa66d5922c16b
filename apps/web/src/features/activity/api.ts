import type {
  DailyActivity,
  RecentActivityItem,
  SystemInfo,
  SystemStatus,
} from '@kw/activity/contract';
import type { AuditPage, DeletedItem, RecordHistoryResponse } from '@kw/platform/contract';
import { api } from '../../api/api.ts';

/** The kinds of record with a History drawer, and the list each one's changes refresh. */
export const HISTORY_TAGS = {
  post: 'BlogPost',
  'case-study': 'CaseStudy',
  job: 'Job',
  'job-category': 'JobCategory',
  'job-application': 'JobApplication',
  contact: 'ContactSubmission',
  subscriber: 'Subscription',
} as const;
export type HistoryKind = keyof typeof HISTORY_TAGS;

/** Where a restorable kind restores a version, and brings a deleted one back. */
const RESTORE_PATHS = { post: '/api/blog', 'case-study': '/api/case-studies' } as const;
export type RestorableKind = keyof typeof RESTORE_PATHS;

/** "Recently deleted": each kind's list, and where one comes back. */
export const DELETED_KINDS = {
  posts: { list: '/api/admin/deleted/posts', undelete: '/api/blog', tag: 'BlogPost' },
  'case-studies': {
    list: '/api/admin/deleted/case-studies',
    undelete: '/api/case-studies',
    tag: 'CaseStudy',
  },
  jobs: { list: '/api/admin/deleted/jobs', undelete: '/api/jobs', tag: 'Job' },
} as const;
export type DeletedKind = keyof typeof DELETED_KINDS;

export interface AuditFilter {
  before?: number | undefined;
  kind?: string | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const auditUrl = (filter: AuditFilter) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const query = params.toString();
  return `/api/admin/audit${query ? `?${query}` : ''}`;
};

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
    recordHistory: build.query<RecordHistoryResponse, { kind: HistoryKind; id: string }>({
      query: ({ kind, id }) => `/api/admin/history/${kind}/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, { kind }) => [HISTORY_TAGS[kind]],
    }),
    restoreVersion: build.mutation<
      unknown,
      { kind: RestorableKind; id: string; fromVersion: number; version: number }
    >({
      query: ({ kind, id, fromVersion, version }) => ({
        url: `${RESTORE_PATHS[kind]}/${id}/restore`,
        method: 'POST',
        body: { fromVersion, version },
      }),
      invalidatesTags: (_r, _e, { kind }) => [HISTORY_TAGS[kind], 'Activity'],
    }),
    recentlyDeleted: build.query<DeletedItem[], DeletedKind>({
      query: (kind) => DELETED_KINDS[kind].list,
      providesTags: (_r, _e, kind) => [DELETED_KINDS[kind].tag],
    }),
    undelete: build.mutation<unknown, { kind: DeletedKind; id: string }>({
      query: ({ kind, id }) => ({
        url: `${DELETED_KINDS[kind].undelete}/${id}/undelete`,
        method: 'POST',
      }),
      invalidatesTags: (_r, _e, { kind }) => [DELETED_KINDS[kind].tag, 'Activity'],
    }),
    auditPage: build.query<AuditPage, AuditFilter>({
      query: auditUrl,
      providesTags: ['Activity'],
    }),
    auditKinds: build.query<{ kind: string; label: string }[], void>({
      query: () => '/api/admin/audit/kinds',
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
  useRecordHistoryQuery,
  useRestoreVersionMutation,
  useRecentlyDeletedQuery,
  useUndeleteMutation,
  useAuditPageQuery,
  useAuditKindsQuery,
} = activityApi;
