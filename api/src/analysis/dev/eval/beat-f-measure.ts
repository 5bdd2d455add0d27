// Local bindings: Math property look-ups are slow inside the test sandbox.
const { abs, max } = Math;

/** Beats earlier than this are ignored in both lists (mir_eval's trim_beats). */
export const MIN_BEAT_TIME_S = 5;
/** Half-width of the hit window (mir_eval's f_measure_threshold). */
export const F_MEASURE_WINDOW_S = 0.07;

/** Beats at or after MIN_BEAT_TIME_S. */
export function trimBeats(beatsS: number[], minBeatTimeS = MIN_BEAT_TIME_S): number[] {
  return beatsS.filter((t) => t >= minBeatTimeS);
}

/** Maximum one-to-one matching of reference and estimated events within ±windowS: pairs [refIndex, estIndex]. */
export function matchEvents(referenceS: number[], estimatedS: number[], windowS: number): Array<[number, number]> {
  const candidates = referenceS.map((r) => {
    const hits: number[] = [];
    estimatedS.forEach((e, j) => {
      if (abs(r - e) <= windowS + 1e-9) hits.push(j);
    });
    return hits;
  });
  const ownerOfEstimate = new Int32Array(estimatedS.length).fill(-1);
  const tryAssign = (ref: number, seen: Uint8Array): boolean => {
    for (const est of candidates[ref]) {
      if (seen[est]) continue;
      seen[est] = 1;
      if (ownerOfEstimate[est] < 0 || tryAssign(ownerOfEstimate[est], seen)) {
        ownerOfEstimate[est] = ref;
        return true;
      }
    }
    return false;
  };
  referenceS.forEach((_, ref) => tryAssign(ref, new Uint8Array(estimatedS.length)));
  const pairs: Array<[number, number]> = [];
  ownerOfEstimate.forEach((ref, est) => {
    if (ref >= 0) pairs.push([ref, est]);
  });
  return pairs.sort((a, b) => a[0] - b[0]);
}

/** mir_eval beat F-measure: trim the first 5 s of both lists, ±70 ms window, 0 if either list is empty. */
export function scoreBeatFMeasure(referenceS: number[], estimatedS: number[]): number {
  const reference = trimBeats(referenceS);
  const estimated = trimBeats(estimatedS);
  if (reference.length === 0 || estimated.length === 0) return 0;
  const matches = matchEvents(reference, estimated, F_MEASURE_WINDOW_S).length;
  if (matches === 0) return 0;
  const precision = matches / estimated.length;
  const recall = matches / reference.length;
  return (2 * precision * recall) / (precision + recall);
}

/** Median of (estimate − reference) over matched beats after trimming, in milliseconds (NaN if none). */
export function measureMedianTimingErrorMs(referenceS: number[], estimatedS: number[]): number {
  const reference = trimBeats(referenceS);
  const estimated = trimBeats(estimatedS);
  const errors = matchEvents(reference, estimated, F_MEASURE_WINDOW_S)
    .map(([r, e]) => (estimated[e] - reference[r]) * 1000)
    .sort((a, b) => a - b);
  if (errors.length === 0) return NaN;
  const mid = errors.length >> 1;
  return errors.length % 2 ? errors[mid] : (errors[mid - 1] + errors[mid]) / 2;
}

/** Tempo within ±4 % of the reference (MIREX Acc1). */
export function isTempoCorrect(referenceBpm: number, estimatedBpm: number, tolerance = 0.04): boolean {
  return abs(estimatedBpm - referenceBpm) <= tolerance * referenceBpm;
}

/** Continuity-based accuracy (mir_eval CMLt): share of beats correct in phase and period within ±17.5 % of the beat. */
export function scoreContinuityTotal(referenceS: number[], estimatedS: number[], tolerance = 0.175): number {
  const reference = trimBeats(referenceS);
  const estimated = trimBeats(estimatedS);
  if (reference.length < 2 || estimated.length < 2) return 0;
  let correct = 0;
  let r = 0;
  for (let j = 0; j < estimated.length; j++) {
    while (r + 1 < reference.length && abs(reference[r + 1] - estimated[j]) < abs(reference[r] - estimated[j])) r++;
    const interval = r + 1 < reference.length ? reference[r + 1] - reference[r] : reference[r] - reference[r - 1];
    if (abs(estimated[j] - reference[r]) > tolerance * interval) continue;
    const estimatedInterval = j > 0 ? estimated[j] - estimated[j - 1] : estimated[1] - estimated[0];
    const referenceInterval = r > 0 ? reference[r] - reference[r - 1] : interval;
    if (abs(estimatedInterval - referenceInterval) <= tolerance * referenceInterval) correct++;
  }
  return correct / max(reference.length, estimated.length);
}

/** mir_eval AMLt: the best CMLt over the reference, its off-beats, double, and both half-tempo versions. */
export function scoreAllowedMetricalLevels(referenceS: number[], estimatedS: number[]): number {
  const midpoints = referenceS.slice(1).map((t, i) => (t + referenceS[i]) / 2);
  const doubled = referenceS.flatMap((t, i) => (i < midpoints.length ? [t, midpoints[i]] : [t]));
  const variants = [
    referenceS,
    midpoints,
    doubled,
    referenceS.filter((_, i) => i % 2 === 0),
    referenceS.filter((_, i) => i % 2 === 1),
  ];
  return Math.max(...variants.map((variant) => scoreContinuityTotal(variant, estimatedS)));
}
