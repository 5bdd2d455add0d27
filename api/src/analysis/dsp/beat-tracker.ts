import { computeOnsetEnvelope } from './onset-envelope';
import { estimateTempo } from './tempo';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { exp, floor, log, max, min, round, sqrt } = Math;


/** Beats in seconds (2 decimals, ascending), the global tempo and its half/double alternatives in BPM. */
export type BeatAnalysis = { beatsS: number[]; tempoBpm: number; tempoAlternativesBpm: [number, number] };

/** Transition penalty weight of the dynamic programme (librosa's default). */
const TIGHTNESS = 100;
/** Constant shift added to every beat, calibrated on the synthesised set (median signed error ≈ 0). */
export const BEAT_LATENCY_CORRECTION_S = 0;

/** Onset envelope smoothed by a Gaussian of width period/32 and normalised by its standard deviation. */
function computeLocalScore(envelope: Float32Array, periodFrames: number): Float64Array {
  let mean = 0;
  for (const v of envelope) mean += v;
  mean /= envelope.length;
  let variance = 0;
  for (const v of envelope) variance += (v - mean) ** 2;
  const std = sqrt(variance / max(1, envelope.length - 1)) || 1;
  const half = round(periodFrames);
  const kernel = new Float64Array(2 * half + 1);
  for (let k = -half; k <= half; k++) kernel[k + half] = exp(-0.5 * ((k * 32) / periodFrames) ** 2);
  const score = new Float64Array(envelope.length);
  for (let i = 0; i < envelope.length; i++) {
    let sum = 0;
    const from = max(-half, -i);
    const to = min(half, envelope.length - 1 - i);
    for (let k = from; k <= to; k++) sum += kernel[k + half] * envelope[i + k];
    score[i] = sum / std;
  }
  return score;
}

/** Ellis (2007) dynamic programme: best beat chain through `localScore` at `periodFrames` spacing. */
function runBeatProgramme(localScore: Float64Array, periodFrames: number): number[] {
  const n = localScore.length;
  const cumScore = new Float64Array(n);
  const backlink = new Int32Array(n).fill(-1);
  const minStep = max(1, round(periodFrames / 2));
  const maxStep = round(2 * periodFrames);
  const penalty = new Float64Array(maxStep + 1);
  for (let step = minStep; step <= maxStep; step++) penalty[step] = -TIGHTNESS * log(step / periodFrames) ** 2;
  let maxLocal = 0;
  for (const v of localScore) maxLocal = max(maxLocal, v);
  let isFirstBeat = true;
  for (let i = 0; i < n; i++) {
    let best = -Infinity;
    let bestPrev = -1;
    for (let step = minStep; step <= maxStep && i - step >= 0; step++) {
      const candidate = cumScore[i - step] + penalty[step];
      if (candidate > best) [best, bestPrev] = [candidate, i - step];
    }
    if (bestPrev < 0) best = 0;
    cumScore[i] = localScore[i] + best;
    if (isFirstBeat && localScore[i] < 0.01 * maxLocal) backlink[i] = -1;
    else {
      backlink[i] = bestPrev;
      isFirstBeat = false;
    }
  }
  return backtrackBeats(cumScore, backlink);
}

/** Last strong local maximum of the cumulative score, followed back through the links. */
function backtrackBeats(cumScore: Float64Array, backlink: Int32Array): number[] {
  const maxima: number[] = [];
  for (let i = 1; i < cumScore.length - 1; i++) {
    if (cumScore[i] > cumScore[i - 1] && cumScore[i] >= cumScore[i + 1]) maxima.push(i);
  }
  if (maxima.length === 0) return [];
  const sorted = maxima.map((i) => cumScore[i]).sort((a, b) => a - b);
  const median = sorted[floor(sorted.length / 2)];
  let last = maxima[maxima.length - 1];
  for (let j = maxima.length - 1; j >= 0; j--) {
    if (cumScore[maxima[j]] * 2 > median) {
      last = maxima[j];
      break;
    }
  }
  const beats = [last];
  while (backlink[beats[beats.length - 1]] >= 0) beats.push(backlink[beats[beats.length - 1]]);
  return beats.reverse();
}

/** Drops weak beats at both ends (Hann-smoothed local score below half its RMS). */
function trimWeakBeats(localScore: Float64Array, beats: number[]): number[] {
  if (beats.length < 3) return beats;
  const hann = [0.25, 0.75, 1, 0.75, 0.25];
  const values = beats.map((b) => localScore[b]);
  const smooth = values.map((_, i) => hann.reduce((s, w, k) => s + w * (values[i + k - 2] ?? 0), 0));
  const threshold = 0.5 * sqrt(smooth.reduce((s, v) => s + v * v, 0) / smooth.length);
  let start = 0;
  let end = beats.length;
  while (start < end && smooth[start] <= threshold) start++;
  while (end > start && smooth[end - 1] <= threshold) end--;
  return beats.slice(start, end);
}

/** Beat positions of a mono signal: onset envelope → tempo → dynamic-programming beat tracker. */
export function trackBeats(mono: Float32Array, sampleRateHz: number): BeatAnalysis {
  const { envelope, frameRateHz } = computeOnsetEnvelope(mono, sampleRateHz);
  const tempo = estimateTempo(envelope, frameRateHz);
  let hasOnsets = false;
  for (const v of envelope) if (v > 0) hasOnsets = true;
  const round2 = (value: number) => round(value * 100) / 100;
  const alternatives: [number, number] = [round2(tempo.tempoAlternativesBpm[0]), round2(tempo.tempoAlternativesBpm[1])];
  if (!hasOnsets) return { beatsS: [], tempoBpm: round2(tempo.tempoBpm), tempoAlternativesBpm: alternatives };
  const localScore = computeLocalScore(envelope, tempo.periodFrames);
  const beatFrames = trimWeakBeats(localScore, runBeatProgramme(localScore, tempo.periodFrames));
  const durationS = mono.length / sampleRateHz;
  const beatsS = beatFrames
    .map((frame) => round2(frame / frameRateHz + BEAT_LATENCY_CORRECTION_S))
    .filter((t, i, all) => t >= 0 && t <= durationS && (i === 0 || t > all[i - 1]));
  return { beatsS, tempoBpm: round2(tempo.tempoBpm), tempoAlternativesBpm: alternatives };
}
