import { WarningFilled } from '@ant-design/icons';
import { statusOf, useGetMeQuery } from '@curator/shared/kernel';
import { StatusMessage } from '@curator/shared/ui';
import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

import { loginPathFor } from './safe-next';

/** Renders its children for a logged-in user; sends everyone else to /login/. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data, error, isLoading, refetch } = useGetMeQuery();
  const location = useLocation();

  if (isLoading) return <Spin fullscreen tip="Loading" />;
  if (data) return <>{children}</>;
  if (statusOf(error) === 401) {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  return (
    <StatusMessage
      icon={<WarningFilled />}
      tone="warning"
      title="server error"
      subTitle="The server did not answer. Check your connection and try again."
      extra={<Button onClick={() => refetch()}>Try again</Button>}
    />
  );
}
