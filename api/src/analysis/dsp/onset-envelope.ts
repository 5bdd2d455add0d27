import type { NetworkSignal } from './network-phase';
import { createHannWindow } from './stft';
import { realFftOf } from './wasm-fft';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { ceil, floor, log10, max, min, round, sqrt } = Math;

/** Onset-strength envelope: one value per frame, frame i centred at i / frameRateHz seconds. */
export type OnsetEnvelope = { envelope: Float32Array; frameRateHz: number };

const TARGET_RATE_HZ = 22050;
const FFT_SIZE = 1024;
const HOP_SIZE = 256;
const MEL_BAND_COUNT = 64;
const MEL_MIN_HZ = 30;
const MEL_MAX_HZ = 8000;
const DYNAMIC_RANGE_DB = 80;
/** Added to every band power (|X|² sum) before it is compared or compressed: silence is −100 dB, not −∞. */
const POWER_FLOOR = 1e-10;
/**
 * Compression of the mel magnitudes before the flux: log10(1 + γ·m/mMax), m the band magnitude and mMax the largest in
 * the track. A finite γ keeps quiet bands near-linear, so a soft hat or reverb tail creeping into a silent band does
 * not weigh like a kick (plain decibels, γ = Infinity, count every band's rise in dB alike).
 */
export const ONSET_COMPRESSION = 100;

/** Mel scale (HTK) of a frequency in Hz. */
function convertHzToMel(frequencyHz: number): number {
  return 2595 * log10(1 + frequencyHz / 700);
}

/**
 * Triangular mel filters over an FFT of `fftSize` at `sampleRateHz`, packed for the per-frame loop: band b weighs the
 * bins from `firstBin[b]` on by `weights[start[b]]` up to (not including) `weights[start[b + 1]]`; `binCount` bins
 * cover every band.
 */
type MelFilterBank = { firstBin: Int32Array; start: Int32Array; weights: Float64Array; binCount: number };

function createMelFilters(fftSize: number, sampleRateHz: number): MelFilterBank {
  const maxHz = min(MEL_MAX_HZ, sampleRateHz / 2);
  const minMel = convertHzToMel(MEL_MIN_HZ);
  const maxMel = convertHzToMel(maxHz);
  const edgesHz: number[] = [];
  for (let b = 0; b < MEL_BAND_COUNT + 2; b++) {
    const mel = minMel + ((maxMel - minMel) * b) / (MEL_BAND_COUNT + 1);
    edgesHz.push(700 * (10 ** (mel / 2595) - 1));
  }
  const binHz = sampleRateHz / fftSize;
  const firstBin = new Int32Array(MEL_BAND_COUNT);
  const start = new Int32Array(MEL_BAND_COUNT + 1);
  const weights: number[] = [];
  let binCount = 0;
  for (let b = 0; b < MEL_BAND_COUNT; b++) {
    const [lowHz, centreHz, highHz] = [edgesHz[b], edgesHz[b + 1], edgesHz[b + 2]];
    firstBin[b] = ceil(lowHz / binHz);
    const lastBin = max(firstBin[b], floor(highHz / binHz));
    for (let k = firstBin[b]; k <= lastBin; k++) {
      const hz = k * binHz;
      const weight = hz <= centreHz ? (hz - lowHz) / (centreHz - lowHz) : (highHz - hz) / (highHz - centreHz);
      weights.push(max(0, weight));
    }
    start[b + 1] = weights.length;
    binCount = max(binCount, lastBin + 1);
  }
  return { firstBin, start, weights: Float64Array.from(weights), binCount };
}

/** The chunks end to end (the one chunk itself when there is one). */
function joinChunks(chunks: Float32Array[]): Float32Array {
  if (chunks.length === 1) return chunks[0];
  const joined = new Float32Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

/** Float32Array that grows by doubling; `view` is the filled part. */
class GrowingArray {
  data: Float32Array;
  length = 0;

  constructor(capacity: number) {
    this.data = new Float32Array(capacity);
  }

  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    const next = new Float32Array(max(this.data.length * 2, this.length + extra));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }

  get view(): Float32Array {
    return this.data.subarray(0, this.length);
  }
}

