import type { ErasureResult, PrivacySearchResult, RetentionSettings } from '@kw/privacy/contract';
import { api } from '../../api/api.ts';
import { saveAnswer, today } from '../../api/download.ts';

export interface ErasureRow {
  id: string;
  requestedBy: string;
  scope: string;
  records: number;
  status: 'pending' | 'done';
  filesLeft: number;
  requestedAt: string;
  completedAt: string | null;
}

export interface RetentionPolicy {
  periods: { kind: string; label: string; days: number }[];
}

/** The Privacy screen's calls (issue 13), Settings → Privacy's, and the policy's periods. */
export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchPerson: build.query<PrivacySearchResult, string>({
      query: (email) => `/api/privacy/search?email=${encodeURIComponent(email)}`,
      providesTags: ['Privacy'],
    }),
    /** The zip, saved under the name the server gives it. */
    exportPerson: build.mutation<null, string>({
      query: (email) => ({
        url: `/api/privacy/export?email=${encodeURIComponent(email)}`,
        responseHandler: saveAnswer(`personal-data-${today()}.zip`),
      }),
    }),
    erasePerson: build.mutation<ErasureResult, { email: string; confirmEmail: string }>({
      query: (body) => ({ url: '/api/privacy/erase', method: 'POST', body }),
      invalidatesTags: [
        'Privacy',
        'ContactSubmission',
        'JobApplication',
        'Subscription',
        'Activity',
      ],
    }),
    listErasures: build.query<{ erasures: ErasureRow[] }, void>({
      query: () => '/api/privacy/erasures',
      providesTags: ['Privacy'],
    }),
    retentionSettings: build.query<RetentionSettings, void>({
      query: () => '/api/privacy/retention',
      providesTags: ['Privacy'],
    }),
    updateRetention: build.mutation<RetentionSettings, Record<string, number>>({
      query: (periods) => ({ url: '/api/privacy/retention', method: 'PUT', body: { periods } }),
      invalidatesTags: ['Privacy'],
    }),
    retentionPolicy: build.query<RetentionPolicy, void>({
      query: () => '/api/privacy/retention-policy',
      providesTags: ['Privacy'],
    }),
  }),
});

export const {
  useLazySearchPersonQuery,
  useExportPersonMutation,
  useErasePersonMutation,
  useListErasuresQuery,
  useRetentionSettingsQuery,
  useUpdateRetentionMutation,
} = privacyApi;
