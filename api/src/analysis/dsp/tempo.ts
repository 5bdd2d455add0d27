// Local bindings: Math property look-ups are slow inside the test sandbox.
const { ceil, exp, floor, log2, max, min } = Math;

/** Tempo estimate: beat period in envelope frames and the tempo in BPM with its octave neighbours. */
export type TempoEstimate = { periodFrames: number; tempoBpm: number; tempoAlternativesBpm: [number, number] };

export const PRIOR_CENTRE_BPM = 120;
const PRIOR_WIDTH_OCTAVES = 1;
const MIN_TEMPO_BPM = 40;
const MAX_TEMPO_BPM = 240;

/** Unbiased autocorrelation of the mean-removed signal for lags 0..maxLag. */
export function computeAutocorrelation(signal: Float32Array, maxLag: number): Float64Array {
  const n = signal.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += signal[i];
  mean /= max(1, n);
  const centred = new Float64Array(n);
  for (let i = 0; i < n; i++) centred[i] = signal[i] - mean;
  const acf = new Float64Array(maxLag + 1);
  for (let lag = 0; lag <= maxLag && lag < n; lag++) {
    let sum = 0;
    for (let i = lag; i < n; i++) sum += centred[i] * centred[i - lag];
    acf[lag] = sum / (n - lag);
  }
  return acf;
}

/** Lag of the ACF maximum near `lag` (±15 %), refined by parabolic interpolation. */
export function refineLag(acf: Float64Array, lag: number): { lag: number; value: number } {
  const low = max(1, floor(lag * 0.85));
  const high = min(acf.length - 2, ceil(lag * 1.15));
  let best = low;
  for (let l = low; l <= high; l++) if (acf[l] > acf[best]) best = l;
  const [a, b, c] = [acf[best - 1], acf[best], acf[best + 1]];
  const denominator = a - 2 * b + c;
  const shift = best > 1 && best < acf.length - 1 && denominator < 0 ? (0.5 * (a - c)) / denominator : 0;
  return { lag: best + max(-0.5, min(0.5, shift)), value: b };
}

/** Log-Gaussian perceptual tempo weight: 1 at PRIOR_CENTRE_BPM, PRIOR_WIDTH_OCTAVES standard deviation. */
export function weighTempo(bpm: number): number {
  const z = log2(bpm / PRIOR_CENTRE_BPM) / PRIOR_WIDTH_OCTAVES;
  return exp(-0.5 * z * z);
}

/** Lag (frames) of the largest ACF value weighted by the tempo prior (weighTempo). */
function findPriorPeakLag(acf: Float64Array, framesPerMinute: number): number {
  const minLag = floor(framesPerMinute / MAX_TEMPO_BPM);
  let bestLag = minLag;
  let bestScore = -Infinity;
  for (let lag = minLag; lag <= ceil(framesPerMinute / MIN_TEMPO_BPM); lag++) {
    const score = max(0, acf[lag]) * weighTempo(framesPerMinute / lag);
    if (score > bestScore) [bestScore, bestLag] = [score, lag];
  }
  return bestLag;
}

/** Tempo description of a beat period in frames. */
export function describeTempo(periodFrames: number, framesPerMinute: number): TempoEstimate {
  const tempoBpm = framesPerMinute / periodFrames;
  return { periodFrames, tempoBpm, tempoAlternativesBpm: [tempoBpm / 2, tempoBpm * 2] };
}

/**
 * Global tempo from an onset envelope: the ACF peak weighted by a log-Gaussian prior around 120 BPM. The ACF returned
 * reaches twice the slowest tempo's period, or `minReachS` seconds if that is longer.
 */
export function estimateTempo(
  envelope: Float32Array,
  frameRateHz: number,
  minReachS = 0,
): TempoEstimate & { acf: Float64Array } {
  const framesPerMinute = 60 * frameRateHz;
  const maxLag = max(ceil(framesPerMinute / MIN_TEMPO_BPM) * 2, ceil(minReachS * frameRateHz) + 1);
  const acf = computeAutocorrelation(envelope, maxLag);
  return { ...describeTempo(refineLag(acf, findPriorPeakLag(acf, framesPerMinute)).lag, framesPerMinute), acf };
}
