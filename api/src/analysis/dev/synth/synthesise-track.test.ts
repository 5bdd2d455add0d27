import { buildEvaluationSet } from './evaluation-set';
import { synthesiseOriginalSound } from './original-sound';
import { computeBeatGridS, synthesiseTrack } from './synthesise-track';

describe('synthesiseTrack', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = synthesiseTrack({ seed: 1, durationS: 4, tempoBpm: 100 });
    const b = synthesiseTrack({ seed: 1, durationS: 4, tempoBpm: 100 });
    const c = synthesiseTrack({ seed: 2, durationS: 4, tempoBpm: 100 });
    const bytesOf = (channel: Float32Array) => Buffer.from(channel.buffer, channel.byteOffset, channel.byteLength);
    expect(bytesOf(a.channels[0]).equals(bytesOf(b.channels[0]))).toBe(true);
    expect(bytesOf(a.channels[0]).equals(bytesOf(c.channels[0]))).toBe(false);
  });

  it('returns beats on the tempo grid, stems that sum to the mix, and a peak of at most 0.89', () => {
    const track = synthesiseTrack({ seed: 3, durationS: 5, tempoBpm: 120 });
    expect(track.beatsS.slice(0, 4)).toEqual([0, 0.5, 1, 1.5]);
    expect(track.tempoBpm).toBeCloseTo(120, 6);
    let [peak, maxError] = [0, 0];
    track.channels.forEach((channel, c) =>
      channel.forEach((v, i) => {
        peak = Math.max(peak, Math.abs(v));
        maxError = Math.max(maxError, Math.abs(track.stems.percussive[c][i] + track.stems.harmonic[c][i] - v));
      }),
    );
    expect(maxError).toBeLessThan(1e-6);
    expect(peak).toBeCloseTo(0.89, 5);
  });

  it('puts a kick onset at each bar start', () => {
    const track = synthesiseTrack({ seed: 4, durationS: 6, tempoBpm: 90 });
    const at = (s: number) => Math.round(s * track.sampleRateHz);
    const energy = (from: number, to: number) =>
      track.stems.percussive[0].subarray(from, to).reduce((sum, v) => sum + v * v, 0);
    const barS = track.beatsS[4];
    expect(energy(at(barS), at(barS + 0.05))).toBeGreaterThan(20 * energy(at(barS - 0.05), at(barS) - 1));
  });

  it('drifts the tempo linearly from start to end', () => {
    const beats = computeBeatGridS({ seed: 0, durationS: 60, tempoBpm: 100, endTempoBpm: 120 });
    expect(beats[1] - beats[0]).toBeCloseTo(0.6, 6);
    expect(60 / (beats[beats.length - 1] - beats[beats.length - 2])).toBeGreaterThan(117);
  });

  it('builds two disjoint halves of 278 tracks over 55–185 BPM, and a study draw of the tuning recipes apart from both', () => {
    const tuning = buildEvaluationSet('tuning');
    const heldOut = buildEvaluationSet('held-out');
    const study = buildEvaluationSet('study');
    expect(tuning.length).toBe(278);
    expect(heldOut.length).toBe(278);
    const seeds = new Set(tuning.map((t) => t.spec.seed));
    expect(heldOut.some((t) => seeds.has(t.spec.seed))).toBe(false);
    for (const t of heldOut) seeds.add(t.spec.seed);
    expect(study.some((t) => seeds.has(t.spec.seed))).toBe(false);
    // The same recipes in the same order: each track's name differs from its tuning twin's by its tempo alone.
    const recipeOf = (name: string) => name.replace(/-\d+$/, '');
    expect(study.map((t) => recipeOf(t.name))).toEqual(tuning.map((t) => recipeOf(t.name)));
    expect(study.filter((t, i) => t.spec.tempoBpm !== tuning[i].spec.tempoBpm).length).toBeGreaterThan(250);
    for (const set of [tuning, heldOut, study]) {
      expect(new Set(set.map((t) => t.category)).size).toBe(11);
      expect(Math.min(...set.map((t) => t.spec.tempoBpm))).toBeGreaterThanOrEqual(55);
      expect(Math.min(...set.map((t) => t.spec.tempoBpm))).toBeLessThan(66);
      expect(Math.max(...set.map((t) => t.spec.tempoBpm))).toBeGreaterThanOrEqual(168);
      expect(Math.max(...set.map((t) => t.spec.tempoBpm))).toBeLessThanOrEqual(185);
    }
  });

  it('plays three beats a bar in a waltz and changes tempo at a step', () => {
    const waltz = synthesiseTrack({ seed: 5, durationS: 6, tempoBpm: 120, pattern: 'waltz' });
    expect(waltz.beatsS.length).toBe(12);
    const beats = computeBeatGridS({ seed: 0, durationS: 20, tempoBpm: 100, tempoStep: { atS: 10, toBpm: 120 } });
    expect(beats[1] - beats[0]).toBeCloseTo(0.6, 6);
    expect(beats[beats.length - 1] - beats[beats.length - 2]).toBeCloseTo(0.5, 6);
  });

  it('renders non-silent original sounds of the requested length', () => {
    for (const kind of ['speech-like', 'ambient'] as const) {
      const clip = synthesiseOriginalSound({ seed: 9, durationS: 3, kind });
      expect(clip.channels[0].length).toBe(3 * 44100);
      expect(clip.channels[0].reduce((peak, v) => Math.max(peak, Math.abs(v)), 0)).toBeCloseTo(0.8, 5);
    }
  });
});
