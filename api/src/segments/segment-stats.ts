import type { SegmentStatsRow } from '@curator/shared/contract';
import type { TrendList } from '@curator/shared/domain';

/** What one template contributes: its segment count, approval, highlight flag and audio's trend list. */
export type SegmentFact = {
  segmentsCount: number;
  approved: boolean | null;
  startedAtHighlight: boolean;
  trendlist: TrendList | null;
};

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

/** Available = not disapproved and started at a highlight (as the audio list counts it); approved = approved true. */
function familiesOf(fact: SegmentFact): Family[] {
  const families: Family[] = [];
  if (fact.approved !== false && fact.startedAtHighlight) families.push('available');
  if (fact.approved === true) families.push('approved');
  return families;
}

/** Segment stats rows, one per segment count, ascending. */
export function tallySegmentStats(facts: Iterable<SegmentFact>): SegmentStatsRow[] {
  const rows = new Map<number, SegmentStatsRow>();
  for (const fact of facts) {
    for (const family of familiesOf(fact)) {
      let row = rows.get(fact.segmentsCount);
      if (!row) rows.set(fact.segmentsCount, (row = emptyRow(fact.segmentsCount)));
      row[`total_${family}`] += 1;
      if (fact.trendlist) row[`total_${family}_${fact.trendlist}`] += 1;
    }
  }
  return [...rows.values()].sort((a, b) => a._id - b._id);
}
