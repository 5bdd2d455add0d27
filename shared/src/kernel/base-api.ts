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

/** Whether a request must carry the CSRF header (a plain URL is a GET). */
const needsToken = (arg: string | FetchArgs) => typeof arg !== 'string' && needsCsrfToken(arg.method ?? 'GET');

// Absolute base URL: Node's Request (jest) rejects relative URLs.
const baseUrl = `${globalThis.location?.origin ?? 'http://localhost'}/api/`;

/** The one RTK Query API of the suite; every domain adds endpoints with injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl,
    credentials: 'same-origin',
    // The API checks the header on unsafe methods only. A read leaves the cookie alone: the page's first
    // read of document.cookie is a synchronous trip to the browser's cookie store (1-9 ms of a cold load).
    prepareHeaders: (headers, { arg }) => {
      if (!needsToken(arg)) return headers;
      const token = readCookie(CSRF_COOKIE);
      if (token) headers.set(CSRF_HEADER, token);
      return headers;
    },
  }),
  tagTypes: API_TAGS,
  endpoints: () => ({}),
});
