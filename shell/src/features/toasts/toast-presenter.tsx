import { useAppDispatch, useAppSelector } from '@curator/shared';
import { TOAST_DURATION_MS } from '@curator/shared';
import { toastShown } from '@curator/shared/kernel';
import { App } from 'antd';
import { useEffect } from 'react';

/**
 * Shows the toasts any app pushed into the store, top right, for 4 seconds. A toast the same as one still
 * showing takes its place and restarts its time, rather than stacking a copy (a missing audio's page asks
 * for it twice: at the screen's start, and again when its view mounts on the failed answer).
 */
export function ToastPresenter() {
  const toasts = useAppSelector((state) => state.toasts);
  const dispatch = useAppDispatch();
  const { notification } = App.useApp();

  useEffect(() => {
    for (const toast of toasts) {
      notification[toast.kind]({
        key: `${toast.kind}:${toast.text}`,
        title: toast.text,
        placement: 'topRight',
        duration: TOAST_DURATION_MS / 1000,
        className: 'suite-toast',
        props: { 'data-testid': 'toast', role: 'status' } as Record<string, string>,
      });
      dispatch(toastShown(toast.id));
    }
  }, [toasts, notification, dispatch]);

  return null;
}
