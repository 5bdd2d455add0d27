import type { SegmentStatsRow } from '@curator/shared/contract';
import { TREND_LIST_VALUES, type TrendList } from '@curator/shared/domain';

import type { SegmentSource } from '../audios/audios.repository';

export type CountRange = { min?: number; max?: number };

export type SegmentFilters = { reelCount: CountRange; clipsCount: CountRange };

type Family = 'available' | 'approved';

const emptyRow = (segmentsCount: number): SegmentStatsRow => ({
  _id: segmentsCount,
  total_approved: 0,
  total_approved_trending: 0,
  total_approved_hyper: 0,
  total_approved_emerging: 0,
  total_available: 0,
  total_available_trending: 0,
  total_available_hyper: 0,
  total_available_emerging: 0,
});

const within = (value: number, range: CountRange) =>
  (range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max);

const asTrend = (value: string | null): TrendList | null =>
  (TREND_LIST_VALUES as readonly string[]).includes(value ?? '') ? (value as TrendList) : null;

/**
 * Segment stats rows, one per segment count, ascending: the templates of the audios in the
 * reel-count range whose clips count is in range, counted once per family they belong to
 * (available = not disapproved and started at a highlight; approved = approved true), and again
 * under their audio's trend list.
 */
export function tallySegmentStats(audios: Iterable<SegmentSource>, filters: SegmentFilters): SegmentStatsRow[] {
  const rows = new Map<number, SegmentStatsRow>();
  const count = (segmentsCount: number, family: Family, trend: TrendList | null) => {
    let row = rows.get(segmentsCount);
    if (!row) rows.set(segmentsCount, (row = emptyRow(segmentsCount)));
    row[`total_${family}`] += 1;
    if (trend) row[`total_${family}_${trend}`] += 1;
  };
  for (const audio of audios) {
    if (!audio.counted_templates?.length || !within(audio.reel_count ?? 0, filters.reelCount)) continue;
    const trend = asTrend(audio.trendlist);
    for (const t of audio.counted_templates) {
      if (!within(t.clips_count, filters.clipsCount)) continue;
      if (t.available) count(t.segments_count, 'available', trend);
      if (t.approved) count(t.segments_count, 'approved', trend);
    }
  }
  return [...rows.values()].sort((a, b) => a._id - b._id);
}
