import { deriveSegments, deriveStartMs, findSegmentIndex, pickPreviewImage, sumSegmentDurationsMs } from './segments';

describe('deriveSegments', () => {
  it('gives nulls and no segment when there are no offsets', () => {
    expect(deriveSegments({ offsetsS: [], isOriginalSound: false, highlightStartTimesMs: [1000] })).toEqual({
      boundariesS: [],
      startS: null,
      segments: [],
      segments_info: [],
      starting_point_in_ms: null,
      audio_asset_start_time_in_ms: null,
    });
  });

  it('starts original sound at 0 even with highlights', () => {
    const derived = deriveSegments({ offsetsS: [2, 1], isOriginalSound: true, highlightStartTimesMs: [500] });
    expect(derived.startS).toBe(0);
    expect(derived.segments).toEqual([
      { fromS: 0, toS: 1, durationS: 1 },
      { fromS: 1, toS: 2, durationS: 1 },
    ]);
    expect(derived.segments_info).toEqual([{ duration_in_ms: 1000 }, { duration_in_ms: 1000 }]);
    expect(derived.starting_point_in_ms).toBe(0);
    expect(derived.audio_asset_start_time_in_ms).toBe(0);
  });

  it('starts music at the latest highlight at or before the first offset', () => {
    const derived = deriveSegments({
      offsetsS: [12.5, 15],
      isOriginalSound: false,
      highlightStartTimesMs: [20000, 3000, 10250],
    });
    expect(derived.starting_point_in_ms).toBe(10250);
    expect(derived.audio_asset_start_time_in_ms).toBe(10250);
    expect(derived.segments_info).toEqual([{ duration_in_ms: 2250 }, { duration_in_ms: 2500 }]);
    expect(derived.segments[0]).toEqual({ fromS: 10.25, toS: 12.5, durationS: 2.25 });
  });

  it('counts a highlight exactly on the first offset as the start, without an empty segment', () => {
    const derived = deriveSegments({ offsetsS: [5, 7], isOriginalSound: false, highlightStartTimesMs: [2000, 5000] });
    expect(derived.starting_point_in_ms).toBe(5000);
    expect(derived.segments).toEqual([{ fromS: 5, toS: 7, durationS: 2 }]);
  });

  it('starts music at 0 when no highlight precedes the first offset', () => {
    expect(
      deriveSegments({ offsetsS: [1], isOriginalSound: false, highlightStartTimesMs: [4000] }).starting_point_in_ms,
    ).toBe(0);
    expect(
      deriveSegments({ offsetsS: [1], isOriginalSound: false, highlightStartTimesMs: [] }).starting_point_in_ms,
    ).toBe(0);
  });

  it('sorts, de-duplicates and rounds the boundaries', () => {
    const derived = deriveSegments({ offsetsS: [3.005, 1, 3.01, 1], isOriginalSound: true, highlightStartTimesMs: [] });
    expect(derived.boundariesS).toEqual([1, 3.01]);
    expect(derived.segments_info).toEqual([{ duration_in_ms: 1000 }, { duration_in_ms: 2010 }]);
  });

  it('keeps ms integers exact where float subtraction would drift', () => {
    const derived = deriveSegments({ offsetsS: [0.1, 0.3, 1.2], isOriginalSound: true, highlightStartTimesMs: [] });
    expect(derived.segments_info.map((s) => s.duration_in_ms)).toEqual([100, 200, 900]);
    expect(derived.segments.map((s) => s.durationS)).toEqual([0.1, 0.2, 0.9]);
  });

  it('has no segment (and null start) for a lone offset at 0 of original sound', () => {
    const derived = deriveSegments({ offsetsS: [0], isOriginalSound: true, highlightStartTimesMs: [] });
    expect(derived.boundariesS).toEqual([0]);
    expect(derived.segments).toEqual([]);
    expect(derived.starting_point_in_ms).toBeNull();
  });

  it('ignores non-finite highlights', () => {
    expect(deriveStartMs(5, false, [Number.NaN, 1000])).toBe(1000);
  });
});

describe('findSegmentIndex and pickPreviewImage', () => {
  const { segments } = deriveSegments({ offsetsS: [1, 2, 4], isOriginalSound: true, highlightStartTimesMs: [] });

  it('finds the segment holding a time, from inclusive and to exclusive', () => {
    expect(findSegmentIndex(segments, 0)).toBe(0);
    expect(findSegmentIndex(segments, 0.99)).toBe(0);
    expect(findSegmentIndex(segments, 1)).toBe(1);
    expect(findSegmentIndex(segments, 3.5)).toBe(2);
  });

  it('holds the very end in the last segment and nothing beyond', () => {
    expect(findSegmentIndex(segments, 4)).toBe(2);
    expect(findSegmentIndex(segments, 4.01)).toBe(-1);
    expect(findSegmentIndex([], 1)).toBe(-1);
  });

  it('gives -1 before a music start', () => {
    const music = deriveSegments({ offsetsS: [12], isOriginalSound: false, highlightStartTimesMs: [10000] });
    expect(findSegmentIndex(music.segments, 9)).toBe(-1);
  });

  it('cycles images by segment index', () => {
    const images = ['a', 'b'];
    expect([0, 1, 2, 3].map((i) => pickPreviewImage(images, i))).toEqual(['a', 'b', 'a', 'b']);
    expect(pickPreviewImage(images, -1)).toBeNull();
    expect(pickPreviewImage([], 0)).toBeNull();
  });

  it('sums segment durations', () => {
    expect(sumSegmentDurationsMs([{ duration_in_ms: 100 }, { duration_in_ms: 250 }])).toBe(350);
    expect(sumSegmentDurationsMs([])).toBe(0);
  });
});
