import {
  addOffset,
  findFirstHighlightMs,
  normalizeOffsets,
  parseOffsetInput,
  removeOffset,
  validateOffset,
  validateOffsetList,
} from './offsets';
import {
  INVALID_OFFSET_MESSAGE,
  OFFSET_AFTER_END_MESSAGE,
  OFFSET_BEFORE_HIGHLIGHT_MESSAGE,
  SELECT_BEAT_FIRST_MESSAGE,
} from './rule-messages';

const music = { hasSelectedBeat: true, isOriginalSound: false, highlightStartTimesMs: [8000, 2000] };

describe('normalizeOffsets / addOffset / removeOffset', () => {
  it('sorts, rounds and de-duplicates', () => {
    expect(normalizeOffsets([3, 1.004, 1, 2.005, 3])).toEqual([1, 2.01, 3]);
  });

  it('drops non-finite values and handles an empty list', () => {
    expect(normalizeOffsets([Number.NaN, 2, Infinity])).toEqual([2]);
    expect(normalizeOffsets([])).toEqual([]);
  });

  it('adds in order and ignores a duplicate', () => {
    expect(addOffset([1, 3], 2)).toEqual([1, 2, 3]);
    expect(addOffset([1, 3], 3.001)).toEqual([1, 3]);
    expect(addOffset([], 0.5)).toEqual([0.5]);
  });

  it('removes the matching rounded offset only', () => {
    expect(removeOffset([1, 2, 3], 2.001)).toEqual([1, 3]);
    expect(removeOffset([1, 2, 3], 4)).toEqual([1, 2, 3]);
    expect(removeOffset([], 1)).toEqual([]);
  });
});

describe('parseOffsetInput', () => {
  it.each([
    ['12.5', 12.5],
    [' 3 ', 3],
    ['.5', 0.5],
    ['7.', 7],
    ['0', 0],
  ])('reads %p', (text, value) => {
    expect(parseOffsetInput(text)).toBe(value);
  });

  it.each(['', '   ', 'abc', '1,5', '1e3', '-1', '0x10', 'Infinity', '1.2.3'])('refuses %p', (text) => {
    expect(parseOffsetInput(text)).toBeNull();
  });

  it('refuses negative or non-finite numbers', () => {
    expect(parseOffsetInput(-0.1)).toBeNull();
    expect(parseOffsetInput(Number.NaN)).toBeNull();
    expect(parseOffsetInput(4.2)).toBe(4.2);
  });
});

describe('validateOffset', () => {
  it('asks for a beat before anything else', () => {
    expect(validateOffset({ ...music, hasSelectedBeat: false, input: 'abc' })).toEqual({
      ok: false,
      error: SELECT_BEAT_FIRST_MESSAGE,
    });
  });

  it('refuses non-numeric text', () => {
    expect(validateOffset({ ...music, input: 'x1' })).toEqual({ ok: false, error: INVALID_OFFSET_MESSAGE });
  });

  it('refuses a music offset at or before the FIRST highlight (exact message)', () => {
    expect(validateOffset({ ...music, input: '2' })).toEqual({
      ok: false,
      error: 'Offsets cannot be before first highlight in music',
    });
    expect(validateOffset({ ...music, input: 1.5 })).toEqual({ ok: false, error: OFFSET_BEFORE_HIGHLIGHT_MESSAGE });
    expect(validateOffset({ ...music, input: 2.004 })).toEqual({ ok: false, error: OFFSET_BEFORE_HIGHLIGHT_MESSAGE });
  });

  it('accepts a music offset just after the first highlight, even before a later one', () => {
    expect(validateOffset({ ...music, input: 2.01 })).toEqual({ ok: true, value: 2.01 });
    expect(validateOffset({ ...music, input: '5.555' })).toEqual({ ok: true, value: 5.56 });
  });

  it('accepts early offsets for original sound and for music without highlights', () => {
    expect(validateOffset({ ...music, isOriginalSound: true, input: 0.5 })).toEqual({ ok: true, value: 0.5 });
    expect(validateOffset({ ...music, highlightStartTimesMs: [], input: 0 })).toEqual({ ok: true, value: 0 });
  });

  it('finds the first highlight in an unsorted list', () => {
    expect(findFirstHighlightMs([9000, 3000, 5000])).toBe(3000);
    expect(findFirstHighlightMs([])).toBeNull();
  });
});

describe('validateOffsetList', () => {
  it('normalizes a valid list', () => {
    expect(validateOffsetList([5, 3, 3], false, [2000])).toEqual({ ok: true, value: [3, 5] });
  });

  it('refuses negative or non-finite offsets', () => {
    expect(validateOffsetList([1, -1], true, [])).toEqual({ ok: false, error: INVALID_OFFSET_MESSAGE });
    expect(validateOffsetList([Number.NaN], true, [])).toEqual({ ok: false, error: INVALID_OFFSET_MESSAGE });
  });

  it("refuses an offset over a second past the audio's length once it is known (both rounded)", () => {
    expect(validateOffsetList([5, 41.01], true, [], 40)).toEqual({ ok: false, error: OFFSET_AFTER_END_MESSAGE });
    expect(validateOffsetList([5, 41], true, [], 39.996)).toEqual({ ok: true, value: [5, 41] });
    expect(validateOffsetList([5, 5000], true, [], null)).toEqual({ ok: true, value: [5, 5000] });
    expect(validateOffset({ ...music, input: '9999', durationS: 56 })).toEqual({
      ok: false,
      error: OFFSET_AFTER_END_MESSAGE,
    });
    expect(validateOffset({ ...music, input: '57', durationS: 56 })).toEqual({ ok: true, value: 57 });
  });

  it('applies the music rule to every offset', () => {
    expect(validateOffsetList([5, 2], false, [2000])).toEqual({ ok: false, error: OFFSET_BEFORE_HIGHLIGHT_MESSAGE });
    expect(validateOffsetList([5, 2], true, [2000])).toEqual({ ok: true, value: [2, 5] });
  });
});
