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

/** Endpoints whose 401 is an answer, not an ended session: who is signed in, and signing in or out. */
const SESSION_ENDPOINTS = new Set<string>(['getMe', 'login', 'logout']);

/** Query parameter of the login page: the session ended under a change that was not saved (the page says so). */
export const UNSAVED_CHANGE_PARAM = 'unsaved';

/**
 * A call answered 401 while a screen is open: the session ended (a limit, a password change, a
 * sign-out elsewhere). The whole page goes to the login, which brings the user back here after, and
 * says so when the call was a change (a mutation): it was not saved.
 */
function toLoginAfterEndedSession(wasChange: boolean): void {
  const { pathname, search, hash } = window.location;
  if (pathname.startsWith('/login/')) return;
  const unsaved = wasChange ? `&${UNSAVED_CHANGE_PARAM}=1` : '';
  window.location.assign(`/login/?next=${encodeURIComponent(pathname + search + hash)}${unsaved}`);
}

/** The one place request errors reach the user: a toast with the server's message, or the login page on a 401. */
const requestErrorToaster: Middleware = (api) => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const arg = (action.meta as { arg?: { endpointName?: string; type?: string } }).arg;
    const endpoint = arg?.endpointName ?? '';
    // A screen's endpoints are named `{screen}/{name}` (screen-endpoints.ts).
    const name = endpoint.slice(endpoint.indexOf('/') + 1);
    const status = (action.payload as { status?: unknown } | undefined)?.status;
    if (status === 401 && !SESSION_ENDPOINTS.has(name) && typeof window !== 'undefined') {
      toLoginAfterEndedSession(arg?.type === 'mutation');
    } else if (!INLINE_ERROR_ENDPOINTS.has(name)) {
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
