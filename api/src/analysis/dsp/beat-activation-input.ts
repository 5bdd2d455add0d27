import { createHannWindow } from './stft';
import { WasmComplexFft } from './wasm-fft';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { ceil, cos, floor, log2, log10, max, min, PI, sin, sqrt } = Math;

/**
 * The input of BeatNet's network (beat-activation.ts), computed as BeatNet computes it with madmom: at 22,050 Hz,
 * frames of 1,411 samples (64 ms, symmetric Hann window) every 441 samples (20 ms), each centred on its hop;
 * magnitudes of a 1,411-point DFT, summed by 136 normalised triangular filters 24 to the octave from 30 Hz to
 * 17 kHz, as log10(1 + x); then the rise of each band since the frame before (0 where it falls).
 */
export const ACTIVATION_INPUT_RATE_HZ = 22050;
/** Samples between frame centres: 50 frames a second. */
export const ACTIVATION_HOP = 441;
/** Values per frame: the bands, then their rises. */
export const ACTIVATION_INPUT_SIZE = 272;

const FRAME = 1411;
/** DFT bins kept: madmom's fft_size >> 1. */
const BINS = FRAME >> 1;
/** Bluestein's convolution length: ≥ 2·FRAME − 1, a size PFFFT transforms (16 · 2² · 3² · 5). */
const CONVOLUTION = 2880;
const BANDS_PER_OCTAVE = 24;
const [MIN_HZ, MAX_HZ, REFERENCE_HZ] = [30, 17000, 440];

/** madmom's log_frequencies and frequencies2bins (unique): the DFT bins the filters' corners lie on. */
function findFilterCorners(): number[] {
  // madmom labels the bins of a FRAME-point DFT as those of a 2·BINS-point one (fft_frequencies).
  const binHz = Array.from({ length: BINS }, (_, k) => (k * ACTIVATION_INPUT_RATE_HZ) / (2 * BINS));
  const left = floor(log2(MIN_HZ / REFERENCE_HZ) * BANDS_PER_OCTAVE);
  const right = ceil(log2(MAX_HZ / REFERENCE_HZ) * BANDS_PER_OCTAVE);
  const corners = new Set<number>();
  for (let step = left; step < right; step++) {
    const hz = REFERENCE_HZ * 2 ** (step / BANDS_PER_OCTAVE);
    if (hz < MIN_HZ || hz > MAX_HZ) continue;
    let bin = binHz.findIndex((f) => f >= hz);
    bin = min(max(bin < 0 ? BINS : bin, 1), BINS - 1);
    if (hz - binHz[bin - 1] < binHz[bin] - hz) bin--;
    corners.add(bin);
  }
  return [...corners].sort((a, b) => a - b);
}

/** A band's filter: its weights from DFT bin `bin` on. */
type Filter = { bin: number; weights: Float64Array };

/** madmom's TriangularFilter.band_bins and its normalised filters, a band each. */
function createFilterbank(): Filter[] {
  const corners = findFilterCorners();
  const filters: Filter[] = [];
  for (let i = 0; i + 2 < corners.length; i++) {
    const start = corners[i];
    // Corners too close for a triangle give a one-bin band.
    const [centre, stop] = corners[i + 2] - start < 2 ? [start, start + 1] : [corners[i + 1], corners[i + 2]];
    const weights = new Float64Array(stop - start);
    const [rise, fall] = [centre - start, stop - centre];
    for (let j = 0; j < rise; j++) weights[j] = j / rise;
    for (let j = 0; j < fall; j++) weights[rise + j] = 1 - j / fall;
    const sum = weights.reduce((a, b) => a + b, 0);
    filters.push({ bin: start, weights: weights.map((w) => w / sum).subarray(0, BINS - start) });
  }
  return filters;
}

/**
 * |DFT| of two windowed frames at once: Bluestein's algorithm (a chirp, one convolution by FFT, the chirp again) on
 * the complex signal a + ib, whose transform Z gives A_k = (Z_k + Z*_{N−k}) / 2 and B_k = (Z_k − Z*_{N−k}) / 2i.
 */
export class FrameMagnitudes {
  private readonly fft = new WasmComplexFft(CONVOLUTION);
  private readonly chirp = new Float64Array(2 * FRAME);
  private readonly chirpSpectrum = new Float64Array(2 * CONVOLUTION);
  private readonly transform = new Float64Array(2 * FRAME);

  constructor() {
    const kernel = this.fft.input;
    kernel.fill(0);
    for (let n = 0; n < FRAME; n++) {
      // e^(iπn²/FRAME), with n² reduced modulo 2·FRAME first so that the angle stays exact.
      const angle = (PI * ((n * n) % (2 * FRAME))) / FRAME;
      [this.chirp[2 * n], this.chirp[2 * n + 1]] = [cos(angle), sin(angle)];
      for (const at of n === 0 ? [0] : [n, CONVOLUTION - n])
        [kernel[2 * at], kernel[2 * at + 1]] = [cos(angle), sin(angle)];
    }
    this.fft.transform();
    this.chirpSpectrum.set(this.fft.output);
  }

