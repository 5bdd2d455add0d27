import { injectScreenEndpoints } from '@curator/shared/kernel';

import type { RemoteDefinition, Tag, TagCreateBody, User, UserCreateRequest, UserUpdateRequest } from '../contract';
import { SCREEN_NAME } from './build-info';

export type UserUpdateArgs = { username: string; body: UserUpdateRequest };

/**
 * Users and tags management (admin screens). Writes need an admin: others get 403 'Admin only'.
 * The tag list itself is catalog-api's listTags, which these writes refresh.
 */
export const adminApi = injectScreenEndpoints(SCREEN_NAME, (build) => ({
  getUsers: build.query<User[], void>({
    query: () => 'users/',
    providesTags: [{ type: 'User', id: 'LIST' }],
  }),
  getUser: build.query<User, string>({
    query: (username) => `users/${encodeURIComponent(username)}/`,
    providesTags: (_result, _error, username) => [{ type: 'User', id: username.toLowerCase() }],
  }),
  createUser: build.mutation<User, UserCreateRequest>({
    query: (body) => ({ url: 'users/', method: 'POST', body }),
    invalidatesTags: (result) => (result ? [{ type: 'User', id: 'LIST' }] : []),
  }),
  updateUser: build.mutation<User, UserUpdateArgs>({
    query: ({ username, body }) => ({ url: `users/${encodeURIComponent(username)}/`, method: 'PUT', body }),
    invalidatesTags: (result, _error, { username }) =>
      result ? [{ type: 'User', id: 'LIST' }, { type: 'User', id: username.toLowerCase() }, 'Me'] : [],
  }),
  deleteUser: build.mutation<void, string>({
    query: (username) => ({ url: `users/${encodeURIComponent(username)}/`, method: 'DELETE' }),
    // Refetch even on failure: a 404 means someone else already deleted it.
    invalidatesTags: [{ type: 'User', id: 'LIST' }],
  }),
  createTag: build.mutation<Tag, TagCreateBody>({
    query: (body) => ({ url: 'tags/', method: 'POST', body }),
    invalidatesTags: (result) => (result ? [{ type: 'Tag', id: 'LIST' }] : []),
  }),
  /** The screens remotes.json deploys, with the build each one serves. */
  listScreens: build.query<RemoteDefinition[], void>({ query: () => 'mfe-config/' }),
  deleteTag: build.mutation<void, string>({
    query: (text) => ({ url: `tags/${encodeURIComponent(text)}/`, method: 'DELETE' }),
    // Deleting a tag also removes it from every audio.
    invalidatesTags: [{ type: 'Tag', id: 'LIST' }, 'Audio'],
  }),
}));

export const useGetUsersQuery = adminApi.endpoints.getUsers.useQuery;
export const useGetUserQuery = adminApi.endpoints.getUser.useQuery;
export const useCreateUserMutation = adminApi.endpoints.createUser.useMutation;
export const useUpdateUserMutation = adminApi.endpoints.updateUser.useMutation;
export const useDeleteUserMutation = adminApi.endpoints.deleteUser.useMutation;
export const useCreateTagMutation = adminApi.endpoints.createTag.useMutation;
export const useDeleteTagMutation = adminApi.endpoints.deleteTag.useMutation;
export const useListScreensQuery = adminApi.endpoints.listScreens.useQuery;
