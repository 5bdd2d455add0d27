import type { ScreenFailureReport } from '../contract/screens';
import { baseApi } from './base-api';

export type CurrentUser = { username: string; admin: boolean };
export type LoginBody = { username: string; password: string };

export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<CurrentUser, void>({ query: () => 'me/', providesTags: ['Me'] }),
    login: build.mutation<CurrentUser, LoginBody>({
      query: (body) => ({ url: 'auth/login/', method: 'POST', body }),
      // A failed attempt must not refetch /me/: that would remount the form and clear what was typed.
      invalidatesTags: (result) => (result ? ['Me'] : []),
    }),
    logout: build.mutation<void, void>({ query: () => ({ url: 'auth/logout/', method: 'POST' }) }),
    /** Tells the API's log that a screen failed in this browser, so an operator sees it. */
    reportScreenFailure: build.mutation<void, ScreenFailureReport>({
      query: (body) => ({ url: 'screen-failures/', method: 'POST', body }),
    }),
  }),
});

export const { useGetMeQuery, useLoginMutation, useLogoutMutation, useReportScreenFailureMutation } = sessionApi;
