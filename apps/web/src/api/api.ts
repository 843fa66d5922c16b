import type { ApiErrorBody } from '@kw/platform/contract';
import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';

/**
 * The same key as `ADMIN_TOKEN_KEY` of @kw/auth/contract (a test checks it), written here
 * because importing that contract would bring zod into every public page's first load.
 */
export const ADMIN_TOKEN_KEY = 'adminToken';

/** What the server renderer's answer to a read is: RTK Query's own result shape. */
export type ServerQueryResult = { data: unknown } | { error: FetchBaseQueryError };

/**
 * The thunk's extra argument: on the server, the reads answered in the API's own process
 * (the modules' queries, no HTTP), by the URL the endpoint would fetch.
 */
export interface StoreExtra {
  serverQuery?: (url: string) => Promise<ServerQueryResult>;
}

export const SESSION_EXPIRED_EVENT = 'admin-session-expired';

/** `expired`: an admin call was refused a token it sent (not a sign-out of this tab's own). */
export interface SessionExpiredDetail {
  expired: boolean;
}

export function storedToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null): void {
  if (typeof window === 'undefined') return;
  if (token) window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
  else window.localStorage.removeItem(ADMIN_TOKEN_KEY);
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '',
  credentials: 'include',
  prepareHeaders(headers) {
    const token = storedToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * Adds the bearer token and, on 401 or 403, forgets it and tells the back office (the event's
 * `detail.expired`): it says 'Authentication expired', goes back to /admin and, after signing in
 * again, returns to the screen (admin.md §8). The login calls' own 401 (the password, or the
 * second step's code) is just a wrong answer.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extra,
) => {
  const serverQuery = (api.extra as StoreExtra | undefined)?.serverQuery;
  if (serverQuery && typeof args === 'string') return serverQuery(args);
  const result = await rawBaseQuery(args, api, extra);
  const status = result.error?.status;
  const url = typeof args === 'string' ? args : args.url;
  if (
    (status === 401 || status === 403) &&
    !url.startsWith('/api/auth/login') &&
    typeof window !== 'undefined'
  ) {
    const hadToken = storedToken() !== null;
    storeToken(null);
    window.dispatchEvent(
      new CustomEvent<SessionExpiredDetail>(SESSION_EXPIRED_EVENT, {
        detail: { expired: hadToken },
      }),
    );
  }
  return result;
};

/** The one API slice; features add their endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'ContactSubmission',
    'Session',
    'AdminSessions',
    'TwoFactor',
    'Job',
    'JobCategory',
    'JobApplication',
    'BlogPost',
    'CaseStudy',
    'Media',
    'Subscription',
    'Activity',
    'SystemStatus',
    'Privacy',
    'SiteSettings',
  ],
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  endpoints: () => ({}),
});

/** The spec's error text: status, a colon, then the body (or the status text). */
export function errorText(error: unknown): string {
  if (!error || typeof error !== 'object') return 'Unknown error';
  const e = error as FetchBaseQueryError;
  if (typeof e.status === 'number') {
    const body = e.data as ApiErrorBody | string | undefined;
    const text = typeof body === 'string' ? body : body?.message ? body.message : '';
    return `${e.status}: ${text || 'Request failed'}`;
  }
  if ('error' in e && typeof e.error === 'string') return e.error;
  return 'Failed to connect to server.';
}

/** The server's own message for a failed call, for a notification's description. */
export function serverMessage(error: unknown): string | undefined {
  const data = (error as { data?: ApiErrorBody } | undefined)?.data;
  return typeof data === 'object' && data && typeof data.message === 'string'
    ? data.message
    : undefined;
}
