import { selectVisibleSegmentStats } from './segment-stats';

describe('selectVisibleSegmentStats', () => {
  const rows = [
    { _id: 1, total_available: 0, total_approved: 2 },
    { _id: 2, total_available: 5, total_approved: 0 },
  ];

  it('hides rows whose count for the switch is zero', () => {
    expect(selectVisibleSegmentStats(rows, 'available').map((r) => r._id)).toEqual([2]);
    expect(selectVisibleSegmentStats(rows, 'approved').map((r) => r._id)).toEqual([1]);
    expect(selectVisibleSegmentStats([], 'approved')).toEqual([]);
  });
});
