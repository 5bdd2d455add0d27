import { createHannWindow } from './stft';
import { realFftOf } from './wasm-fft';

/** |X_k|² of the windowed frame by the definition (double precision). */
function directPower(signal: Float32Array, start: number, window: Float64Array, bins: number): Float64Array {
  const size = window.length;
  const power = new Float64Array(bins);
  for (let k = 0; k < bins; k++) {
    let [re, im] = [0, 0];
    for (let n = 0; n < size; n++) {
      const index = start + n;
      const x = index >= 0 && index < signal.length ? signal[index] * window[n] : 0;
      re += x * Math.cos((2 * Math.PI * k * n) / size);
      im -= x * Math.sin((2 * Math.PI * k * n) / size);
    }
    power[k] = re * re + im * im;
  }
  return power;
}

function noise(length: number, seed: number): Float32Array {
  const out = new Float32Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out[i] = state / 1073741824 - 1;
  }
  return out;
}

/** Largest difference relative to the largest bin. */
function relativeError(actual: Float64Array, expected: Float64Array): number {
  const peak = Math.max(...expected);
  return Math.max(...expected.map((v, k) => Math.abs(actual[k] - v))) / peak;
}

describe('WasmRealFft', () => {
  it('gives the power spectrum of a windowed frame, DC and Nyquist included, as the DFT does', () => {
    const size = 256;
    const signal = noise(2000, 7);
    const window = createHannWindow(size);
    const power = new Float64Array(size / 2 + 1);
    realFftOf(size).powerSpectrum(signal, 300, window, power);
    expect(relativeError(power, directPower(signal, 300, window, size / 2 + 1))).toBeLessThan(1e-5);
  });

  it('reads zeros outside the signal, and fills only the bins asked for', () => {
    const size = 128;
    const signal = noise(100, 3);
    const window = createHannWindow(size);
    const power = new Float64Array(20).fill(-1);
    realFftOf(size).powerSpectrum(signal, -64, window, power);
    expect(relativeError(power, directPower(signal, -64, window, 20))).toBeLessThan(1e-5);
  });

  it('finds a sine in its bin, and still transforms right after the module memory has grown', () => {
    const small = realFftOf(1024);
    // A large transform makes the module's memory grow under the small one's buffers.
    realFftOf(1 << 22);
    const size = 1024;
    const sine = Float32Array.from({ length: size }, (_, n) => Math.sin((2 * Math.PI * 50 * n) / size));
    const power = new Float64Array(size / 2 + 1);
    small.powerSpectrum(sine, 0, new Float64Array(size).fill(1), power);
    const loudest = power.indexOf(Math.max(...power));
    expect(loudest).toBe(50);
    expect(power[50]).toBeCloseTo((size / 2) ** 2, -2);
    expect(power[49] + power[51]).toBeLessThan(1e-3 * power[50]);
  });
});
