import {
  addEndingPoint,
  areEndingPointsSpaced,
  findNextEndingPoint,
  isSameEndingPointList,
  normalizeEndingPoints,
  removeEndingPoint,
  validateEndingPoints,
} from './ending-points';
import { ENDING_POINT_TOO_CLOSE_MESSAGE, INVALID_ENDING_POINT_MESSAGE } from './rule-messages';

describe('addEndingPoint', () => {
  it('keeps the list sorted and rounded', () => {
    expect(addEndingPoint([5, 1], 3.004)).toEqual({ ok: true, value: [1, 3, 5] });
    expect(addEndingPoint([], 0)).toEqual({ ok: true, value: [0] });
  });

  it('refuses a point closer than the margin on either side', () => {
    expect(addEndingPoint([2], 2.49)).toEqual({ ok: false, error: ENDING_POINT_TOO_CLOSE_MESSAGE });
    expect(addEndingPoint([2], 1.51)).toEqual({ ok: false, error: ENDING_POINT_TOO_CLOSE_MESSAGE });
    expect(addEndingPoint([2], 2)).toEqual({ ok: false, error: ENDING_POINT_TOO_CLOSE_MESSAGE });
  });

  it('accepts a point exactly one margin away, despite float error (1.2 − 0.7)', () => {
    expect(addEndingPoint([0.7], 1.2)).toEqual({ ok: true, value: [0.7, 1.2] });
    expect(addEndingPoint([2], 1.5)).toEqual({ ok: true, value: [1.5, 2] });
  });

  it('uses a custom margin and says so', () => {
    const refused = addEndingPoint([2], 2.8, 1);
    expect(refused).toEqual({ ok: false, error: 'Ending points must be at least 1 s apart' });
    expect(addEndingPoint([2], 3, 1).ok).toBe(true);
  });

  it('refuses negative or non-finite times', () => {
    expect(addEndingPoint([], -1)).toEqual({ ok: false, error: INVALID_ENDING_POINT_MESSAGE });
    expect(addEndingPoint([], Number.NaN)).toEqual({ ok: false, error: INVALID_ENDING_POINT_MESSAGE });
  });

  it('mentions the margin in its message', () => {
    expect(ENDING_POINT_TOO_CLOSE_MESSAGE).toBe('Ending points must be at least 0.5 s apart');
  });
});

describe('removeEndingPoint and normalizeEndingPoints', () => {
  it('removes the rounded match only', () => {
    expect(removeEndingPoint([1, 2, 3], 2.004)).toEqual([1, 3]);
    expect(removeEndingPoint([1], 5)).toEqual([1]);
  });

  it('sorts and de-duplicates without checking spacing', () => {
    expect(normalizeEndingPoints([3, 1, 3, 1.1])).toEqual([1, 1.1, 3]);
  });
});

describe('validateEndingPoints', () => {
  it('accepts an unsorted, spaced list and returns it sorted', () => {
    expect(validateEndingPoints([3, 1, 2])).toEqual({ ok: true, value: [1, 2, 3] });
    expect(validateEndingPoints([])).toEqual({ ok: true, value: [] });
  });

  it('refuses duplicates and points closer than the margin', () => {
    expect(validateEndingPoints([1, 1]).ok).toBe(false);
    expect(validateEndingPoints([1, 1.4]).ok).toBe(false);
    expect(validateEndingPoints([1, 1.5]).ok).toBe(true);
  });

  it('refuses negative values', () => {
    expect(validateEndingPoints([-1, 3])).toEqual({ ok: false, error: INVALID_ENDING_POINT_MESSAGE });
  });

  it('checks spacing of an unsorted list', () => {
    expect(areEndingPointsSpaced([5, 1, 5.2])).toBe(false);
    expect(areEndingPointsSpaced([5, 1, 5.5])).toBe(true);
  });
});

describe('findNextEndingPoint', () => {
  it('finds the first point at or after the time', () => {
    expect(findNextEndingPoint([8, 4, 12], 5)).toBe(8);
    expect(findNextEndingPoint([8, 4, 12], 4)).toBe(4);
    expect(findNextEndingPoint([8, 4, 12], 13)).toBeNull();
    expect(findNextEndingPoint([], 0)).toBeNull();
  });
});

describe('isSameEndingPointList', () => {
  it('compares the lists normalised: order, rounding and repeats do not matter, a point more or less does', () => {
    expect(isSameEndingPointList([12, 3.004, 3], [3, 12])).toBe(true);
    expect(isSameEndingPointList([], [])).toBe(true);
    expect(isSameEndingPointList([3, 12], [3, 12, 20])).toBe(false);
    expect(isSameEndingPointList([3, 12], [3, 12.01])).toBe(false);
  });
});
