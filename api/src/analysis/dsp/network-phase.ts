import { ACTIVATION_FRAME_RATE_HZ, BeatActivation } from './beat-activation';
import { ACTIVATION_INPUT_RATE_HZ } from './beat-activation-input';
import { halfwayPoints, meanPeakAt, peakNear } from './meter-cues';
import { resampleSpan } from './resample';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { max, min, round } = Math;

/**
 * When a trained network (BeatNet, beat-activation.ts) is sure the beat lies half a beat away from the tracker's grid,
 * and kicks do not explain its view, the grid moves half a beat.
 * - `confidence`: the network's beat probability, averaged at the grid's beats, falls short of its average half-way
 *   between them by more than this.
 * - `kickContrast`: the kicks at the grid's beats are at least this much stronger than half-way, (on − off) / (on + off).
 *   The network, trained on recorded music, takes kicks for beats; where kicks sit half-way (kicks on the "and"s under
 *   a snare on 2 and 4) its word is not taken.
 * - `lessSure`: a lower confidence, taken where the kicks do not mark the grid's points alone (contrast under
 *   `kickContrastBelow`). Where they do, as a four-on-the-floor's kick does, they are strong evidence for the grid, and
 *   the network must be as sure as `confidence` asks.
 * Chosen on the tuning halves (in-house and sampled, in memory and through MP3) and the unit tests' constructed grooves
 * only. The gate fired on the same tracks for confidence 0.5–0.7 and kick contrast −0.2–0.2; the middle of each range
 * is taken. With the whole excerpt read, a confidence of 0.2–0.3 mends two grids through MP3 that 0.6 leaves half a
 * beat off (a kick on every "and" under a faint snare, network at −0.37, kick contrast 0.20; jazz "bombs", −0.58 and
 * 0.58) and breaks none of those sets, but moves a constructed dembow (−0.55) whose kicks mark every beat (0.997);
 * from 0.19 down a right grid moves (soul sixteenths). The middle, 0.25, is taken below a kick contrast of 0.8, a kick
 * on the grid nine times as strong as half-way, between 0.58 and 0.997.
 */
export const NETWORK_PHASE = {
  confidence: 0.6,
  kickContrast: 0,
  lessSure: { confidence: 0.25, kickContrastBelow: 0.8 },
};
/** The network reads at most this much of a track, from NETWORK_EXCERPT.fromS on when the track is long enough. */
export const NETWORK_EXCERPT = { lengthS: 30, fromS: 15 };
/**
 * The network stops after `probeS` of the excerpt when its agreement with the grid there is above `settled`: so far
 * from −confidence that the rest cannot bring it down. On the five 30-s sets (706 tracks; 568 pass the kick gate) a
 * probe of 3, 4, 5, 6, 8 or 10 s stopping above 0.2 or 0.3 changed no decision; 4 s and 0.2 stop on 439 of the 568.
 */
export const NETWORK_PROBE = { probeS: 4, settled: 0.2 };
/**
 * Past the probe the network reads on in steps of this many seconds, and stops as soon as the beats still to come could
 * not take its agreement below −confidence even if each disagreed as much as a probability can (0 on the beat, 1
 * half-way): every decision is the one the whole excerpt gives. On the tuning halves the 58 runs the probe did not
 * settle read about 12 s of their 30 (8-16 s; the two that moved the grid, all 30).
 */
export const NETWORK_STEP_S = 2;

/** Mono samples and their rate: the signal the onset bands were computed from. */
export type NetworkSignal = { samples: Float32Array; rateHz: number };

/** (on − off) / (on + off) of `signal`'s peaks at the grid's beats (on) and half-way between them (off). */
function measureContrast(signal: Float32Array, beatFrames: number[]): number {
  const [on, off] = [meanPeakAt(signal, beatFrames), meanPeakAt(signal, halfwayPoints(beatFrames))];
  return on + off > 0 ? (on - off) / (on + off) : 0;
}

/**
 * The network's average beat probability at `timesS` (±2 of its frames, as peakNear) less its average half-way
 * between them; the activation's frame 0 is at `startS`. With `knownFrames`, only the frames below it are computed:
 * a point whose reach goes past them counts as the network's strongest disagreement (0 on a beat, 1 half-way), so the
 * value is the lowest the agreement can still end at.
 */
function measureNetworkAgreement(
  activation: Float32Array,
  startS: number,
  timesS: number[],
  knownFrames = activation.length,
): number {
  const frameOf = (t: number) => round((t - startS) * ACTIVATION_FRAME_RATE_HZ);
  const halfwayS = timesS.slice(1).map((t, i) => (t + timesS[i]) / 2);
  const isKnown = (f: number) => knownFrames >= activation.length || f + 2 < knownFrames;
  const meanWith = (frames: number[], unknown: number) =>
    frames.reduce((sum, f) => sum + (isKnown(f) ? peakNear(activation, f) : unknown), 0) / max(1, frames.length);
  return meanWith(timesS.map(frameOf), 0) - meanWith(halfwayS.map(frameOf), 1);
}

/**
 * Whether the beat grid (frames at `frameRateHz`) should move half a beat (NETWORK_PHASE); `kick` is the kick band's
 * onset strength with its local mean removed. `latencyS` is added to a frame's time, as the tracker's output does.
 */
export function isNetworkAgainstPhase(
  signal: NetworkSignal,
  beatFrames: number[],
  frameRateHz: number,
  kick: Float32Array,
  latencyS: number,
): boolean {
  if (beatFrames.length < 4) return false;
  const kickContrast = measureContrast(kick, beatFrames);
  if (kickContrast <= NETWORK_PHASE.kickContrast) return false;
  const { lessSure } = NETWORK_PHASE;
  const confidence = kickContrast < lessSure.kickContrastBelow ? lessSure.confidence : NETWORK_PHASE.confidence;
  const durationS = signal.samples.length / signal.rateHz;
  const startS =
    durationS > NETWORK_EXCERPT.lengthS ? min(NETWORK_EXCERPT.fromS, durationS - NETWORK_EXCERPT.lengthS) : 0;
  const endS = min(durationS, startS + NETWORK_EXCERPT.lengthS);
  const timesS = beatFrames.map((f) => f / frameRateHz + latencyS).filter((t) => t >= startS && t < endS);
  if (timesS.length < 4) return false;
  // Audio the decoders stream mostly comes at the network's rate already; other rates (24 kHz from a 48-kHz MP3
  // through mpg123, WAV at 44.1 kHz) are resampled here.
  const { samples, rateHz } = signal;
  const run = new BeatActivation(resampleSpan(samples, rateHz, ACTIVATION_INPUT_RATE_HZ, startS, endS));
  const probeTimesS = timesS.filter((t) => t < startS + NETWORK_PROBE.probeS);
  if (probeTimesS.length >= 4) {
    run.advanceTo(round(NETWORK_PROBE.probeS * ACTIVATION_FRAME_RATE_HZ) + 2);
    if (measureNetworkAgreement(run.values, startS, probeTimesS) > NETWORK_PROBE.settled) return false;
  }
  const stepFrames = round(NETWORK_STEP_S * ACTIVATION_FRAME_RATE_HZ);
  while (run.computedFrames < run.values.length) {
    run.advanceTo(run.computedFrames + stepFrames);
    const lowest = measureNetworkAgreement(run.values, startS, timesS, run.computedFrames);
    if (lowest >= -confidence) return false;
  }
  return measureNetworkAgreement(run.values, startS, timesS) < -confidence;
}
