import { SIMILARITY_THRESHOLD_DEFAULT_PERCENT } from './constants';

/** Tolerance so that a similarity equal to the threshold is not lost to float error. */
const THRESHOLD_EPSILON = 1e-9;

/** Cumulative boundary times measured from the start: [d1, d1+d2, …]. */
export function accumulateDurations(segmentDurations: readonly number[]): number[] {
  const cumulative: number[] = [];
  let total = 0;
  for (const duration of segmentDurations) {
    total += duration;
    cumulative.push(total);
  }
  return cumulative;
}

/** min/max of two cumulative times; two zeros are identical (1), one zero shares nothing (0). */
function compareBoundary(a: number, b: number): number {
  const high = Math.max(a, b);
  return high <= 0 ? (a === b ? 1 : 0) : Math.max(0, Math.min(a, b)) / high;
}

/**
 * Similarity (0…1) of a beat and a template given their segment durations (same unit):
 * the mean of min/max over cumulative boundary times. Null when the counts differ or are 0.
 */
export function scoreSimilarity(beatDurations: readonly number[], templateDurations: readonly number[]): number | null {
  const n = beatDurations.length;
  if (n === 0 || n !== templateDurations.length) return null;
  const beat = accumulateDurations(beatDurations);
  const template = accumulateDurations(templateDurations);
  const sum = beat.reduce((total, b, i) => total + compareBoundary(b, template[i]), 0);
  return sum / n;
}

/** Similar (docs/rules.md): same segment count n ≥ 1 and similarity ≥ thresholdPercent / 100. */
export function isSimilar(
  beatDurations: readonly number[],
  templateDurations: readonly number[],
  thresholdPercent: number = SIMILARITY_THRESHOLD_DEFAULT_PERCENT,
): boolean {
  const similarity = scoreSimilarity(beatDurations, templateDurations);
  const threshold = Number.isFinite(thresholdPercent) ? thresholdPercent : SIMILARITY_THRESHOLD_DEFAULT_PERCENT;
  return similarity !== null && similarity + THRESHOLD_EPSILON >= threshold / 100;
}
