import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

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

// Absolute base URL: Node's Request (jest) rejects relative URLs.
const baseUrl = `${globalThis.location?.origin ?? 'http://localhost'}/api/`;

/** The one RTK Query API of the suite; every domain adds endpoints with injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl,
    credentials: 'same-origin',
    // The API checks the header on unsafe methods only; sending it always keeps this simple.
    prepareHeaders: (headers) => {
      const token = readCookie(CSRF_COOKIE);
      if (token) headers.set(CSRF_HEADER, token);
      return headers;
    },
  }),
  tagTypes: API_TAGS,
  endpoints: () => ({}),
});
