import { createApi, type FetchArgs, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

import { needsCsrfToken } from '../contract/csrf';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from './csrf';

/** Tags used for cache invalidation across every screen of the suite. */
export const API_TAGS = [
  'Me',
  'Audio',
  'Beat',
  'Template',
  'Approval',
  'Tag',
  'User',
  'Usage',
  'Segment',
  'HlPoint',
  'Metric',
] as const;

/** Whether a request is a write, which the API checks for the CSRF header (a plain URL is a GET). */
const needsToken = (arg: string | FetchArgs) => typeof arg !== 'string' && needsCsrfToken(arg.method ?? 'GET');

// Absolute base URL: Node's Request (jest) rejects relative URLs.
const baseUrl = `${globalThis.location?.origin ?? 'http://localhost'}/api/`;

/**
 * The anti-forgery token as last read from its cookie. Every request carries it (spec §7); the API checks it on writes
 * only. A write reads the cookie afresh, and the read after a write does too (a login or a sign-out sets a new one);
 * other reads reuse it: the page's first read of document.cookie is a synchronous trip to the browser's cookie store
 * (1-4 ms of a cold load).
 */
let csrfToken: string | undefined;
function csrfTokenFor(isWrite: boolean): string | undefined {
  if (isWrite || csrfToken === undefined) csrfToken = readCookie(CSRF_COOKIE);
  return csrfToken;
}

const fetchWithToken = fetchBaseQuery({
  baseUrl,
  credentials: 'same-origin',
  prepareHeaders: (headers, { arg }) => {
    const token = csrfTokenFor(needsToken(arg));
    if (token) headers.set(CSRF_HEADER, token);
    return headers;
  },
});

/** The one RTK Query API of the suite; every domain adds endpoints with injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: async (args: string | FetchArgs, api, extraOptions) => {
    try {
      return await fetchWithToken(args, api, extraOptions);
    } finally {
      if (needsToken(args)) csrfToken = undefined;
    }
  },
  tagTypes: API_TAGS,
  endpoints: () => ({}),
});
