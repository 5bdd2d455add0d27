import { type AppStore } from '@curator/shared/kernel';
import { SUITE_THEME } from '@curator/shared/ui';
import { App as AntApp, ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';

import { LoginPage } from '../features/auth/login-page';
import { RequireSession } from '../features/auth/require-session';
import { FollowSignIns } from '../features/auth/session-channel';
import { ShellLayout } from '../features/layout/shell-layout';
import { ToastPresenter } from '../features/toasts/toast-presenter';

export function ShellApp({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={SUITE_THEME}>
        <AntApp>
          <ToastPresenter />
          <FollowSignIns />
          <BrowserRouter>
            <Routes>
              <Route path="/login/" element={<LoginPage />} />
              <Route path="/" element={<Navigate to="/audios/" replace />} />
              <Route
                path="*"
                element={
                  <RequireSession>
                    <ShellLayout store={store} />
                  </RequireSession>
                }
              />
            </Routes>
          </BrowserRouter>
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