  /** Magnitudes of bins 0..BINS − 1 of the frames `a` and `b` (FRAME values each) into `outA` and `outB`. */
  compute(a: Float64Array, b: Float64Array, outA: Float64Array, outB: Float64Array): void {
    const { chirp, chirpSpectrum, fft, transform } = this;
    let work = fft.input;
    for (let n = 0; n < FRAME; n++) {
      // (a + ib)·e^(−iπn²/N)
      const re = 2 * n;
      work[re] = a[n] * chirp[re] + b[n] * chirp[re + 1];
      work[re + 1] = b[n] * chirp[re] - a[n] * chirp[re + 1];
    }
    work.fill(0, 2 * FRAME);
    fft.transform();
    const spectrum = fft.output;
    for (let re = 0; re < 2 * CONVOLUTION; re += 2) {
      const im = re + 1;
      work[re] = spectrum[re] * chirpSpectrum[re] - spectrum[im] * chirpSpectrum[im];
      work[im] = spectrum[re] * chirpSpectrum[im] + spectrum[im] * chirpSpectrum[re];
    }
    fft.transform(true);
    work = fft.output;
    for (let re = 0; re < 2 * FRAME; re += 2) {
      const im = re + 1;
      transform[re] = (work[re] * chirp[re] + work[im] * chirp[im]) / CONVOLUTION;
      transform[im] = (work[im] * chirp[re] - work[re] * chirp[im]) / CONVOLUTION;
    }
    for (let k = 0; k < BINS; k++) {
      // Z_k and the conjugate of Z_{N−k}
      const mirror = k === 0 ? 0 : 2 * (FRAME - k);
      const zre = transform[2 * k];
      const zim = transform[2 * k + 1];
      const wre = transform[mirror];
      const wim = -transform[mirror + 1];
      outA[k] = 0.5 * sqrt((zre + wre) * (zre + wre) + (zim + wim) * (zim + wim));
      outB[k] = 0.5 * sqrt((zre - wre) * (zre - wre) + (zim - wim) * (zim - wim));
    }
  }
}

let shared: { filters: Filter[]; magnitudes: FrameMagnitudes; window: Float64Array } | undefined;

/** Frames of a signal of `samples` samples: one centred on every hop, the last within the signal. */
export const countActivationFrames = (samples: number) => ceil(samples / ACTIVATION_HOP);

/**
 * The network's input for frames [firstFrame, endFrame) of `pcm` (at ACTIVATION_INPUT_RATE_HZ; zero outside it):
 * ACTIVATION_INPUT_SIZE values a frame, frame after frame. A frame's rises need the frame before, computed again here.
 */
export function computeActivationInput(
  pcm: Float32Array,
  firstFrame = 0,
  endFrame = countActivationFrames(pcm.length),
): Float32Array {
  shared ??= { filters: createFilterbank(), magnitudes: new FrameMagnitudes(), window: createHannWindow(FRAME, true) };
  const { filters, magnitudes, window } = shared;
  const bands = filters.length;
  // Frames go through the DFT in pairs (2k, 2k + 1) whatever the run asked for, so that a frame's rounding is the same.
  const startFrame = max(0, firstFrame - 1) & ~1;
  const frameCount = endFrame - startFrame;
  const input = new Float32Array(frameCount * ACTIVATION_INPUT_SIZE);
  const frames = [new Float64Array(FRAME), new Float64Array(FRAME)];
  const spectra = [new Float64Array(BINS), new Float64Array(BINS)];
  for (let pair = 0; pair < frameCount; pair += 2) {
    for (let i = 0; i < 2; i++) {
      const frame = frames[i];
      const start = (startFrame + pair + i) * ACTIVATION_HOP - (FRAME >> 1);
      const last = min(FRAME, pcm.length - start);
      frame.fill(0);
      for (let n = max(0, -start); n < last; n++) frame[n] = pcm[start + n] * window[n];
    }
    magnitudes.compute(frames[0], frames[1], spectra[0], spectra[1]);
    for (let f = pair; f < min(pair + 2, frameCount); f++) {
      const spectrum = spectra[f - pair];
      const row = f * ACTIVATION_INPUT_SIZE;
      for (let band = 0; band < bands; band++) {
        const { bin, weights } = filters[band];
        let sum = 0;
        for (let j = 0; j < weights.length; j++) sum += weights[j] * spectrum[bin + j];
        input[row + band] = log10(1 + sum);
        if (f > 0) input[row + bands + band] = max(0, input[row + band] - input[row - ACTIVATION_INPUT_SIZE + band]);
      }
    }
  }
  return input.subarray((firstFrame - startFrame) * ACTIVATION_INPUT_SIZE);
}
