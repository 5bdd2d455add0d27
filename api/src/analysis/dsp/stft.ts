import FFT from 'fft.js';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { cos, sqrt } = Math;

/**
 * Hann window of `size` samples: periodic (sums to a constant at hop size/4 overlap), or `symmetric` (zero at both
 * ends, numpy's hanning).
 */
export function createHannWindow(size: number, symmetric = false): Float64Array {
  const window = new Float64Array(size);
  const period = symmetric ? size - 1 : size;
  for (let i = 0; i < size; i++) window[i] = 0.5 - 0.5 * cos((2 * Math.PI * i) / period);
  return window;
}

/**
 * `window.length` samples of `signal` from `start` on (zero outside the signal), multiplied by `window`, written into
 * `out` from `offset` on. A frame inside the signal takes the loop without bounds checks.
 */
export function writeWindowedFrame(
  signal: Float32Array,
  start: number,
  window: Float64Array,
  out: Float32Array | Float64Array,
  offset = 0,
): void {
  const size = window.length;
  if (start >= 0 && start + size <= signal.length) {
    for (let i = 0; i < size; i++) out[offset + i] = signal[start + i] * window[i];
  } else {
    for (let i = 0; i < size; i++) {
      const index = start + i;
      out[offset + i] = index >= 0 && index < signal.length ? signal[index] * window[i] : 0;
    }
  }
}

/** Real FFT of fixed size; spectra are interleaved [re0, im0, re1, im1, …] over bins 0..size/2. */
export class RealFft {
  readonly size: number;
  readonly binCount: number;
  private readonly fft: FFT;
  private readonly frame: Float64Array;
  private readonly full: Float64Array;
  private readonly timeComplex: Float64Array;

  constructor(size: number) {
    this.size = size;
    this.binCount = size / 2 + 1;
    this.fft = new FFT(size);
    this.frame = new Float64Array(size);
    this.full = new Float64Array(2 * size);
    this.timeComplex = new Float64Array(2 * size);
  }

  /** Forward transform of `size` samples of `signal` starting at `start` (zero outside), windowed. */
  transformFrame(signal: Float32Array, start: number, window: Float64Array, out: Float64Array): void {
    writeWindowedFrame(signal, start, window, this.frame);
    this.fft.realTransform(this.full, this.frame);
    out.set(this.full.subarray(0, 2 * this.binCount));
  }

  /** Inverse transform of a half spectrum (bins 0..size/2) into `size` real samples. */
  inverseFrame(halfSpectrum: Float64Array, out: Float64Array): void {
    const { full, size } = this;
    full.set(halfSpectrum.subarray(0, 2 * this.binCount));
    for (let k = 1; k < size / 2; k++) {
      full[2 * (size - k)] = halfSpectrum[2 * k];
      full[2 * (size - k) + 1] = -halfSpectrum[2 * k + 1];
    }
    this.fft.inverseTransform(this.timeComplex, full);
    for (let i = 0; i < size; i++) out[i] = this.timeComplex[2 * i];
  }
}

/** Magnitude of each bin of an interleaved half spectrum. */
export function computeMagnitudes(spectrum: Float64Array, out: Float64Array): void {
  for (let k = 0; k < out.length; k++) {
    const re = spectrum[2 * k];
    const im = spectrum[2 * k + 1];
    out[k] = sqrt(re * re + im * im);
  }
}
