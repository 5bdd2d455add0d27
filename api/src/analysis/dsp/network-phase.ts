import { ACTIVATION_FRAME_RATE_HZ, BeatActivation } from './beat-activation';
import { ACTIVATION_INPUT_RATE_HZ } from './beat-activation-input';
import { peakNear } from './meter-cues';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { abs, ceil, cos, floor, max, min, PI, round, sin } = Math;

/**
 * When a trained network (BeatNet, beat-activation.ts) is sure the beat lies half a beat away from the tracker's grid,
 * and kicks do not explain its view, the grid moves half a beat.
 * - `confidence`: the network's beat probability, averaged at the grid's beats, falls short of its average half-way
 *   between them by more than this.
 * - `kickContrast`: the kicks at the grid's beats are at least this much stronger than half-way, (on − off) / (on + off).
 *   The network, trained on recorded music, takes kicks for beats; where kicks sit half-way (kicks on the "and"s under
 *   a snare on 2 and 4) its word is not taken.
 * Chosen on the tuning halves (in-house and sampled) only: the gate fires on the same tracks for confidence 0.5–0.7
 * and kick contrast −0.2–0.2; the middle of each range is taken.
 */
export const NETWORK_PHASE = { confidence: 0.6, kickContrast: 0 };
/** The network reads at most this much of a track, from NETWORK_EXCERPT.fromS on when the track is long enough. */
export const NETWORK_EXCERPT = { lengthS: 30, fromS: 15 };
/**
 * The network stops after `probeS` of the excerpt when its agreement with the grid there is above `settled`: so far
 * from −confidence that the rest cannot bring it down. On every set (1,366 tracks; 568 pass the kick gate) a probe of
 * 6-10 s stopping above 0, 0.2 or 0.3 changed no decision; above 0.2 it stops on 454 of the 568.
 */
export const NETWORK_PROBE = { probeS: 6, settled: 0.2 };

/** Mono samples and their rate: the signal the onset bands were computed from. */
export type NetworkSignal = { samples: Float32Array; rateHz: number };

/** Taps each side of an output sample in the resampler, counted in periods of the lower of the two rates. */
const RESAMPLE_HALF_TAPS = 10;
/** Fractional positions between input samples the resampler's kernel is tabulated at. */
const RESAMPLE_PHASES = 256;

/** Windowed-sinc kernel (Blackman window, cut-off at 95 % of the lower Nyquist frequency) for one rate ratio. */
const kernels = new Map<number, { reach: number; taps: Float64Array[] }>();

function kernelFor(ratio: number): { reach: number; taps: Float64Array[] } {
  let kernel = kernels.get(ratio);
  if (!kernel) kernels.set(ratio, (kernel = createResampleKernel(ratio)));
  return kernel;
}

function createResampleKernel(ratio: number): { reach: number; taps: Float64Array[] } {
  const cutoff = (0.95 * min(1, 1 / ratio)) / 2;
  const reach = ceil(RESAMPLE_HALF_TAPS * max(1, ratio));
  const taps = Array.from({ length: RESAMPLE_PHASES }, (_, phase) => {
    const row = new Float64Array(2 * reach + 1);
    for (let j = -reach; j <= reach; j++) {
      const x = j - phase / RESAMPLE_PHASES;
      if (abs(x) >= reach) continue;
      const sinc = x === 0 ? 2 * cutoff : sin(2 * PI * cutoff * x) / (PI * x);
      row[j + reach] = sinc * (0.42 + 0.5 * cos((PI * x) / reach) + 0.08 * cos((2 * PI * x) / reach));
    }
    const sum = row.reduce((a, b) => a + b, 0);
    return row.map((w) => w / sum);
  });
  return { reach, taps };
}

/**
 * Samples [fromS, toS) of `signal` at ACTIVATION_INPUT_RATE_HZ, interpolated through a windowed sinc so that hats
 * above the new Nyquist frequency do not fold down into the network's bands. The file path decodes straight to that
 * rate, and then the samples are taken as they are.
 */
function resampleForNetwork({ samples, rateHz }: NetworkSignal, fromS: number, toS: number): Float32Array {
  const [first, last] = [round(fromS * ACTIVATION_INPUT_RATE_HZ), round(toS * ACTIVATION_INPUT_RATE_HZ)];
  if (rateHz === ACTIVATION_INPUT_RATE_HZ) return samples.subarray(first, last);
  const ratio = rateHz / ACTIVATION_INPUT_RATE_HZ;
  const { reach, taps } = kernelFor(ratio);
  const out = new Float32Array(last - first);
  for (let i = 0; i < out.length; i++) {
    const centre = (first + i) * ratio;
    const base = floor(centre);
    const row = taps[floor((centre - base) * RESAMPLE_PHASES)];
    let sum = 0;
    if (base >= reach && base + reach < samples.length) {
      for (let j = 0, k = base - reach; j < row.length; j++, k++) sum += row[j] * samples[k];
    } else {
      for (let j = max(-reach, -base); j <= min(reach, samples.length - 1 - base); j++)
        sum += row[j + reach] * samples[base + j];
    }
    out[i] = sum;
  }
  return out;
}

/** (on − off) / (on + off) of `signal`'s peaks at the grid's beats (on) and half-way between them (off). */
function measureContrast(signal: Float32Array, beatFrames: number[]): number {
  let [on, off] = [0, 0];
  for (const frame of beatFrames) on += peakNear(signal, frame);
  for (let i = 0; i + 1 < beatFrames.length; i++)
    off += peakNear(signal, round((beatFrames[i] + beatFrames[i + 1]) / 2));
  on /= beatFrames.length;
  off /= max(1, beatFrames.length - 1);
  return on + off > 0 ? (on - off) / (on + off) : 0;
}

/**
 * The network's average beat probability at `timesS` (±2 of its frames, as peakNear) less its average half-way
 * between them; the activation's frame 0 is at `startS`.
 */
function measureNetworkAgreement(activation: Float32Array, startS: number, timesS: number[]): number {
  const frameOf = (t: number) => round((t - startS) * ACTIVATION_FRAME_RATE_HZ);
  let [on, off] = [0, 0];
  for (const t of timesS) on += peakNear(activation, frameOf(t));
  for (let i = 0; i + 1 < timesS.length; i++) off += peakNear(activation, frameOf((timesS[i] + timesS[i + 1]) / 2));
  return on / timesS.length - off / (timesS.length - 1);
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
  if (beatFrames.length < 4 || measureContrast(kick, beatFrames) <= NETWORK_PHASE.kickContrast) return false;
  const durationS = signal.samples.length / signal.rateHz;
  const startS =
    durationS > NETWORK_EXCERPT.lengthS ? min(NETWORK_EXCERPT.fromS, durationS - NETWORK_EXCERPT.lengthS) : 0;
  const endS = min(durationS, startS + NETWORK_EXCERPT.lengthS);
  const timesS = beatFrames.map((f) => f / frameRateHz + latencyS).filter((t) => t >= startS && t < endS);
  if (timesS.length < 4) return false;
  const run = new BeatActivation(resampleForNetwork(signal, startS, endS));
  const probeTimesS = timesS.filter((t) => t < startS + NETWORK_PROBE.probeS);
  if (probeTimesS.length >= 4) {
    run.advanceTo(round(NETWORK_PROBE.probeS * ACTIVATION_FRAME_RATE_HZ) + 2);
    if (measureNetworkAgreement(run.values, startS, probeTimesS) > NETWORK_PROBE.settled) return false;
  }
  run.advanceTo(run.values.length);
  return measureNetworkAgreement(run.values, startS, timesS) < -NETWORK_PHASE.confidence;
}
