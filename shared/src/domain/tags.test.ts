import { deriveTagKey, hasTag, normalizeTagList, normalizeTagText, toggleTag } from './tags';

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
