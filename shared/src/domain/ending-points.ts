import { ENDING_POINT_MARGIN_S } from './constants';
import { fail, type Result, succeed } from './result';
import { formatEndingPointTooClose, INVALID_ENDING_POINT_MESSAGE } from './rule-messages';
import { roundSeconds, secondsToMs } from './time';

/** Sorted, de-duplicated ending points rounded to 2 decimals (spacing is not checked). */
export function normalizeEndingPoints(pointsS: readonly number[]): number[] {
  const rounded = pointsS.filter(Number.isFinite).map(roundSeconds);
  return [...new Set(rounded)].sort((a, b) => a - b);
}

/** True when two lists hold the same ending points, once both are normalised (normalizeEndingPoints). */
export function isSameEndingPointList(a: readonly number[], b: readonly number[]): boolean {
  const [left, right] = [normalizeEndingPoints(a), normalizeEndingPoints(b)];
  return left.length === right.length && left.every((point, i) => point === right[i]);
}

/** True when every neighbour pair is at least `marginS` apart (compared in whole ms). */
export function areEndingPointsSpaced(pointsS: readonly number[], marginS: number = ENDING_POINT_MARGIN_S): boolean {
  const sortedMs = [...pointsS].map(secondsToMs).sort((a, b) => a - b);
  const marginMs = secondsToMs(marginS);
  return sortedMs.every((ms, i) => i === 0 || ms - sortedMs[i - 1] >= marginMs);
}

/** Adds an ending point; refused when it is closer than the margin to an existing one. */
export function addEndingPoint(
  pointsS: readonly number[],
  pointS: number,
  marginS: number = ENDING_POINT_MARGIN_S,
): Result<number[]> {
  if (!Number.isFinite(pointS) || pointS < 0) return fail(INVALID_ENDING_POINT_MESSAGE);
  const existing = normalizeEndingPoints(pointsS);
  const pointMs = secondsToMs(roundSeconds(pointS));
  const marginMs = secondsToMs(marginS);
  const tooClose = existing.some((p) => Math.abs(secondsToMs(p) - pointMs) < marginMs);
  if (tooClose) return fail(formatEndingPointTooClose(marginS));
  return succeed(normalizeEndingPoints([...existing, pointS]));
}

/** Removes the ending point equal to `pointS` once both are rounded. */
export function removeEndingPoint(pointsS: readonly number[], pointS: number): number[] {
  const target = roundSeconds(pointS);
  return normalizeEndingPoints(pointsS).filter((p) => p !== target);
}

/** Checks a saved list (server side): times ≥ 0 and spaced; the value is the normalized list. */
export function validateEndingPoints(
  pointsS: readonly number[],
  marginS: number = ENDING_POINT_MARGIN_S,
): Result<number[]> {
  if (pointsS.some((p) => !Number.isFinite(p) || p < 0)) return fail(INVALID_ENDING_POINT_MESSAGE);
  const normalized = normalizeEndingPoints(pointsS);
  if (normalized.length !== pointsS.length || !areEndingPointsSpaced(normalized, marginS)) {
    return fail(formatEndingPointTooClose(marginS));
  }
  return succeed(normalized);
}

/** The first ending point at or after `timeS`, or null. */
export function findNextEndingPoint(pointsS: readonly number[], timeS: number): number | null {
  return normalizeEndingPoints(pointsS).find((p) => p >= roundSeconds(timeS)) ?? null;
}
