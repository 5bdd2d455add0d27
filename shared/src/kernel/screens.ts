import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { SCREEN_FAILURE_KINDS } from '../contract/screens';

/** Why a screen is not showing: its files did not load, it refused the page, it failed to start, or it threw while rendering. */
export type ScreenFailureKind = (typeof SCREEN_FAILURE_KINDS)[number];
export type ScreenFailure = { kind: ScreenFailureKind; entry: string; message: string };
/** What this browser knows of one screen: loading, loaded (with the build it runs), or failed. */
export type ScreenState =
  { status: 'loading' } | { status: 'loaded'; buildId: string } | ({ status: 'failed' } & ScreenFailure);

/** Each screen's state in this browser, kept by the shell and read by the shell's chrome and the Screens page. */
export const screensSlice = createSlice({
  name: 'screens',
  initialState: {} as Record<string, ScreenState>,
  reducers: {
    screenLoadStarted: (state, action: PayloadAction<string>) => {
      state[action.payload] = { status: 'loading' };
    },
    screenLoaded: (state, action: PayloadAction<{ screen: string; buildId: string }>) => {
      state[action.payload.screen] = { status: 'loaded', buildId: action.payload.buildId };
    },
    screenFailed: (state, action: PayloadAction<{ screen: string } & ScreenFailure>) => {
      const { screen, ...failure } = action.payload;
      state[screen] = { status: 'failed', ...failure };
    },
  },
});

export const { screenLoadStarted, screenLoaded, screenFailed } = screensSlice.actions;
