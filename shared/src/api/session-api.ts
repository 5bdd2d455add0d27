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
  }),
});

export const { useGetMeQuery, useLoginMutation, useLogoutMutation } = sessionApi;
