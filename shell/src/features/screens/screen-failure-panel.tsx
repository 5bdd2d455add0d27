import type { RemoteDefinition } from '@curator/shared';
import { screenLoadFailedTitle, useAppSelector, useAppStore } from '@curator/shared';
import { ScreenFailure } from '@curator/shared/ui';

import { retryScreen } from './screen-registry';

/**
 * In the place of the current address's screen (`remote`) when it could not be loaded or started: what
 * happened, and Retry. The navigation and every other screen go on working.
 */
export function ScreenFailurePanel({ remote }: { remote: RemoteDefinition | undefined }) {
  const store = useAppStore();
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
