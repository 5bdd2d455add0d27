import { PLAYBACK_TIME_UPDATE_THROTTLE_MS } from './constants';

export type PlayheadClock = {
  /** Current playback time in seconds. */
  getTimeS: () => number;
  setTimeS: (timeS: number, force?: boolean) => void;
  subscribe: (listener: () => void) => () => void;
};

/** The playhead as a tiny external store, so only what shows the time re-renders while playing. */
export function createPlayheadClock(now: () => number = () => performance.now()): PlayheadClock {
  let timeS = 0;
  let lastEmitMs = -Infinity;
  const listeners = new Set<() => void>();
  return {
    getTimeS: () => timeS,
    setTimeS(next, force = false) {
      timeS = next;
      const at = now();
      if (!force && at - lastEmitMs < PLAYBACK_TIME_UPDATE_THROTTLE_MS) return;
      lastEmitMs = at;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
