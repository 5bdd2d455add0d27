/**
 * A matrix-vector product in WebAssembly SIMD, for the beat activation network (beat-activation.ts): about 10 GMAC/s
 * on the analysis machines, where a JavaScript loop over Float32Arrays reaches 0.8. The module is 272 bytes, written
 * by hand in simd-matvec.wat; simd-matvec.test.ts assembles that file and checks it gives these bytes.
 */
export const SIMD_MATVEC_WASM_BASE64 =
  'AGFzbQEAAAABCQFgBX9/f39/AAMCAQAFAwEAAQcTAgZtZW1vcnkCAAZtYXR2ZWMAAArcAQHZAQIDfwJ7IARBAnQhByACIANBAnRqIQUCQANAIAIgBU8NAf0MAAAAAAAAAAAAAAAAAAAAACEI/QwAAAAAAAAAAAAAAAAAAAAAIQlBACEGAkADQCAGIAdPDQEgCCAAIAZq/QAEACABIAZq/QAEAP3mAf3kASEIIAkgACAGav0ABBAgASAGav0ABBD95gH95AEhCSAGQSBqIQYMAAsLIAggCf3kASEIIAIgAioCACAI/R8AIAj9HwGSIAj9HwIgCP0fA5KSkjgCACACQQRqIQIgACAHaiEADAALCws=';

/** Floats a matrix row and a vector are padded to: the kernel reads 8 at a time. */
export const SIMD_LANES = 8;

/** Length `n` rounded up to whole kernel steps. */
export const padToLanes = (n: number) => Math.ceil(n / SIMD_LANES) * SIMD_LANES;

const WASM_PAGE_BYTES = 65536;

/** A kernel instance with its own memory; arrays are allocated once and addressed by float index. */
export class SimdMatvec {
  private readonly memory: WebAssembly.Memory;
  private readonly kernel: (w: number, x: number, out: number, rows: number, cols: number) => void;
  private usedFloats = 0;

  constructor(totalFloats: number) {
    const module = new WebAssembly.Module(Buffer.from(SIMD_MATVEC_WASM_BASE64, 'base64'));
    const { exports } = new WebAssembly.Instance(module, {});
    this.memory = exports.memory as WebAssembly.Memory;
    this.kernel = exports.matvec as SimdMatvec['kernel'];
    const missing = totalFloats * 4 - this.memory.buffer.byteLength;
    if (missing > 0) this.memory.grow(Math.ceil(missing / WASM_PAGE_BYTES));
  }

  /** A zeroed array of `length` floats in the kernel's memory, 16-byte aligned; the memory never grows after. */
  allocate(length: number): Float32Array {
    const start = this.usedFloats;
    this.usedFloats += Math.ceil(length / 4) * 4;
    if (this.usedFloats * 4 > this.memory.buffer.byteLength) throw new Error('SimdMatvec: memory exhausted');
    return new Float32Array(this.memory.buffer, start * 4, length);
  }

  /** out[r] += Σ_c w[r·cols + c] · x[c] for r < rows; cols a multiple of SIMD_LANES, all three in this memory. */
  multiplyAdd(w: Float32Array, x: Float32Array, out: Float32Array, rows: number, cols: number): void {
    this.kernel(w.byteOffset, x.byteOffset, out.byteOffset, rows, cols);
  }
}
