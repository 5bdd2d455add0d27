import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { writeWindowedFrame } from './stft';

/**
 * PFFFT, compiled to WebAssembly with SIMD by the package `@echogarden/pffft-wasm` (BSD-3-Clause): a
 * 1024-point real FFT takes about 1.2 µs on the analysis machines, where fft.js takes 7.3 µs, and the
 * FFT was about 45 % of beat tracking's time. It computes in 32-bit floats, as the audio arrives.
 *
 * The package's own loader is an ES module that starts asynchronously; beat tracking is synchronous (in
 * the analysis worker, the tests and the bench), so the module is instantiated here, synchronously, with
 * the three functions it imports. Its import and export names are the ones Emscripten gave version 0.4.2
 * (pinned exactly in api/package.json); wasm-fft.test.ts checks the transform against a direct DFT.
 */
type PffftExports = {
  /** The module's memory. */
  d: WebAssembly.Memory;
  /** Static constructors, run once. */
  e: () => void;
  /** pffft_aligned_malloc(bytes) → pointer. */
  f: (bytes: number) => number;
  /** pffft_new_setup(N, kind) → setup; kind 0 is a real transform. */
  k: (size: number, kind: number) => number;
  /** pffft_transform_ordered(setup, input, output, work, direction); direction 0 is forward. */
  p: (setup: number, input: number, output: number, work: number, direction: number) => void;
};

const PFFFT_REAL = 0;
const PFFFT_COMPLEX = 1;
const PFFFT_FORWARD = 0;
const PFFFT_BACKWARD = 1;
const WASM_PAGE_BYTES = 65536;

let loaded: PffftExports | undefined;

function loadPffft(): PffftExports {
  if (loaded) return loaded;
  const file = join(dirname(require.resolve('@echogarden/pffft-wasm/simd')), 'pffft.wasm');
  // The imports are called only once the instance exists (the module has no start function).
  const memory = () => exports.d;
  const imports = {
    a: {
      // __assert_fail
      a: () => {
        throw new Error('PFFFT: internal assertion failed');
      },
      // emscripten_resize_heap(requested bytes) → whether the memory could grow to it
      b: (requestedBytes: number) => {
        const missing = (requestedBytes >>> 0) - memory().buffer.byteLength;
        try {
          if (missing > 0) memory().grow(Math.ceil(missing / WASM_PAGE_BYTES));
          return 1;
        } catch {
          return 0;
        }
      },
      // _emscripten_memcpy_js(destination, source, bytes)
      c: (destination: number, source: number, bytes: number) =>
        new Uint8Array(memory().buffer).copyWithin(destination, source, source + bytes),
    },
  };
  const instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), imports);
  const exports = instance.exports as unknown as PffftExports;
  exports.e();
  return (loaded = exports);
}

/** A PFFFT setup of one size and kind, with its input, output and work buffers in the module's memory. */
abstract class PffftTransform {
  protected readonly pffft = loadPffft();
  private readonly setup: number;
  /** Byte addresses of the buffers. */
  protected readonly inputAt: number;
  protected readonly outputAt: number;
  private readonly workAt: number;

  constructor(size: number, kind: typeof PFFFT_REAL | typeof PFFFT_COMPLEX) {
    this.setup = this.pffft.k(size, kind);
    if (!this.setup)
      throw new Error(`PFFFT cannot transform ${size} ${kind === PFFFT_REAL ? 'samples' : 'complex values'}`);
    const floats = kind === PFFFT_REAL ? size : 2 * size;
    [this.inputAt, this.outputAt, this.workAt] = [0, 0, 0].map(() => this.pffft.f(4 * floats));
  }

  /** Transforms the input buffer into the output buffer; PFFFT_FORWARD or PFFFT_BACKWARD. */
  protected run(direction: typeof PFFFT_FORWARD | typeof PFFFT_BACKWARD): void {
    this.pffft.p(this.setup, this.inputAt, this.outputAt, this.workAt, direction);
  }
}

/** Power spectra of real frames of one size; one per size and thread (see realFftOf). */
export class WasmRealFft extends PffftTransform {
  /** Bins 0..size/2. */
  readonly binCount: number;

  constructor(readonly size: number) {
    super(size, PFFFT_REAL);
    this.binCount = size / 2 + 1;
  }

  /**
   * |X_k|² for k = 0 .. power.length − 1 (at most size/2) of the `size` samples of `signal` from
   * `start` on (zero outside), multiplied by `window`.
   */
  powerSpectrum(signal: Float32Array, start: number, window: Float64Array, power: Float64Array): void {
    const { size, pffft } = this;
    // The memory's buffer changes when it grows: views are made per call.
    const heap = new Float32Array(pffft.d.buffer);
    writeWindowedFrame(signal, start, window, heap, this.inputAt >> 2);
    this.run(PFFFT_FORWARD);
    // Ordered real output: [X_0, X_size/2, re X_1, im X_1, re X_2, im X_2, …] (X_0 and X_size/2 are real).
    const out = this.outputAt >> 2;
    const bins = Math.min(power.length, this.binCount);
    power[0] = heap[out] * heap[out];
    for (let k = 1; k < bins && k < size / 2; k++) {
      const re = heap[out + 2 * k];
      const im = heap[out + 2 * k + 1];
      power[k] = re * re + im * im;
    }
    if (bins === this.binCount) power[size / 2] = heap[out + 1] * heap[out + 1];
  }
}

/**
 * Complex transforms of one size (a multiple of 16 made of the factors 2, 3 and 5), unscaled both ways. The values
 * are interleaved re, im and live in the module's memory: write `input`, call transform, read `output`.
 */
export class WasmComplexFft extends PffftTransform {
  constructor(readonly size: number) {
    super(size, PFFFT_COMPLEX);
  }

  private views: { buffer: ArrayBuffer; input: Float32Array; output: Float32Array } | undefined;

  /** The 2·size floats transformed. */
  get input(): Float32Array {
    return this.viewsNow().input;
  }

  /** The 2·size floats of the last transform's result. */
  get output(): Float32Array {
    return this.viewsNow().output;
  }

  /** Views of the memory, made again after it has grown (its buffer is then a new one). */
  private viewsNow() {
    const { buffer } = this.pffft.d;
    if (this.views?.buffer !== buffer) {
      const floats = 2 * this.size;
      const [input, output] = [this.inputAt, this.outputAt].map((at) => new Float32Array(buffer, at, floats));
      this.views = { buffer, input, output };
    }
    return this.views;
  }

  /** output_k = Σ input_n e^(∓2πi·nk/size); `inverse` takes the plus sign. */
  transform(inverse = false): void {
    this.run(inverse ? PFFFT_BACKWARD : PFFFT_FORWARD);
  }
}

const bySize = new Map<number, WasmRealFft>();

/** The transform of `size` samples (a power of two, at least 32), made once per thread and kept. */
export function realFftOf(size: number): WasmRealFft {
  let fft = bySize.get(size);
  if (!fft) bySize.set(size, (fft = new WasmRealFft(size)));
  return fft;
}
