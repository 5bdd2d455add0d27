import { deriveApprovalMarkers, excludedApprovals, sumApprovals } from './approvals';

describe('deriveApprovalMarkers', () => {
  it('labels start S, inner boundaries B1.., and the end E', () => {
    expect(deriveApprovalMarkers({ startMs: 2000, segmentDurationsMs: [1000, 500, 1250] })).toEqual([
      { label: 'S', timeS: 2 },
      { label: 'B1', timeS: 3 },
      { label: 'B2', timeS: 3.5 },
      { label: 'E', timeS: 4.75 },
    ]);
  });

  it('has only S and E for one segment and nothing without segments', () => {
    expect(deriveApprovalMarkers({ startMs: null, segmentDurationsMs: [1000] }).map((m) => m.label)).toEqual([
      'S',
      'E',
    ]);
    expect(deriveApprovalMarkers({ startMs: 1000, segmentDurationsMs: [] })).toEqual([]);
  });
});

describe('sumApprovals', () => {
  it('adds done beats and approved templates', () => {
    expect(sumApprovals({ templates_approved: 3, beats_done: 4 })).toBe(7);
  });
});

describe('excludedApprovals', () => {
  it('leaves out disapproved templates, approved ones, both or neither', () => {
    expect(excludedApprovals({ excludeDisapproved: true, excludeApproved: false })).toEqual([false]);
    expect(excludedApprovals({ excludeDisapproved: false, excludeApproved: true })).toEqual([true]);
    expect(excludedApprovals({ excludeDisapproved: true, excludeApproved: true })).toEqual([false, true]);
    expect(excludedApprovals({ excludeDisapproved: false, excludeApproved: false })).toEqual([]);
  });
});
