import type { PlayheadClock } from '@curator/shared';
import { useSyncExternalStore } from 'react';

/** Re-renders the caller as the playhead moves; seconds. */
export function usePlayheadTime(clock: PlayheadClock): number {
  return useSyncExternalStore(clock.subscribe, clock.getTimeS);
}
