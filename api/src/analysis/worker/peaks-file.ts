import type { PeaksFile } from '@curator/shared/contract';

import { computePeaks, convertToWavesurferPeaks, DEFAULT_SAMPLES_PER_PIXEL } from '../dsp/peaks';

/** Most points per channel in the level handed to wavesurfer.js (its own export default). */
export const MAX_WAVEFORM_POINTS = 8000;

/** Bucket sizes to compute: the defaults, plus a coarser one when even 4096 gives too many points. */
export function choosePeakSizes(sampleCount: number): number[] {
  const coarsest = DEFAULT_SAMPLES_PER_PIXEL[DEFAULT_SAMPLES_PER_PIXEL.length - 1];
  if (Math.ceil(sampleCount / coarsest) <= MAX_WAVEFORM_POINTS) return DEFAULT_SAMPLES_PER_PIXEL;
  return [...DEFAULT_SAMPLES_PER_PIXEL, coarsest * Math.ceil(sampleCount / (coarsest * MAX_WAVEFORM_POINTS))];
}

/** The peaks JSON of decoded audio (at most two channels): every level, and the finest one within MAX_WAVEFORM_POINTS as `peaks`. */
export function buildPeaksFile(channels: Float32Array[], sampleRateHz: number): PeaksFile {
  const kept = channels.slice(0, 2);
  const computed = computePeaks(kept, sampleRateHz, choosePeakSizes(kept[0].length));
  const levels = computed.levels.map((level) => ({
    samples_per_pixel: level.samplesPerPixel,
    length: level.length,
    peaks: convertToWavesurferPeaks(level),
  }));
  const main = levels.find((level) => level.length <= MAX_WAVEFORM_POINTS) ?? levels[levels.length - 1];
  return {
    version: 1,
    duration_s: Math.round(computed.durationS * 1000) / 1000,
    sample_rate_hz: sampleRateHz,
    channels: kept.length,
    samples_per_pixel: main.samples_per_pixel,
    peaks: main.peaks,
    levels,
  };
}
