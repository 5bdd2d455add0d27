import { deriveEpSimulation } from './ep-simulator';

const base = {
  endingPointsS: [5, 9],
  selectedEndingPointS: null,
  playheadS: 0,
  boundariesS: [1, 2, 3, 4, 6, 7],
  startS: 0,
  segmentCount: 2,
  paddingS: 1,
};

describe('deriveEpSimulation', () => {
  it('plays the last N segments before the selected ending point plus padding', () => {
    expect(deriveEpSimulation({ ...base, selectedEndingPointS: 5 })).toEqual({ fromS: 3, toS: 6 });
  });

  it('uses the first ending point at or after the playhead when none is selected', () => {
    expect(deriveEpSimulation({ ...base, playheadS: 5.5 })).toEqual({ fromS: 6, toS: 10 });
    expect(deriveEpSimulation({ ...base, playheadS: 5 })).toEqual({ fromS: 3, toS: 6 });
  });

  it('falls back to the start when there are fewer boundaries than N', () => {
    expect(deriveEpSimulation({ ...base, selectedEndingPointS: 5, segmentCount: 4 })).toEqual({ fromS: 1, toS: 6 });
    expect(deriveEpSimulation({ ...base, selectedEndingPointS: 5, segmentCount: 5 })).toEqual({ fromS: 0, toS: 6 });
    expect(deriveEpSimulation({ ...base, selectedEndingPointS: 5, segmentCount: 9, startS: 0.5 })).toEqual({
      fromS: 0.5,
      toS: 6,
    });
  });

  it('does not count a boundary equal to the ending point', () => {
    expect(deriveEpSimulation({ ...base, boundariesS: [1, 2, 5], selectedEndingPointS: 5, segmentCount: 1 })).toEqual({
      fromS: 2,
      toS: 6,
    });
  });

  it('uses the start without an active beat', () => {
    expect(deriveEpSimulation({ ...base, boundariesS: [], startS: 0, selectedEndingPointS: 9 })).toEqual({
      fromS: 0,
      toS: 10,
    });
  });

  it('is null with no ending point available', () => {
    expect(deriveEpSimulation({ ...base, endingPointsS: [] })).toBeNull();
    expect(deriveEpSimulation({ ...base, playheadS: 10 })).toBeNull();
  });

  it('ignores negative padding and plays only the padding when N < 1', () => {
    expect(deriveEpSimulation({ ...base, selectedEndingPointS: 5, paddingS: -2 })).toEqual({ fromS: 3, toS: 5 });
    expect(deriveEpSimulation({ ...base, selectedEndingPointS: 5, segmentCount: 0 })).toEqual({ fromS: 5, toS: 6 });
  });

  it('rounds the range to 2 decimals', () => {
    expect(deriveEpSimulation({ ...base, selectedEndingPointS: 5, paddingS: 0.1 + 0.2 })).toEqual({
      fromS: 3,
      toS: 5.3,
    });
  });
});
