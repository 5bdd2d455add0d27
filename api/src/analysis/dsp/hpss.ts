import { filterMedian, SortedWindows } from './running-median';
import { computeMagnitudes, createHannWindow, RealFft } from './stft';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { ceil, max } = Math;

/** Harmonic/percussive split of 1–2 channels; harmonic + percussive equals the input. */
export type HpssResult = { harmonic: Float32Array[]; percussive: Float32Array[] };
export type HpssOptions = {
  fftSize?: number;
  harmonicWidthFrames?: number;
  percussiveWidthBins?: number;
  maskPower?: number;
};

/**
 * Fitzgerald (2010) median-filtering HPSS with Wiener-like soft masks computed from the summed channel magnitudes.
 * Streams over STFT frames: working memory is a few frames per channel plus the outputs.
 */
export function separateHarmonicPercussive(channels: Float32Array[], options: HpssOptions = {}): HpssResult {
  const fftSize = options.fftSize ?? 8192;
  const harmonicWidth = options.harmonicWidthFrames ?? 21;
  const percussiveWidth = options.percussiveWidthBins ?? 9;
  const power = options.maskPower ?? 1;
  const hop = fftSize / 4;
  const length = channels[0].length;
  const fft = new RealFft(fftSize);
  const bins = fft.binCount;
  const window = createHannWindow(fftSize);
  const delay = harmonicWidth >> 1;
  const ringSize = harmonicWidth + 1;
  const spectra = channels.map(() => Array.from({ length: ringSize }, () => new Float64Array(2 * bins)));
  const magnitudes = Array.from({ length: ringSize }, () => new Float32Array(bins));
  const timeWindows = new SortedWindows(bins, harmonicWidth);
  const channelMagnitude = new Float64Array(bins);
  const percussiveMedian = new Float32Array(bins);
  const maskedSpectrum = new Float64Array(2 * bins);
  const frameOut = new Float64Array(fftSize);
  const percussive = channels.map(() => new Float32Array(length));
  const frameCount = ceil((length + fftSize) / hop);
  const norm = 1 / 1.5;
  for (let t = 0; t < frameCount + delay; t++) {
    const slot = t % ringSize;
    const incoming = magnitudes[slot];
    const outgoing = magnitudes[(t + 1) % ringSize];
    // Slot t+1 mod ring still holds frame t−harmonicWidth, the one leaving the time window.
    if (t < frameCount) {
      incoming.fill(0);
      channels.forEach((channel, c) => {
        fft.transformFrame(channel, t * hop - fftSize, window, spectra[c][slot]);
        computeMagnitudes(spectra[c][slot], channelMagnitude);
        for (let k = 0; k < bins; k++) incoming[k] += channelMagnitude[k];
      });
    } else incoming.fill(0);
    for (let k = 0; k < bins; k++) timeWindows.replace(k, t >= harmonicWidth ? outgoing[k] : 0, incoming[k]);
    const target = t - delay;
    if (target < 0 || target >= frameCount) continue;
    const targetSlot = target % ringSize;
    filterMedian(magnitudes[targetSlot], percussiveWidth, percussiveMedian);
    const start = target * hop - fftSize;
    channels.forEach((_, c) => {
      const spectrum = spectra[c][targetSlot];
      for (let k = 0; k < bins; k++) {
        const h = timeWindows.median(k) ** power;
        const p = percussiveMedian[k] ** power;
        const mask = h + p > 0 ? p / (h + p) : 0.5;
        maskedSpectrum[2 * k] = spectrum[2 * k] * mask;
        maskedSpectrum[2 * k + 1] = spectrum[2 * k + 1] * mask;
      }
      fft.inverseFrame(maskedSpectrum, frameOut);
      const out = percussive[c];
      for (let i = max(0, -start); i < fftSize && start + i < length; i++)
        out[start + i] += frameOut[i] * window[i] * norm;
    });
  }
  const harmonic = channels.map((channel, c) => {
    const stem = new Float32Array(length);
    for (let i = 0; i < length; i++) stem[i] = channel[i] - percussive[c][i];
    return stem;
  });
  return { harmonic, percussive };
}
