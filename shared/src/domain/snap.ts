import { roundSeconds } from './time';

/** How far from the playhead (or a typed time) an onset may be for Snap to move the offset onto it. */
export const SNAP_WINDOW_S = 0.06;

/**
 * With Snap on, a new offset lands on the nearest onset within SNAP_WINDOW_S of the time asked
 * for (docs/rules.md "Snap"); without one near, it stays where it was asked. `onsetsS` ascending.
 */
export function snapToOnset(
  timeS: number,
  onsetsS: readonly number[],
  windowS = SNAP_WINDOW_S,
): { timeS: number; snapped: boolean } {
  let low = 0;
  let high = onsetsS.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (onsetsS[mid] < timeS) low = mid + 1;
    else high = mid;
  }
  const nearest = [onsetsS[low - 1], onsetsS[low]]
    .filter((t): t is number => t !== undefined)
    .sort((a, b) => Math.abs(a - timeS) - Math.abs(b - timeS))[0];
  if (nearest === undefined || Math.abs(nearest - timeS) > windowS + 1e-9) return { timeS, snapped: false };
  return { timeS: roundSeconds(nearest), snapped: true };
}
