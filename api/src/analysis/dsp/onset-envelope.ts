import { decimateByFactor } from './downmix';
import { computeMagnitudes, createHannWindow, RealFft } from './stft';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { ceil, floor, log10, max, min, round } = Math;

/** Onset-strength envelope: one value per frame, frame i centred at i / frameRateHz seconds. */
export type OnsetEnvelope = { envelope: Float32Array; frameRateHz: number };

const TARGET_RATE_HZ = 22050;
const FFT_SIZE = 1024;
const HOP_SIZE = 256;
const MEL_BAND_COUNT = 64;
const MEL_MIN_HZ = 30;
const MEL_MAX_HZ = 8000;
const DYNAMIC_RANGE_DB = 80;

/** Mel scale (HTK) of a frequency in Hz. */
function convertHzToMel(frequencyHz: number): number {
  return 2595 * log10(1 + frequencyHz / 700);
}

/** Triangular mel filters as [firstBin, weights] per band over an FFT of `fftSize` at `sampleRateHz`. */
function createMelFilters(fftSize: number, sampleRateHz: number): Array<{ firstBin: number; weights: Float64Array }> {
  const maxHz = min(MEL_MAX_HZ, sampleRateHz / 2);
  const minMel = convertHzToMel(MEL_MIN_HZ);
  const maxMel = convertHzToMel(maxHz);
  const edgesHz: number[] = [];
  for (let b = 0; b < MEL_BAND_COUNT + 2; b++) {
    const mel = minMel + ((maxMel - minMel) * b) / (MEL_BAND_COUNT + 1);
    edgesHz.push(700 * (10 ** (mel / 2595) - 1));
  }
  const binHz = sampleRateHz / fftSize;
  const filters = [];
  for (let b = 0; b < MEL_BAND_COUNT; b++) {
    const [lowHz, centreHz, highHz] = [edgesHz[b], edgesHz[b + 1], edgesHz[b + 2]];
    const firstBin = ceil(lowHz / binHz);
    const lastBin = max(firstBin, floor(highHz / binHz));
    const weights = new Float64Array(lastBin - firstBin + 1);
    for (let k = firstBin; k <= lastBin; k++) {
      const hz = k * binHz;
      const weight = hz <= centreHz ? (hz - lowHz) / (centreHz - lowHz) : (highHz - hz) / (highHz - centreHz);
      weights[k - firstBin] = max(0, weight);
    }
    filters.push({ firstBin, weights });
  }
  return filters;
}

/** Log-mel spectrogram (dB, frames × bands, row-major) of a mono signal with centred frames. */
function computeLogMelSpectrogram(
  signal: Float32Array,
  sampleRateHz: number,
): { logMel: Float32Array; frameCount: number } {
  const fft = new RealFft(FFT_SIZE);
  const window = createHannWindow(FFT_SIZE);
  const filters = createMelFilters(FFT_SIZE, sampleRateHz);
  const spectrum = new Float64Array(2 * fft.binCount);
  const magnitudes = new Float64Array(fft.binCount);
  const frameCount = floor(signal.length / HOP_SIZE) + 1;
  const logMel = new Float32Array(frameCount * MEL_BAND_COUNT);
  let maxDb = -Infinity;
  for (let t = 0; t < frameCount; t++) {
    fft.transformFrame(signal, t * HOP_SIZE - FFT_SIZE / 2, window, spectrum);
    computeMagnitudes(spectrum, magnitudes);
    for (let b = 0; b < MEL_BAND_COUNT; b++) {
      const { firstBin, weights } = filters[b];
      let energy = 0;
      for (let k = 0; k < weights.length; k++) {
        const m = magnitudes[firstBin + k];
        energy += weights[k] * m * m;
      }
      const db = 10 * log10(energy + 1e-10);
      logMel[t * MEL_BAND_COUNT + b] = db;
      if (db > maxDb) maxDb = db;
    }
  }
  const floorDb = maxDb - DYNAMIC_RANGE_DB;
  for (let i = 0; i < logMel.length; i++) if (logMel[i] < floorDb) logMel[i] = floorDb;
  return { logMel, frameCount };
}

/** Onset strength overall and of the bands centred below ACCENT_MAX_HZ (kick, snare, bass: the accents). */
export type OnsetBands = OnsetEnvelope & { accent: Float32Array };

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

/** Spectral-flux onset strength of the whole spectrum and of the bands below ACCENT_MAX_HZ. */
export function computeOnsetBands(mono: Float32Array, sampleRateHz: number): OnsetBands {
  const factor = max(1, round(sampleRateHz / TARGET_RATE_HZ));
  const signal = decimateByFactor(mono, factor);
  const rateHz = sampleRateHz / factor;
  const { logMel, frameCount } = computeLogMelSpectrogram(signal, rateHz);
  const split = countBandsBelow(ACCENT_MAX_HZ, rateHz);
  const envelope = new Float32Array(frameCount);
  const accent = new Float32Array(frameCount);
  for (let t = 1; t < frameCount; t++) {
    let [lowSum, highSum] = [0, 0];
    for (let b = 0; b < MEL_BAND_COUNT; b++) {
      const diff = logMel[t * MEL_BAND_COUNT + b] - logMel[(t - 1) * MEL_BAND_COUNT + b];
      if (diff <= 0) continue;
      if (b < split) lowSum += diff;
      else highSum += diff;
    }
    envelope[t] = (lowSum + highSum) / MEL_BAND_COUNT;
    accent[t] = lowSum / max(1, split);
  }
  return { envelope, accent, frameRateHz: rateHz / HOP_SIZE };
}

/** Spectral-flux onset strength (mean positive log-mel difference) of a mono signal. */
export function computeOnsetEnvelope(mono: Float32Array, sampleRateHz: number): OnsetEnvelope {
  const { envelope, frameRateHz } = computeOnsetBands(mono, sampleRateHz);
  return { envelope, frameRateHz };
}
