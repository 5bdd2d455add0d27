import { canonicalTagText, deriveTagKey, hasTag, normalizeTagList, normalizeTagText, toggleTag } from './tags';

describe('tags', () => {
  it('trims text and keys it case-insensitively', () => {
    expect(normalizeTagText('  Bad ')).toBe('Bad');
    expect(deriveTagKey(' Inside App')).toBe('inside app');
  });

  it('drops blanks and case-insensitive duplicates, keeping the first spelling', () => {
    expect(normalizeTagList(['Bad', ' ', 'bad', 'inside app ', 'x'])).toEqual(['Bad', 'inside app', 'x']);
    expect(normalizeTagList([])).toEqual([]);
  });

  it('toggles a quick tag on and off regardless of case', () => {
    expect(toggleTag(['x'], 'bad')).toEqual(['x', 'bad']);
    expect(toggleTag(['x', 'Bad'], 'bad')).toEqual(['x']);
    expect(hasTag(['Discovery App'], 'discovery app')).toBe(true);
    expect(hasTag([], 'bad')).toBe(false);
  });
});

describe('canonicalTagText', () => {
  it('makes each run of spaces one space and leaves out the invisible separators', () => {
    expect(canonicalTagText('  summer \u00a0\t 2024 ')).toBe('summer 2024');
    expect(canonicalTagText('b\u200bad\u2060')).toBe('bad');
    expect(canonicalTagText('so\u00adft')).toBe('soft');
  });

  it('keeps the joiners that scripts and emoji sequences need, and the case', () => {
    expect(canonicalTagText('Team \u{1F469}\u200d\u{1F4BB}')).toBe('Team \u{1F469}\u200d\u{1F4BB}');
    expect(canonicalTagText('می\u200cخواهم')).toBe('می\u200cخواهم');
  });
});
