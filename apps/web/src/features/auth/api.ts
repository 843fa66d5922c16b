import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  LoginRequest,
  LoginResponse,
  SecondFactorRequest,
  SessionsResponse,
  TwoFactorCodeRequest,
  TwoFactorDisabledResponse,
  TwoFactorEnabledResponse,
  TwoFactorSetup,
  TwoFactorStatus,
  VerifyResponse,
} from '@kw/auth/contract';
import { api, storeToken } from '../../api/api.ts';

/**
 * A password or two-factor change ends every session but the one that asked, which goes on with
 * the fresh token the answer carries: it is stored before the lists that change are fetched
 * again, so that no request goes out with the ended token.
 */
async function keepFreshToken(
  queryFulfilled: Promise<{ data: { token: string } }>,
  dispatch: (action: ReturnType<typeof api.util.invalidateTags>) => unknown,
) {
  const { data } = await queryFulfilled;
  storeToken(data.token);
  dispatch(api.util.invalidateTags(['TwoFactor', 'AdminSessions']));
}

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
      invalidatesTags: ['Session'],
    }),
    secondFactor: build.mutation<{ token: string }, SecondFactorRequest>({
      query: (body) => ({ url: '/api/auth/login/second-factor', method: 'POST', body }),
      invalidatesTags: ['Session'],
    }),
    logout: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
    }),
    verifySession: build.query<VerifyResponse, string>({
      // The token is the cache key, so a new login verifies afresh.
      query: () => '/api/auth/verify',
      providesTags: ['Session'],
      keepUnusedDataFor: 0,
    }),
    changePassword: build.mutation<ChangePasswordResponse, ChangePasswordRequest>({
      query: (body) => ({ url: '/api/auth/change-password', method: 'POST', body }),
      onQueryStarted: (_, { queryFulfilled, dispatch }) =>
        keepFreshToken(queryFulfilled, dispatch).catch(() => {}),
    }),
    twoFactorStatus: build.query<TwoFactorStatus, void>({
      query: () => '/api/auth/two-factor',
      providesTags: ['TwoFactor'],
    }),
    beginTwoFactor: build.mutation<TwoFactorSetup, void>({
      query: () => ({ url: '/api/auth/two-factor/setup', method: 'POST' }),
    }),
    enableTwoFactor: build.mutation<TwoFactorEnabledResponse, TwoFactorCodeRequest>({
      query: (body) => ({ url: '/api/auth/two-factor/enable', method: 'POST', body }),
      onQueryStarted: (_, { queryFulfilled, dispatch }) =>
        keepFreshToken(queryFulfilled, dispatch).catch(() => {}),
    }),
    disableTwoFactor: build.mutation<TwoFactorDisabledResponse, TwoFactorCodeRequest>({
      query: (body) => ({ url: '/api/auth/two-factor/disable', method: 'POST', body }),
      onQueryStarted: (_, { queryFulfilled, dispatch }) =>
        keepFreshToken(queryFulfilled, dispatch).catch(() => {}),
    }),
    sessions: build.query<SessionsResponse, void>({
      query: () => '/api/auth/sessions',
      providesTags: ['AdminSessions'],
    }),
    endSession: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/api/auth/sessions/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AdminSessions'],
    }),
    signOutEverywhere: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/api/auth/sessions/sign-out-everywhere', method: 'POST' }),
    }),
  }),
});

export const {
  useLoginMutation,
  useSecondFactorMutation,
  useLogoutMutation,
  useVerifySessionQuery,
  useChangePasswordMutation,
  useTwoFactorStatusQuery,
  useBeginTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
  useSessionsQuery,
  useEndSessionMutation,
  useSignOutEverywhereMutation,
} = authApi;