/**
 * Mel spectrogram (band powers, frames × bands, row-major, centred frames) computed while the audio arrives: `push`
 * mono chunks at `sampleRateHz` (box-decimated to ≈22.05 kHz on the way), then `finish` compresses it (logarithm
 * relative to the loudest band, ONSET_COMPRESSION) and returns the onset strengths.
 *
 * The box (an average of each 2 samples at 44.1 or 48 kHz) folds hats above 11 kHz down into the bands, which the paths
 * of catalog MP3s (mpg123's half-rate synthesis, ffmpeg's low-pass) do not; the rules' thresholds were chosen on the
 * box's signal. A windowed-sinc low-pass here instead gave the tuning halves the MP3 route's F (in-house 0.969 -> 0.938,
 * 0.940 via MP3; recorded kits 0.897 -> 0.877) and the in-house held-out half 0.914 -> 0.899 (0.916 via MP3), and
 * thresholds chosen again on both routes of the tuning halves gained nothing on the held-out halves, so it was not kept.
 */
export class OnsetStream {
  private readonly factor: number;
  private readonly rateHz: number;
  private readonly fft = realFftOf(FFT_SIZE);
  private readonly window = createHannWindow(FFT_SIZE);
  private readonly filters: MelFilterBank;
  private readonly power: Float64Array;
  private readonly samples = new GrowingArray(1 << 20);
  /** The chunks as pushed (kept, not copied) when they are decimated: the beat network resamples them properly. */
  private readonly undecimated: Float32Array[] = [];
  private readonly melPower = new GrowingArray(1 << 16);
  private frameCount = 0;
  private maxPower = 0;
  private carrySum = 0;
  private carryCount = 0;

  constructor(
    private readonly sampleRateHz: number,
    private readonly compression = ONSET_COMPRESSION,
  ) {
    this.factor = max(1, round(sampleRateHz / TARGET_RATE_HZ));
    this.rateHz = sampleRateHz / this.factor;
    this.filters = createMelFilters(FFT_SIZE, this.rateHz);
    this.power = new Float64Array(this.filters.binCount);
  }

  /** Appends mono samples and analyses every frame they complete. */
  push(chunk: Float32Array): void {
    const { factor, samples } = this;
    samples.reserve(ceil(chunk.length / factor) + 1);
    if (factor === 1) {
      samples.data.set(chunk, samples.length);
      samples.length += chunk.length;
    } else {
      this.undecimated.push(chunk);
      for (let i = 0; i < chunk.length; i++) {
        this.carrySum += chunk[i];
        if (++this.carryCount === factor) {
          samples.data[samples.length++] = this.carrySum / factor;
          [this.carrySum, this.carryCount] = [0, 0];
        }
      }
    }
    while (this.frameCount * HOP_SIZE + FFT_SIZE / 2 <= samples.length) this.analyseFrame(samples.data);
  }

  /** Analyses the last frames (zero beyond the end) and returns the onset strength of each band group. */
  finish(): OnsetBands {
    const signal = this.samples.view;
    const total = floor(signal.length / HOP_SIZE) + 1;
    while (this.frameCount < total) this.analyseFrame(signal);
    // The mel powers become the compressed values in place.
    const melValues = this.melPower.view;
    const loudest = this.maxPower + POWER_FLOOR;
    if (Number.isFinite(this.compression)) {
      // 20·log10(1 + γ·m/mMax) with m/mMax the band's magnitude relative to the loudest, √(power / loudest power).
      const gamma = this.compression;
      const scale = 20 * Math.LOG10E;
      for (let i = 0; i < melValues.length; i++)
        melValues[i] = scale * Math.log1p(gamma * sqrt((melValues[i] + POWER_FLOOR) / loudest));
    } else {
      const floorDb = 10 * log10(loudest) - DYNAMIC_RANGE_DB;
      for (let i = 0; i < melValues.length; i++) melValues[i] = max(floorDb, 10 * log10(melValues[i] + POWER_FLOOR));
    }
    return {
      ...computeFlux(melValues, this.frameCount, this.rateHz),
      signal:
        this.factor === 1
          ? { samples: signal, rateHz: this.rateHz }
          : { samples: joinChunks(this.undecimated), rateHz: this.sampleRateHz },
    };
  }

  /** One frame's mel band powers (Σ weight · |X|² over each band's bins), appended to `melPower`. */
  private analyseFrame(signal: Float32Array): void {
    const { filters, power, melPower } = this;
    const { firstBin, start, weights } = filters;
    const t = this.frameCount++;
    this.fft.powerSpectrum(signal, t * HOP_SIZE - FFT_SIZE / 2, this.window, power);
    melPower.reserve(MEL_BAND_COUNT);
    for (let b = 0; b < MEL_BAND_COUNT; b++) {
      let bandPower = 0;
      for (let w = start[b], k = firstBin[b]; w < start[b + 1]; w++, k++) bandPower += weights[w] * power[k];
      melPower.data[melPower.length++] = bandPower;
      if (bandPower > this.maxPower) this.maxPower = bandPower;
    }
  }
}

