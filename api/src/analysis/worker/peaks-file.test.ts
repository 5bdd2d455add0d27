import { PeaksFileSchema } from '@curator/shared/contract';

import { buildPeaksFile, choosePeakSizes, MAX_WAVEFORM_POINTS } from './peaks-file';

describe('buildPeaksFile', () => {
  it('hands wavesurfer the finest level within the point budget and keeps every level', () => {
    const sampleRateHz = 8000;
    const left = new Float32Array(sampleRateHz * 120).map((_, i) => Math.sin(i / 10) * 0.5);
    const right = left.map((v) => -v);
    const file = PeaksFileSchema.parse(buildPeaksFile([left, right], sampleRateHz));
    expect(file.duration_s).toBe(120);
    expect(file.channels).toBe(2);
    expect(file.levels.map((l) => l.samples_per_pixel)).toEqual([256, 1024, 4096]);
    expect(file.samples_per_pixel).toBe(256);
    expect(file.peaks[0]).toHaveLength(Math.ceil(left.length / 256));
    expect(Math.max(...file.peaks[0].map(Math.abs))).toBeCloseTo(0.5, 3);
  });

  it('adds a coarser level for very long media so the waveform stays within the budget', () => {
    const samples = 44100 * 60 * 60;
    const sizes = choosePeakSizes(samples);
    expect(sizes).toHaveLength(4);
    expect(Math.ceil(samples / sizes[3])).toBeLessThanOrEqual(MAX_WAVEFORM_POINTS);
  });
});
