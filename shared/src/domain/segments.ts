import { normalizeOffsets } from './offsets';
import { msToRoundedSeconds, secondsToMs } from './time';

export type Segment = { fromS: number; toS: number; durationS: number };
export type SegmentInfo = { duration_in_ms: number };

export type SegmentInput = {
  offsetsS: readonly number[];
  isOriginalSound: boolean;
  highlightStartTimesMs: readonly number[];
};

export type DerivedSegments = {
  /** Sorted, de-duplicated offsets rounded to 2 decimals. */
  boundariesS: number[];
  /** Where the first segment starts, or null when there is no segment. */
  startS: number | null;
  segments: Segment[];
  segments_info: SegmentInfo[];
  starting_point_in_ms: number | null;
  audio_asset_start_time_in_ms: number | null;
};

/** Start of the first segment in ms: 0 for original sound, else the latest highlight ≤ first offset. */
export function deriveStartMs(
  firstOffsetS: number,
  isOriginalSound: boolean,
  highlightStartTimesMs: readonly number[],
): number {
  if (isOriginalSound) return 0;
  const firstOffsetMs = secondsToMs(firstOffsetS);
  const before = highlightStartTimesMs.filter((ms) => Number.isFinite(ms) && ms <= firstOffsetMs);
  return before.length === 0 ? 0 : Math.max(...before);
}

/** Segments of a beat (docs/rules.md "Clone"): start→o1, o1→o2, …; an offset equal to the start opens no empty segment. */
export function deriveSegments(input: SegmentInput): DerivedSegments {
  const boundariesS = normalizeOffsets(input.offsetsS);
  const empty = {
    boundariesS,
    startS: null,
    segments: [],
    segments_info: [],
    starting_point_in_ms: null,
    audio_asset_start_time_in_ms: null,
  };
  if (boundariesS.length === 0) return empty;
  const startMs = deriveStartMs(boundariesS[0], input.isOriginalSound, input.highlightStartTimesMs);
  const endsMs = boundariesS.map(secondsToMs).filter((ms) => ms > startMs);
  if (endsMs.length === 0) return empty;
  const segments: Segment[] = [];
  const segmentsInfo: SegmentInfo[] = [];
  let fromMs = startMs;
  for (const toMs of endsMs) {
    segments.push({
      fromS: msToRoundedSeconds(fromMs),
      toS: msToRoundedSeconds(toMs),
      durationS: msToRoundedSeconds(toMs - fromMs),
    });
    segmentsInfo.push({ duration_in_ms: toMs - fromMs });
    fromMs = toMs;
  }
  return {
    boundariesS,
    startS: msToRoundedSeconds(startMs),
    segments,
    segments_info: segmentsInfo,
    starting_point_in_ms: startMs,
    audio_asset_start_time_in_ms: startMs,
  };
}

/** Index of the segment holding `timeS` (from ≤ t < to; the last one also holds its end), else -1. */
export function findSegmentIndex(segments: readonly Segment[], timeS: number): number {
  const last = segments.length - 1;
  return segments.findIndex((s, i) => timeS >= s.fromS && (timeS < s.toS || (i === last && timeS === s.toS)));
}

/** Preview image for a segment: images[index % images.length], or null when none applies. */
export function pickPreviewImage<T>(images: readonly T[], segmentIndex: number): T | null {
  if (images.length === 0 || segmentIndex < 0 || !Number.isInteger(segmentIndex)) return null;
  return images[segmentIndex % images.length];
}

/** Sum of segment durations in ms. */
export function sumSegmentDurationsMs(segmentsInfo: readonly SegmentInfo[]): number {
  return segmentsInfo.reduce((total, s) => total + s.duration_in_ms, 0);
}
