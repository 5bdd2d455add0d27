import type { SegmentStatsMode, SegmentStatsQueryParams } from '@curator/shared';

export const SEGMENT_FILTER_KEYS = [
  'reel_count_min',
  'reel_count_max',
  'template_clips_count_min',
  'template_clips_count_max',
] as const;
export type SegmentFilterKey = (typeof SEGMENT_FILTER_KEYS)[number];
/** Filters as whole numbers ≥ 0; absent means no bound. */
export type SegmentFilters = Partial<Record<SegmentFilterKey, number>>;

export function readSegmentsSearch(params: URLSearchParams): { mode: SegmentStatsMode; filters: SegmentFilters } {
  const filters: SegmentFilters = {};
  for (const key of SEGMENT_FILTER_KEYS) {
    const text = params.get(key);
    const value = text === null || text.trim() === '' ? NaN : Number(text);
    if (Number.isInteger(value) && value >= 0) filters[key] = value;
  }
  return { mode: params.get('mode') === 'approved' ? 'approved' : 'available', filters };
}

export function toSegmentStatsQuery(filters: SegmentFilters): SegmentStatsQueryParams {
  return Object.fromEntries(
    SEGMENT_FILTER_KEYS.filter((k) => filters[k] !== undefined).map((k) => [k, String(filters[k])]),
  );
}
