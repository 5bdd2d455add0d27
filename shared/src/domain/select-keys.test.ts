import { MENU_TYPEAHEAD_RESET_MS, SELECT_PAGE_SIZE } from './constants';
import { EMPTY_TYPE_AHEAD, findTypeAheadMatch, stepSelectPage, typeAhead } from './select-keys';

describe('select keys', () => {
  it('moves a page of five options with PageDown and PageUp, staying inside the list', () => {
    expect(SELECT_PAGE_SIZE).toBe(5);
    expect(stepSelectPage(0, 1, 12)).toBe(5);
    expect(stepSelectPage(5, 1, 12)).toBe(10);
    expect(stepSelectPage(10, 1, 12)).toBe(11);
    expect(stepSelectPage(11, -1, 12)).toBe(6);
    expect(stepSelectPage(3, -1, 12)).toBe(0);
    expect(stepSelectPage(-1, 1, 12)).toBe(4);
    expect(stepSelectPage(-1, 1, 0)).toBe(-1);
  });

  it('joins keys typed within 350 ms into one prefix, and starts over after a longer pause', () => {
    expect(MENU_TYPEAHEAD_RESET_MS).toBe(350);
    const labels = ['All', 'trending', 'emerging', 'hyper', 'Hip hop'];
    const h = typeAhead(EMPTY_TYPE_AHEAD, 'h', 1000);
    expect(findTypeAheadMatch(labels, h.text)).toBe(3);
    const hi = typeAhead(h, 'I', 1000 + MENU_TYPEAHEAD_RESET_MS);
    expect(hi.text).toBe('hi');
    expect(findTypeAheadMatch(labels, hi.text)).toBe(4);
    const e = typeAhead(hi, 'e', 1000 + 2 * MENU_TYPEAHEAD_RESET_MS + 1);
    expect(e.text).toBe('e');
    expect(findTypeAheadMatch(labels, e.text)).toBe(2);
    expect(findTypeAheadMatch(labels, 'zz')).toBe(-1);
  });
});
