import { computeSdrDb } from '../dev/eval/sdr';
import { synthesiseTrack, type TrackSpec } from '../dev/synth/synthesise-track';
import { separateHarmonicPercussive } from './hpss';

const SPECS: TrackSpec[] = [
  { seed: 11, durationS: 20, tempoBpm: 120 },
  { seed: 12, durationS: 20, tempoBpm: 97, drumGainDb: -6 },
  { seed: 13, durationS: 20, tempoBpm: 140, pattern: 'four-on-floor' },
];

describe('separateHarmonicPercussive', () => {
  const results = SPECS.map((spec) => {
    const track = synthesiseTrack(spec);
    return { track, stems: separateHarmonicPercussive(track.channels) };
  });

  it('returns stems that sum back to the mix', () => {
    for (const { track, stems } of results) {
      for (let c = 0; c < 2; c++) {
        let maxError = 0;
        track.channels[c].forEach(
          (v, i) => (maxError = Math.max(maxError, Math.abs(stems.harmonic[c][i] + stems.percussive[c][i] - v))),
        );
        expect(maxError).toBeLessThan(1e-5);
      }
    }
  });

  it('reaches the SDR floor per stem and improves on using the mix', () => {
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const percussive = mean(results.map(({ track, stems }) => computeSdrDb(track.stems.percussive, stems.percussive)));
    const harmonic = mean(results.map(({ track, stems }) => computeSdrDb(track.stems.harmonic, stems.harmonic)));
    const percussiveMix = mean(results.map(({ track }) => computeSdrDb(track.stems.percussive, track.channels)));
    const harmonicMix = mean(results.map(({ track }) => computeSdrDb(track.stems.harmonic, track.channels)));
    expect(percussive).toBeGreaterThan(5);
    expect(harmonic).toBeGreaterThan(5);
    expect(percussive - percussiveMix).toBeGreaterThan(4);
    expect(harmonic - harmonicMix).toBeGreaterThan(4);
  });

  it('keeps silence silent and handles a mono clip shorter than one frame', () => {
    const { harmonic, percussive } = separateHarmonicPercussive([new Float32Array(1000)]);
    expect(harmonic[0].every((v) => v === 0) && percussive[0].every((v) => v === 0)).toBe(true);
  });
});
