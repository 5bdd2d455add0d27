import {
  isTempoCorrect,
  matchEvents,
  measureMedianTimingErrorMs,
  scoreAllowedMetricalLevels,
  scoreBeatFMeasure,
  scoreContinuityTotal,
  trimBeats,
} from './beat-f-measure';
import { computeSdrDb, computeSignalSdrDb } from './sdr';

const grid = (startS: number, periodS: number, count: number) =>
  Array.from({ length: count }, (_, i) => startS + i * periodS);

describe('beat F-measure (mir_eval conventions)', () => {
  const reference = grid(0, 0.5, 40);

  it('ignores beats before 5 s in both lists', () => {
    expect(trimBeats([1, 4.99, 5, 6])).toEqual([5, 6]);
    expect(
      scoreBeatFMeasure(
        reference,
        reference.filter((t) => t >= 5),
      ),
    ).toBe(1);
  });

  it('counts hits within ±70 ms only', () => {
    expect(
      scoreBeatFMeasure(
        reference,
        reference.map((t) => t + 0.069),
      ),
    ).toBe(1);
    expect(
      scoreBeatFMeasure(
        reference,
        reference.map((t) => t + 0.08),
      ),
    ).toBe(0);
  });

  it('gives 2/3 for double and half tempo and 0 for empty lists', () => {
    expect(scoreBeatFMeasure(reference, grid(0, 0.25, 80))).toBeCloseTo(2 / 3, 6);
    expect(scoreBeatFMeasure(reference, grid(0, 1, 20))).toBeCloseTo(2 / 3, 6);
    expect(scoreBeatFMeasure(reference, [])).toBe(0);
  });

  it('matches each reference beat at most once (maximum matching)', () => {
    expect(matchEvents([1, 1.1], [1.05], 0.07)).toHaveLength(1);
    expect(matchEvents([1, 1.1], [0.99, 1.06], 0.07)).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });

  it('reports the median signed timing error and tempo accuracy', () => {
    expect(
      measureMedianTimingErrorMs(
        reference,
        reference.map((t) => t - 0.012),
      ),
    ).toBeCloseTo(-12, 6);
    expect(isTempoCorrect(120, 124.7)).toBe(true);
    expect(isTempoCorrect(120, 60)).toBe(false);
  });
});

describe('SDR', () => {
  it('is 10·log10 of signal over error energy, averaged over channels', () => {
    const signal = Float32Array.from({ length: 1000 }, (_, i) => Math.sin(i / 10));
    expect(
      computeSignalSdrDb(
        signal,
        signal.map((v) => v * 0.9),
      ),
    ).toBeCloseTo(20, 4);
    expect(computeSdrDb([signal, signal], [signal.map((v) => v * 0.9), signal.map((v) => v * 0.99)])).toBeCloseTo(
      30,
      4,
    );
  });
});

describe('continuity scores (CMLt, AMLt)', () => {
  const reference = grid(0, 0.5, 60);

  it('gives 1 for the reference, and CMLt 0 but AMLt 1 at double, half or off-beat', () => {
    expect(scoreContinuityTotal(reference, reference)).toBe(1);
    const double = grid(0, 0.25, 120);
    const half = grid(0, 1, 30);
    const offbeat = grid(0.25, 0.5, 60);
    for (const estimate of [double, half, offbeat]) {
      expect(scoreContinuityTotal(reference, estimate)).toBe(0);
      expect(scoreAllowedMetricalLevels(reference, estimate)).toBeGreaterThan(0.95);
    }
  });

  it('gives 0 for a 3:2 tempo and part credit when half the track is right', () => {
    expect(scoreAllowedMetricalLevels(reference, grid(0, 1 / 3, 90))).toBeLessThan(0.1);
    const halfRight = [...grid(0, 0.5, 30), ...grid(15.25, 0.5, 30)];
    expect(scoreContinuityTotal(reference, halfRight)).toBeGreaterThan(0.3);
    expect(scoreContinuityTotal(reference, halfRight)).toBeLessThan(0.7);
  });
});
