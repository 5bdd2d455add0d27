import { resampleSpan } from './resample';

const tone = (hz: number, rateHz: number, seconds: number) =>
  Float32Array.from({ length: seconds * rateHz }, (_, n) => Math.sin((2 * Math.PI * hz * n) / rateHz));
const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);

describe('resampleSpan', () => {
  it('keeps a tone below the new Nyquist frequency, at its level and in time', () => {
    const out = resampleSpan(tone(1000, 44100, 2), 44100, 22050, 0.5, 1.5);
    expect(out.length).toBe(22050);
    expect(rms(out)).toBeCloseTo(Math.SQRT1_2, 2);
    const expected = tone(1000, 22050, 2).subarray(11025, 33075);
    out.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThan(0.01));
  });

  it('removes a tone above it instead of folding it down (15 kHz at 44.1 kHz → 22.05 kHz)', () => {
    expect(rms(resampleSpan(tone(15000, 44100, 2), 44100, 22050, 0.5, 1.5))).toBeLessThan(0.01);
  });

  it('takes a span as it is at the same rate, and works between rates of no simple ratio', () => {
    const samples = tone(440, 22050, 1);
    expect(resampleSpan(samples, 22050, 22050, 0.25, 0.5)).toEqual(samples.subarray(5513, 11025));
    expect(rms(resampleSpan(tone(440, 48000, 1), 48000, 22050, 0.2, 0.8))).toBeCloseTo(Math.SQRT1_2, 2);
  });
});
