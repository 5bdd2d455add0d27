import { accumulateDurations, isSimilar, scoreSimilarity } from './similarity';
import { deriveTemplateBoundariesMs, deriveTemplateSegments } from './template-boundaries';

describe('template boundaries', () => {
  it('starts at audio_asset_start_time_in_ms and adds cumulative durations', () => {
    expect(deriveTemplateBoundariesMs({ startMs: 5000, segmentDurationsMs: [1000, 500, 250] })).toEqual([
      5000, 6000, 6500, 6750,
    ]);
  });

  it('treats a null start as 0 and no segments as the start only', () => {
    expect(deriveTemplateBoundariesMs({ startMs: null, segmentDurationsMs: [1000] })).toEqual([0, 1000]);
    expect(deriveTemplateBoundariesMs({ startMs: 300, segmentDurationsMs: [] })).toEqual([300]);
  });

  it('gives template segments in seconds', () => {
    expect(deriveTemplateSegments({ startMs: 1500, segmentDurationsMs: [1234] })).toEqual([
      { fromS: 1.5, toS: 2.73, durationS: 1.23 },
    ]);
  });
});

describe('scoreSimilarity', () => {
  it('measures cumulative times from each one’s own start', () => {
    expect(accumulateDurations([1, 2, 3])).toEqual([1, 3, 6]);
    // Same shape, different absolute starts: identical.
    expect(scoreSimilarity([1000, 1000], [1000, 1000])).toBe(1);
  });

  it('is the mean of min/max over the boundaries', () => {
    // beat cumulative [1000, 3000], template [2000, 3000] → (0.5 + 1) / 2
    expect(scoreSimilarity([1000, 2000], [2000, 1000])).toBe(0.75);
  });

  it('is symmetric', () => {
    expect(scoreSimilarity([900, 2100], [1000, 2000])).toBeCloseTo(
      scoreSimilarity([1000, 2000], [900, 2100]) as number,
      12,
    );
  });

  it('is null when the counts differ or there is no segment', () => {
    expect(scoreSimilarity([1000], [500, 500])).toBeNull();
    expect(scoreSimilarity([], [])).toBeNull();
  });

  it('handles zero durations without dividing by zero', () => {
    expect(scoreSimilarity([0, 1000], [0, 1000])).toBe(1);
    expect(scoreSimilarity([0, 1000], [500, 500])).toBe(0.5);
  });
});

describe('isSimilar', () => {
  it('is similar at exactly the threshold and not just below it', () => {
    // cumulative [900] vs [1000] → 0.9
    expect(isSimilar([900], [1000], 90)).toBe(true);
    expect(isSimilar([899], [1000], 90)).toBe(false);
  });

  it('uses 90 % by default', () => {
    expect(isSimilar([900], [1000])).toBe(true);
    expect(isSimilar([800], [1000])).toBe(false);
    expect(isSimilar([900], [1000], Number.NaN)).toBe(true);
  });

  it('is never similar with a different segment count or none', () => {
    expect(isSimilar([1000, 1000], [1000], 0)).toBe(false);
    expect(isSimilar([], [], 0)).toBe(false);
  });

  it('threshold 0 accepts any same-count pair; 100 only identical ones', () => {
    expect(isSimilar([1], [1000], 0)).toBe(true);
    expect(isSimilar([1000, 1000], [1000, 1000], 100)).toBe(true);
    expect(isSimilar([1000, 1001], [1000, 1000], 100)).toBe(false);
  });
});
