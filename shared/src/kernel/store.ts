import { combineSlices, configureStore, isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';

import { baseApi } from './base-api';
import { describeRequestError } from './request-error';
import { screensSlice } from './screens';
import { toastPushed, toastsSlice } from './toasts';

/** Endpoints whose errors their screen shows inline (forms), so no toast is raised for them. */
const INLINE_ERROR_ENDPOINTS = new Set<string>([
  'getMe',
  'login',
  'logout',
  'createUser',
  'updateUser',
  'getUser',
  'deleteUser',
  'createTag',
  'deleteTag',
  'reportScreenFailure',
]);

/** The one place request errors reach the user: a toast with the server's message. */
const requestErrorToaster: Middleware = (api) => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const endpoint = (action.meta as { arg?: { endpointName?: string } }).arg?.endpointName ?? '';
    // A screen's endpoints are named `{screen}/{name}` (screen-endpoints.ts).
    if (!INLINE_ERROR_ENDPOINTS.has(endpoint.slice(endpoint.indexOf('/') + 1))) {
      const lines = describeRequestError(action.payload as never, 'server error');
      api.dispatch(toastPushed('error', lines.join('\n')));
    }
  }
  return next(action);
};

export const rootReducer = combineSlices(baseApi, toastsSlice, screensSlice);

export function createAppStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, requestErrorToaster),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
