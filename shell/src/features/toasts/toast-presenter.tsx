import { useAppDispatch, useAppSelector } from '@curator/shared';
import { TOAST_DURATION_MS } from '@curator/shared';
import { toastShown } from '@curator/shared/kernel';
import { App } from 'antd';
import { useEffect } from 'react';

/** Shows the toasts any app pushed into the store, top right, for 4 seconds. */
export function ToastPresenter() {
  const toasts = useAppSelector((state) => state.toasts);
  const dispatch = useAppDispatch();
  const { notification } = App.useApp();

  useEffect(() => {
    for (const toast of toasts) {
      notification[toast.kind]({
        key: toast.id,
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
