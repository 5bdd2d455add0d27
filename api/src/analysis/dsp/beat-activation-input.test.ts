import {
  ACTIVATION_HOP,
  ACTIVATION_INPUT_SIZE,
  computeActivationInput,
  countActivationFrames,
  FrameMagnitudes,
} from './beat-activation-input';

const FRAME = 1411;
const BANDS = ACTIVATION_INPUT_SIZE / 2;

/** |X_k| of a direct FRAME-point DFT. */
function directMagnitudes(frame: Float64Array, bins: number): number[] {
  return Array.from({ length: bins }, (_, k) => {
    let [re, im] = [0, 0];
    for (let n = 0; n < frame.length; n++) {
      const angle = (-2 * Math.PI * ((k * n) % FRAME)) / FRAME;
      re += frame[n] * Math.cos(angle);
      im += frame[n] * Math.sin(angle);
    }
    return Math.hypot(re, im);
  });
}

describe('the beat network input', () => {
  it('takes the magnitudes of a 1,411-point DFT of two frames at once, as a direct DFT gives them', () => {
    const [a, b] = [0.37, 1.91].map((k) =>
      Float64Array.from({ length: FRAME }, (_, n) => Math.sin(k * n + n * n * 1e-4)),
    );
    const [outA, outB] = [new Float64Array(705), new Float64Array(705)];
    new FrameMagnitudes().compute(a, b, outA, outB);
    for (const [frame, out] of [
      [a, outA],
      [b, outB],
    ]) {
      const expected = directMagnitudes(frame, 705);
      const largest = Math.max(...expected);
      expected.forEach((v, k) => expect(Math.abs(out[k] - v)).toBeLessThan(1e-5 * largest));
    }
  });

  it('gives every 20 ms the bands as log10(1 + x) and their rises, none at the first frame', () => {
    const pcm = Float32Array.from({ length: 22050 }, (_, n) => (n % 5512 < 400 ? Math.sin(n * 0.3) : 0));
    const input = computeActivationInput(pcm);
    const frames = countActivationFrames(pcm.length);
    expect(frames).toBe(Math.ceil(22050 / ACTIVATION_HOP));
    expect(input.length).toBe(frames * ACTIVATION_INPUT_SIZE);
    const row = (f: number) => input.subarray(f * ACTIVATION_INPUT_SIZE, (f + 1) * ACTIVATION_INPUT_SIZE);
    expect(
      row(0)
        .subarray(BANDS)
        .every((v) => v === 0),
    ).toBe(true);
    for (let f = 1; f < frames; f++)
      for (let band = 0; band < BANDS; band++)
        expect(row(f)[BANDS + band]).toBeCloseTo(Math.max(0, row(f)[band] - row(f - 1)[band]), 6);
    // A tone burst every quarter second: loud frames and silent ones.
    expect(Math.max(...row(2).subarray(0, BANDS))).toBeGreaterThan(0.5);
    expect(Math.max(...row(10).subarray(0, BANDS))).toBeLessThan(1e-4);
  });

  it('computes a run of frames as the whole signal does, so that a caller may go on where it stopped', () => {
    const pcm = Float32Array.from({ length: 30000 }, (_, n) => Math.sin(n * 0.05) * Math.sin(n * 0.0007));
    const whole = computeActivationInput(pcm);
    const part = computeActivationInput(pcm, 17, 40);
    expect(Array.from(part)).toEqual(
      Array.from(whole.subarray(17 * ACTIVATION_INPUT_SIZE, 40 * ACTIVATION_INPUT_SIZE)),
    );
  });
});
