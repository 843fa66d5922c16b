import type {
  ChangePasswordRequest,
  ChangePasswordResponse,
  LoginRequest,
  LoginResponse,
  VerifyResponse,
} from '@kw/auth/contract';
import { api } from '../../api/api.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
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
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useVerifySessionQuery,
  useChangePasswordMutation,
} = authApi;
