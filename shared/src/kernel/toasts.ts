import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';
export type Toast = { id: string; kind: ToastKind; text: string };

/** Toasts any app pushes; the shell shows them top right for TOAST_DURATION_MS. */
export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastPushed: {
      reducer: (state, action: PayloadAction<Toast>) => {
        state.push(action.payload);
      },
      prepare: (kind: ToastKind, text: string) => ({ payload: { id: nanoid(), kind, text } }),
    },
    toastShown: (state, action: PayloadAction<string>) => state.filter((t) => t.id !== action.payload),
  },
});

export const { toastPushed, toastShown } = toastsSlice.actions;