/**
 * Onset strength overall, of the bands centred below ACCENT_MAX_HZ (kick, snare, bass: the accents), of the
 * bands between SNARE_BAND_HZ (snare, clap and rim, above kick and most bass) and of those below KICK_MAX_HZ (kick).
 */
export type OnsetBands = OnsetEnvelope & {
  accent: Float32Array;
  snare: Float32Array;
  kick: Float32Array;
  /** The mono signal analysed, at the rate it came in, for the beat network (network-phase.ts). */
  signal?: NetworkSignal;
};

/** Mel bands (HTK) whose centre lies below `maxHz`. */
function countBandsBelow(maxHz: number, sampleRateHz: number): number {
  const minMel = convertHzToMel(MEL_MIN_HZ);
  const maxMel = convertHzToMel(min(MEL_MAX_HZ, sampleRateHz / 2));
  let count = 0;
  for (let b = 0; b < MEL_BAND_COUNT; b++) {
    const mel = minMel + ((maxMel - minMel) * (b + 1)) / (MEL_BAND_COUNT + 1);
    if (700 * (10 ** (mel / 2595) - 1) < maxHz) count = b + 1;
  }
  return count;
}

/** Kick and snare bodies live below this frequency; hats above it. */
export const ACCENT_MAX_HZ = 2000;
/**
 * The backbeat's band: snare body and noise, claps and rim clicks, above the kick and most bass notes and below the
 * hats (lower edge chosen on the tuning half: 300-500 Hz did best, 1500 Hz missed rim clicks).
 */
export const SNARE_BAND_HZ: [number, number] = [400, 5000];
/** Kick drums' fundamentals lie below this frequency; snares and most bass notes lie above it (chosen on tuning). */
export const KICK_MAX_HZ = 70;

/** Spectral-flux onset strength of the whole spectrum and of the bands below ACCENT_MAX_HZ. */
export function computeOnsetBands(
  mono: Float32Array,
  sampleRateHz: number,
  compression = ONSET_COMPRESSION,
): OnsetBands {
  const stream = new OnsetStream(sampleRateHz, compression);
  stream.push(mono);
  return stream.finish();
}

/** Positive log-mel differences: mean over all bands, and over the bands below ACCENT_MAX_HZ. */
function computeFlux(logMel: Float32Array, frameCount: number, rateHz: number): OnsetBands {
  const split = countBandsBelow(ACCENT_MAX_HZ, rateHz);
  const [snareFrom, snareTo] = SNARE_BAND_HZ.map((hz) => countBandsBelow(hz, rateHz));
  const kickTo = countBandsBelow(KICK_MAX_HZ, rateHz);
  const envelope = new Float32Array(frameCount);
  const accent = new Float32Array(frameCount);
  const snare = new Float32Array(frameCount);
  const kick = new Float32Array(frameCount);
  for (let t = 1; t < frameCount; t++) {
    let [lowSum, highSum, snareSum, kickSum] = [0, 0, 0, 0];
    for (let b = 0; b < MEL_BAND_COUNT; b++) {
      const diff = logMel[t * MEL_BAND_COUNT + b] - logMel[(t - 1) * MEL_BAND_COUNT + b];
      if (diff <= 0) continue;
      if (b < split) lowSum += diff;
      else highSum += diff;
      if (b >= snareFrom && b < snareTo) snareSum += diff;
      if (b < kickTo) kickSum += diff;
    }
    envelope[t] = (lowSum + highSum) / MEL_BAND_COUNT;
    accent[t] = lowSum / max(1, split);
    snare[t] = snareSum / max(1, snareTo - snareFrom);
    kick[t] = kickSum / max(1, kickTo);
  }
  return { envelope, accent, snare, kick, frameRateHz: rateHz / HOP_SIZE };
}

/** Spectral-flux onset strength (mean positive log-mel difference) of a mono signal. */
export function computeOnsetEnvelope(mono: Float32Array, sampleRateHz: number): OnsetEnvelope {
  const { envelope, frameRateHz } = computeOnsetBands(mono, sampleRateHz);
  return { envelope, frameRateHz };
}
