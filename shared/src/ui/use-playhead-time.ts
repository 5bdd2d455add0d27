import { useSyncExternalStore } from 'react';

import type { PlayheadClock } from '../domain/playhead-clock';

/** Re-renders the caller as the playhead moves; seconds. */
export function usePlayheadTime(clock: PlayheadClock): number {
  return useSyncExternalStore(clock.subscribe, clock.getTimeS);
}
