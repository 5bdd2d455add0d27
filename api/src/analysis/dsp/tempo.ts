// Local bindings: Math property look-ups are slow inside the test sandbox.
const { ceil, exp, floor, log2, max, min } = Math;

/** Tempo estimate: beat period in envelope frames and the tempo in BPM with its octave neighbours. */
export type TempoEstimate = { periodFrames: number; tempoBpm: number; tempoAlternativesBpm: [number, number] };

const PRIOR_CENTRE_BPM = 120;
const PRIOR_WIDTH_OCTAVES = 1;
const MIN_TEMPO_BPM = 40;
const MAX_TEMPO_BPM = 240;
const FASTER_LEVEL_MIN_RATIO = 0.6;
const FASTEST_BEAT_BPM = 200;

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
function refineLag(acf: Float64Array, lag: number): { lag: number; value: number } {
  const low = max(1, floor(lag * 0.85));
  const high = min(acf.length - 2, ceil(lag * 1.15));
  let best = low;
  for (let l = low; l <= high; l++) if (acf[l] > acf[best]) best = l;
  const [a, b, c] = [acf[best - 1], acf[best], acf[best + 1]];
  const denominator = a - 2 * b + c;
  const shift = best > 1 && best < acf.length - 1 && denominator < 0 ? (0.5 * (a - c)) / denominator : 0;
  return { lag: best + max(-0.5, min(0.5, shift)), value: b };
}

/** Global tempo from an onset envelope: ACF with a log-Gaussian prior, then octave check on strong onsets. */
export function estimateTempo(envelope: Float32Array, frameRateHz: number): TempoEstimate {
  const framesPerMinute = 60 * frameRateHz;
  const maxLag = ceil(framesPerMinute / MIN_TEMPO_BPM) * 2;
  const acf = computeAutocorrelation(envelope, maxLag);
  const minLag = floor(framesPerMinute / MAX_TEMPO_BPM);
  let bestLag = minLag;
  let bestScore = -Infinity;
  for (let lag = minLag; lag <= ceil(framesPerMinute / MIN_TEMPO_BPM); lag++) {
    const z = log2(framesPerMinute / lag / PRIOR_CENTRE_BPM) / PRIOR_WIDTH_OCTAVES;
    const score = max(0, acf[lag]) * exp(-0.5 * z * z);
    if (score > bestScore) [bestScore, bestLag] = [score, lag];
  }
  const strong = new Float32Array(envelope.length);
  for (let i = 0; i < envelope.length; i++) strong[i] = envelope[i] * envelope[i];
  const strongAcf = computeAutocorrelation(strong, maxLag);
  let chosen = refineLag(acf, bestLag).lag;
  const slower = chosen * 2;
  if (slower < maxLag - 1 && framesPerMinute / slower >= MIN_TEMPO_BPM) {
    const atSlower = refineLag(strongAcf, slower);
    if (refineLag(strongAcf, chosen).value < FASTER_LEVEL_MIN_RATIO * atSlower.value) chosen = refineLag(acf, slower).lag;
  }
  const faster = chosen / 2;
  if (framesPerMinute / faster <= FASTEST_BEAT_BPM && faster >= 2) {
    const atFaster = refineLag(strongAcf, faster);
    if (atFaster.value >= FASTER_LEVEL_MIN_RATIO * refineLag(strongAcf, chosen).value) chosen = refineLag(acf, faster).lag;
  }
  const tempoBpm = framesPerMinute / chosen;
  return { periodFrames: chosen, tempoBpm, tempoAlternativesBpm: [tempoBpm / 2, tempoBpm * 2] };
}
