export type SegmentStatsMode = 'available' | 'approved';

export type SegmentStatsCounts = {
  total_available: number;
  total_approved: number;
};

/** Segment stats rows whose count for the chosen switch position is not zero. */
export function selectVisibleSegmentStats<T extends SegmentStatsCounts>(
  rows: readonly T[],
  mode: SegmentStatsMode,
): T[] {
  return rows.filter((row) => (mode === 'approved' ? row.total_approved : row.total_available) > 0);
}
