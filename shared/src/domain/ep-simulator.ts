import { findNextEndingPoint } from './ending-points';
import { normalizeOffsets } from './offsets';
import { roundSeconds } from './time';

export type EpSimulatorInput = {
  endingPointsS: readonly number[];
  /** The ending point selected in the table, or null to use the first one at/after the playhead. */
  selectedEndingPointS: number | null;
  playheadS: number;
  /** Boundaries (offsets) of the active beat; empty when none is active. */
  boundariesS: readonly number[];
  /** Start of the active beat's first segment (0 when none). */
  startS: number;
  segmentCount: number;
  paddingS: number;
};

export type PlayRange = { fromS: number; toS: number };

/**
 * EP Simulator: To = e + padding; From = the N-th boundary before e, or the start when there are
 * fewer. Null when there is no ending point to use. N < 1 plays only the padding after e.
 */
export function deriveEpSimulation(input: EpSimulatorInput): PlayRange | null {
  const endS = input.selectedEndingPointS ?? findNextEndingPoint(input.endingPointsS, input.playheadS);
  if (endS === null || !Number.isFinite(endS)) return null;
  const paddingS = Number.isFinite(input.paddingS) ? Math.max(0, input.paddingS) : 0;
  const count = Number.isFinite(input.segmentCount) ? Math.floor(input.segmentCount) : 0;
  const before = normalizeOffsets(input.boundariesS).filter((b) => b < endS && b >= input.startS);
  let fromS = endS;
  if (count >= 1) fromS = count <= before.length ? before[before.length - count] : Math.min(input.startS, endS);
  return { fromS: roundSeconds(fromS), toS: roundSeconds(endS + paddingS) };
}
