import { synthesiseTrack } from '../dev/synth/synthesise-track';
import { computePeaks, convertToAudiowaveformJson, convertToWavesurferPeaks } from './peaks';

/** Brute-force min/max of samples [start, end). */
function findMinMax(channel: Float32Array, start: number, end: number): [number, number] {
  const slice = Array.from(channel.subarray(start, end));
  return [Math.min(...slice), Math.max(...slice)];
}

describe('computePeaks', () => {
  const random = (seed: number) => () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const next = random(7);
  const channels = [0, 1].map(() => Float32Array.from({ length: 100_003 }, next));

  it('equals a brute-force min/max at every resolution, including the short last bucket', () => {
    const peaks = computePeaks(channels, 44100, [4096, 256, 1024, 300]);
    expect(peaks.levels.map((l) => l.samplesPerPixel)).toEqual([256, 300, 1024, 4096]);
    expect(peaks.durationS).toBeCloseTo(100_003 / 44100, 9);
    for (const level of peaks.levels) {
      expect(level.length).toBe(Math.ceil(100_003 / level.samplesPerPixel));
      level.channels.forEach((pairs, c) => {
        for (let b = 0; b < level.length; b++) {
          const [low, high] = findMinMax(channels[c], b * level.samplesPerPixel, (b + 1) * level.samplesPerPixel);
          expect([pairs[2 * b], pairs[2 * b + 1]]).toEqual([low, high]);
        }
      });
    }
  });

  it('writes audiowaveform JSON and wavesurfer peaks from the same level', () => {
    const level = computePeaks(channels, 44100, [1024]).levels[0];
    const json = convertToAudiowaveformJson(level, 44100, 8);
    expect(json).toMatchObject({
      version: 2,
      channels: 2,
      sample_rate: 44100,
      samples_per_pixel: 1024,
      bits: 8,
      length: level.length,
    });
    expect(json.data).toHaveLength(4 * level.length);
    expect(json.data[2]).toBe(Math.round(level.channels[1][0] * 127));
    const wavesurfer = convertToWavesurferPeaks(level);
    expect(wavesurfer[0][0]).toBeCloseTo(
      Math.abs(level.channels[0][0]) > level.channels[0][1] ? level.channels[0][0] : level.channels[0][1],
      4,
    );
    expect(wavesurfer.flat().every((v) => v >= -1 && v <= 1)).toBe(true);
  });

  it('computes peaks of a 3-minute stereo track in well under a second', () => {
    const track = synthesiseTrack({ seed: 3, durationS: 180, tempoBpm: 120 });
    const startMs = performance.now();
    computePeaks(track.channels, track.sampleRateHz);
    expect(performance.now() - startMs).toBeLessThan(500);
  });
});
