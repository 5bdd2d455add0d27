import { isTempoCorrect, measureMedianTimingErrorMs, scoreBeatFMeasure } from '../dev/eval/beat-f-measure';
import { buildEvaluationSet } from '../dev/synth/evaluation-set';
import { synthesiseTrack } from '../dev/synth/synthesise-track';
import { trackBeats } from './beat-tracker';
import { downmixToMono } from './downmix';

/** Two tracks of each category (12 of the 30), 25 s each, to keep the test quick. */
const SUBSET = buildEvaluationSet('tuning', 25).filter(
  (_, i, all) => all.findIndex((t) => t.category === all[i].category) + 2 > i,
);

describe('trackBeats on the synthesised set', () => {
  const results = SUBSET.map((item) => {
    const track = synthesiseTrack(item.spec);
    return { item, track, analysis: trackBeats(downmixToMono(track.channels), track.sampleRateHz) };
  });

  it('covers every category', () => {
    expect(new Set(SUBSET.map((t) => t.category)).size).toBe(11);
  });

  it('reaches a mean beat F-measure of at least 0.9 and every track at least 0.8', () => {
    const scores = results.map(({ track, analysis }) => scoreBeatFMeasure(track.beatsS, analysis.beatsS));
    expect(scores.reduce((a, b) => a + b, 0) / scores.length).toBeGreaterThanOrEqual(0.9);
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(0.8);
  });

  it('is neither early nor late: median timing error within ±6 ms on every track', () => {
    for (const { track, analysis } of results)
      expect(Math.abs(measureMedianTimingErrorMs(track.beatsS, analysis.beatsS))).toBeLessThanOrEqual(6);
  });

  it('estimates the tempo and offers half and double as alternatives', () => {
    const correct = results.filter(({ track, analysis }) => isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).length;
    expect(correct).toBeGreaterThanOrEqual(SUBSET.length - 1);
    const { tempoBpm, tempoAlternativesBpm } = results[0].analysis;
    expect(tempoAlternativesBpm[0]).toBeCloseTo(tempoBpm / 2, 1);
    expect(tempoAlternativesBpm[1]).toBeCloseTo(tempoBpm * 2, 1);
  });

  it('returns ascending offsets with two decimals inside the audio', () => {
    for (const { track, analysis } of results) {
      analysis.beatsS.forEach((t, i) => {
        expect(Math.round(t * 100) / 100).toBe(t);
        if (i > 0) expect(t).toBeGreaterThan(analysis.beatsS[i - 1]);
      });
      expect(analysis.beatsS[analysis.beatsS.length - 1]).toBeLessThanOrEqual(track.durationS);
    }
  });

  it('finds no beats in silence', () => {
    expect(trackBeats(new Float32Array(44100 * 5), 44100).beatsS).toEqual([]);
  });

  it('works at 48 kHz and 22.05 kHz', () => {
    for (const sampleRateHz of [48000, 22050]) {
      const track = synthesiseTrack({ seed: 77, durationS: 20, tempoBpm: 104, sampleRateHz });
      expect(
        scoreBeatFMeasure(track.beatsS, trackBeats(downmixToMono(track.channels), sampleRateHz).beatsS),
      ).toBeGreaterThan(0.9);
    }
  });
});
