import { stackLabelRows } from './marker-overlay';

describe('stackLabelRows', () => {
  it('keeps labels far apart in the top row', () => {
    expect(stackLabelRows([0, 100, 400], [24, 24, 24])).toEqual([0, 0, 0]);
  });

  it('puts a label that would cover the one before it in the next free row, and goes back up when there is room', () => {
    // S at 110 px, B1 at 115, E at 120 (a 1.3 s approval on an 84 s track, 1200 px wide), then a marker far right.
    expect(stackLabelRows([110, 115, 120, 600], [17, 24, 17, 17])).toEqual([0, 1, 2, 0]);
    // A label may start where the one before it in its row ends.
    expect(stackLabelRows([0, 20, 30], [20, 20, 20])).toEqual([0, 0, 1]);
  });
});
