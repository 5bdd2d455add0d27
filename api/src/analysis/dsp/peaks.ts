// Local bindings: Math property look-ups are slow inside the test sandbox.
const { ceil, min, round } = Math;

/** Min/max pairs of one resolution: for each channel, [min0, max0, min1, max1, …] over buckets of samplesPerPixel samples. */
export type PeakLevel = { samplesPerPixel: number; length: number; channels: Float32Array[] };

/** Precomputed waveform peaks of a file at several resolutions; durationS counts decoded samples. */
export type WaveformPeaks = { sampleRateHz: number; durationS: number; levels: PeakLevel[] };

/** audiowaveform's JSON format (version 2), as read by waveform-data and peaks.js. */
export type AudiowaveformJson = {
  version: 2;
  channels: number;
  sample_rate: number;
  samples_per_pixel: number;
  bits: 8 | 16;
  length: number;
  data: number[];
};

/** Default bucket sizes: ≈172, 43 and 11 pixels per second at 44.1 kHz. */
export const DEFAULT_SAMPLES_PER_PIXEL = [256, 1024, 4096];

/** Min/max of each bucket of `samplesPerPixel` samples of one channel (the last bucket may be shorter). */
function computeChannelMinMax(channel: Float32Array, samplesPerPixel: number): Float32Array {
  const length = ceil(channel.length / samplesPerPixel);
  const out = new Float32Array(2 * length);
  for (let b = 0; b < length; b++) {
    const end = min(channel.length, (b + 1) * samplesPerPixel);
    let [low, high] = [Infinity, -Infinity];
    for (let i = b * samplesPerPixel; i < end; i++) {
      const v = channel[i];
      if (v < low) low = v;
      if (v > high) high = v;
    }
    out[2 * b] = low;
    out[2 * b + 1] = high;
  }
  return out;
}

/** Merges groups of `factor` consecutive min/max pairs into one. */
function mergeMinMax(pairs: Float32Array, factor: number): Float32Array {
  const length = ceil(pairs.length / 2 / factor);
  const out = new Float32Array(2 * length);
  for (let b = 0; b < length; b++) {
    let [low, high] = [Infinity, -Infinity];
    for (let k = b * factor; k < min(pairs.length / 2, (b + 1) * factor); k++) {
      if (pairs[2 * k] < low) low = pairs[2 * k];
      if (pairs[2 * k + 1] > high) high = pairs[2 * k + 1];
    }
    out[2 * b] = low;
    out[2 * b + 1] = high;
  }
  return out;
}

/** Min/max peaks per channel at each resolution; coarser levels reuse finer ones when the sizes divide. */
export function computePeaks(
  channels: Float32Array[],
  sampleRateHz: number,
  samplesPerPixel = DEFAULT_SAMPLES_PER_PIXEL,
): WaveformPeaks {
  const sizes = [...samplesPerPixel].sort((a, b) => a - b);
  const levels: PeakLevel[] = [];
  for (const size of sizes) {
    const finer = [...levels].reverse().find((level) => size % level.samplesPerPixel === 0);
    const levelChannels = channels.map((channel, c) =>
      finer ? mergeMinMax(finer.channels[c], size / finer.samplesPerPixel) : computeChannelMinMax(channel, size),
    );
    levels.push({ samplesPerPixel: size, length: levelChannels[0].length / 2, channels: levelChannels });
  }
  return { sampleRateHz, durationS: channels[0].length / sampleRateHz, levels };
}

/** One level as audiowaveform JSON: channels interleaved per bucket, integers of `bits` bits. */
export function convertToAudiowaveformJson(
  level: PeakLevel,
  sampleRateHz: number,
  bits: 8 | 16 = 8,
): AudiowaveformJson {
  const scale = bits === 8 ? 127 : 32767;
  const data: number[] = [];
  for (let b = 0; b < level.length; b++) {
    for (const channel of level.channels) data.push(round(channel[2 * b] * scale), round(channel[2 * b + 1] * scale));
  }
  return {
    version: 2,
    channels: level.channels.length,
    sample_rate: sampleRateHz,
    samples_per_pixel: level.samplesPerPixel,
    bits,
    length: level.length,
    data,
  };
}

/** One level as wavesurfer.js `peaks`: per channel, the signed sample of largest magnitude per bucket, 4 decimals. */
export function convertToWavesurferPeaks(level: PeakLevel): number[][] {
  return level.channels.map((pairs) => {
    const out: number[] = new Array(level.length);
    for (let b = 0; b < level.length; b++) {
      const [low, high] = [pairs[2 * b], pairs[2 * b + 1]];
      out[b] = round((-low > high ? low : high) * 1e4) / 1e4;
    }
    return out;
  });
}
