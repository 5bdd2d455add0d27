import type { RemoteDefinition } from '@curator/shared';
import { screenLoadFailedTitle, useAppSelector, useAppStore } from '@curator/shared';
import { ScreenFailure } from '@curator/shared/ui';
import { useLocation } from 'react-router-dom';

import { isRouteOf, retryScreen } from './screen-registry';

/**
 * In the place of the current route's screen when it could not be loaded or started: what
 * happened, and Retry. The navigation and every other screen go on working.
 */
export function ScreenFailurePanel({ remotes }: { remotes: RemoteDefinition[] }) {
  const { pathname } = useLocation();
  const store = useAppStore();
  const remote = remotes.find((r) => isRouteOf(r, pathname));
  const state = useAppSelector((s) => (remote ? s.screens[remote.name] : undefined));
  if (!remote || state?.status !== 'failed') return null;
  return (
    <ScreenFailure
      title={screenLoadFailedTitle(remote.name)}
      detail={state.message}
      onRetry={() => void retryScreen(store, remote)}
    />
  );
}
