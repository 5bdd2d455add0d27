import { computeOnsetEnvelope } from './onset-envelope';
import { describeTempo, estimateTempo, refineLag, type TempoEstimate } from './tempo';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { exp, floor, log, max, min, round, sqrt } = Math;

/** One metrical level the tracker offers: its tempo relative to the chosen one, and its own beats. */
export type TempoVariant = { factor: number; bpm: number; confidence: number; beatsS: number[] };

/**
 * Beats in seconds (2 decimals, ascending), the global tempo and its half/double alternatives in
 * BPM; the variants (the chosen level first, then ×0.5, ×2 and, where a triple feel is likely,
 * ×2/3 or ×3/2, ranked by confidence); and the onsets (seconds, 2 decimals, ascending) for snapping.
 */
export type BeatAnalysis = {
  beatsS: number[];
  tempoBpm: number;
  tempoAlternativesBpm: [number, number];
  variants: TempoVariant[];
  onsetsS: number[];
};

/** Transition penalty weight of the dynamic programme (librosa's default). */
const TIGHTNESS = 100;
/** Off-beat/on-beat strength ratio above which the beat is taken at double the tempo. */
const OFFBEAT_RATIO_FOR_FASTER = 0.66;
/** Ratio at half the tempo below which that slower level is taken as the beat. */
const OFFBEAT_RATIO_FOR_SLOWER = 0.5;
/** Fastest tempo the octave check may move to. */
const FASTEST_BEAT_BPM = 200;
/** Slowest tempo the octave check may move to. */
const MIN_BEAT_BPM = 45;
/** Tempo factors offered beside the chosen level: octave errors, then triple-feel ones. */
const OCTAVE_FACTORS = [0.5, 2];
const TRIPLE_FACTORS = [2 / 3, 3 / 2];
/**
 * A triple-feel variant is offered when the onset autocorrelation at its period reaches this share
 * of the chosen period's (chosen on the tuning half of the synthesised set).
 */
export const TRIPLE_FEEL_MIN_RELATIVE_ACF = 0.5;
/** How far (share of the period) a variant's period may move from the exact ratio to an autocorrelation peak. */
const VARIANT_LAG_WIDTH = 0.05;
/** Slowest and fastest variant offered. */
const VARIANT_BPM_RANGE = [30, 300] as const;
/** Onsets: a frame is one when it is the largest within ±ONSET_PEAK_FRAMES and above the adaptive threshold. */
const ONSET_PEAK_FRAMES = 3;
/** Adaptive onset threshold: local mean over ±ONSET_MEAN_FRAMES plus this many global standard deviations. */
const ONSET_THRESHOLD_STD = 0.5;
const ONSET_MEAN_FRAMES = 16;
/** Constant shift added to every beat, calibrated on the synthesised set (median signed error ≈ 0). */
export const BEAT_LATENCY_CORRECTION_S = 0.009;

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

/** Onset strength half-way between beats relative to the strength at beats (peaks within ±2 frames). */
export function measureOffbeatRatio(envelope: Float32Array, beatFrames: number[]): number {
  const peakNear = (frame: number) => {
    let peak = 0;
    for (let i = max(0, frame - 2); i <= min(envelope.length - 1, frame + 2); i++) peak = max(peak, envelope[i]);
    return peak;
  };
  let [onBeat, offBeat] = [1e-9, 0];
  for (let i = 0; i + 1 < beatFrames.length; i++) {
    onBeat += peakNear(beatFrames[i]);
    offBeat += peakNear(round((beatFrames[i] + beatFrames[i + 1]) / 2));
  }
  return offBeat / onBeat;
}

/** Beat frames for a period: local score, dynamic programme, trimming of weak ends. */
function findBeatFrames(envelope: Float32Array, periodFrames: number): number[] {
  const localScore = computeLocalScore(envelope, periodFrames);
  return trimWeakBeats(localScore, runBeatProgramme(localScore, periodFrames));
}

/** Beat positions of a mono signal: onset envelope → tempo → dynamic-programming beat tracker. */
export function trackBeats(mono: Float32Array, sampleRateHz: number): BeatAnalysis {
  const { envelope, frameRateHz } = computeOnsetEnvelope(mono, sampleRateHz);
  const framesPerMinute = 60 * frameRateHz;
  const { acf, ...estimate } = estimateTempo(envelope, frameRateHz);
  let tempo: TempoEstimate = estimate;
  let beatFrames = envelope.some((v) => v > 0) ? findBeatFrames(envelope, tempo.periodFrames) : [];
  const slowerPeriodFrames = refineLag(acf, tempo.periodFrames * 2).lag;
  const fasterPeriodFrames = refineLag(acf, tempo.periodFrames / 2).lag;
  const slowerBeatFrames =
    framesPerMinute / slowerPeriodFrames >= MIN_BEAT_BPM ? findBeatFrames(envelope, slowerPeriodFrames) : [];
  const slowerRatio = slowerBeatFrames.length > 2 ? measureOffbeatRatio(envelope, slowerBeatFrames) : 1;
  const offbeatRatio = measureOffbeatRatio(envelope, beatFrames);
  if (slowerRatio < OFFBEAT_RATIO_FOR_SLOWER) {
    tempo = describeTempo(slowerPeriodFrames, framesPerMinute);
    beatFrames = slowerBeatFrames;
  } else if (framesPerMinute / fasterPeriodFrames <= FASTEST_BEAT_BPM && offbeatRatio >= OFFBEAT_RATIO_FOR_FASTER) {
    tempo = describeTempo(fasterPeriodFrames, framesPerMinute);
    beatFrames = findBeatFrames(envelope, tempo.periodFrames);
  }
  const durationS = mono.length / sampleRateHz;
  const toSeconds = (frames: number[]) =>
    frames
      .map((frame) => round2(frame / frameRateHz + BEAT_LATENCY_CORRECTION_S))
      .filter((t, i, all) => t >= 0 && t <= durationS && (i === 0 || t > all[i - 1]));
  const beatsS = toSeconds(beatFrames);
  const [slowerBpm, fasterBpm] = tempo.tempoAlternativesBpm;
  const hasOnsets = envelope.some((v) => v > 0);
  return {
    beatsS,
    tempoBpm: round2(tempo.tempoBpm),
    tempoAlternativesBpm: [round2(slowerBpm), round2(fasterBpm)],
    variants: hasOnsets ? offerVariants(envelope, acf, tempo, beatsS, framesPerMinute, toSeconds) : [],
    onsetsS: hasOnsets ? toSeconds(pickOnsetFrames(envelope)) : [],
  };
}

/**
 * The chosen level first (confidence from its share of the candidates' prior-weighted
 * autocorrelation), then the others ranked by that confidence, each tracked at its own period.
 */
function offerVariants(
  envelope: Float32Array,
  acf: Float64Array,
  chosen: TempoEstimate,
  chosenBeatsS: number[],
  framesPerMinute: number,
  toSeconds: (frames: number[]) => number[],
): TempoVariant[] {
  const chosenStrength = max(1e-12, refineLag(acf, chosen.periodFrames).value);
  const candidates = [...OCTAVE_FACTORS, ...TRIPLE_FACTORS].flatMap((factor) => {
    const target = chosen.periodFrames / factor;
    if (target * 2 >= acf.length) return [];
    // Close to the exact ratio: a swung off-beat makes a stronger peak further off, at another level.
    const { lag, value } = refineLag(acf, target, VARIANT_LAG_WIDTH);
    const bpm = framesPerMinute / lag;
    if (bpm < VARIANT_BPM_RANGE[0] || bpm > VARIANT_BPM_RANGE[1]) return [];
    if (TRIPLE_FACTORS.includes(factor) && value / chosenStrength < TRIPLE_FEEL_MIN_RELATIVE_ACF) return [];
    return [{ factor, lag, bpm, strength: weightByTempoPrior(max(0, value), bpm) }];
  });
  const chosenWeight = weightByTempoPrior(chosenStrength, chosen.tempoBpm);
  const total = chosenWeight + candidates.reduce((sum, c) => sum + c.strength, 0);
  const others = candidates
    .map((c) => ({
      factor: round2(c.factor),
      bpm: round2(c.bpm),
      confidence: round2(c.strength / total),
      beatsS: toSeconds(findBeatFrames(envelope, c.lag)),
    }))
    .sort((a, b) => b.confidence - a.confidence);
  return [
    { factor: 1, bpm: round2(chosen.tempoBpm), confidence: round2(chosenWeight / total), beatsS: chosenBeatsS },
    ...others,
  ];
}

/** Perceptual tempo preference (log-Gaussian around 120 BPM, one octave wide), as the tempo estimate uses. */
function weightByTempoPrior(strength: number, bpm: number): number {
  const z = Math.log2(bpm / 120);
  return strength * exp(-0.5 * z * z);
}

/** Frames of the onsets: local maxima of the envelope above a moving mean plus a share of its deviation. */
export function pickOnsetFrames(envelope: Float32Array): number[] {
  let mean = 0;
  for (const v of envelope) mean += v;
  mean /= max(1, envelope.length);
  let variance = 0;
  for (const v of envelope) variance += (v - mean) ** 2;
  const std = sqrt(variance / max(1, envelope.length));
  const prefix = new Float64Array(envelope.length + 1);
  for (let i = 0; i < envelope.length; i++) prefix[i + 1] = prefix[i] + envelope[i];
  const frames: number[] = [];
  for (let i = 0; i < envelope.length; i++) {
    const v = envelope[i];
    if (v <= 0) continue;
    const from = max(0, i - ONSET_MEAN_FRAMES);
    const to = min(envelope.length, i + ONSET_MEAN_FRAMES + 1);
    if (v < (prefix[to] - prefix[from]) / (to - from) + ONSET_THRESHOLD_STD * std) continue;
    let isPeak = true;
    for (let k = max(0, i - ONSET_PEAK_FRAMES); k <= min(envelope.length - 1, i + ONSET_PEAK_FRAMES) && isPeak; k++)
      if (envelope[k] > v || (envelope[k] === v && k < i)) isPeak = false;
    if (isPeak) frames.push(i);
  }
  return frames;
}

/** Rounds to 2 decimals. */
function round2(value: number): number {
  return round(value * 100) / 100;
}
