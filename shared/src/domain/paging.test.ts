import { hasNextPage, stepSkip } from './paging';

describe('stepSkip', () => {
  it('moves by 100 and never below 0', () => {
    expect(stepSkip(0, 1)).toBe(100);
    expect(stepSkip(200, -1)).toBe(100);
    expect(stepSkip(0, -1)).toBe(0);
    expect(stepSkip(50, -1)).toBe(0);
  });

  it('repairs a negative or non-finite skip', () => {
    expect(stepSkip(-300, 1)).toBe(100);
    expect(stepSkip(Number.NaN, 1)).toBe(100);
  });
});

describe('hasNextPage', () => {
  it('uses the total when known', () => {
    expect(hasNextPage(0, 100, 150)).toBe(true);
    expect(hasNextPage(100, 50, 150)).toBe(false);
    expect(hasNextPage(0, 100, 100)).toBe(false);
  });

  it('assumes more after a full page without a total', () => {
    expect(hasNextPage(0, 100)).toBe(true);
    expect(hasNextPage(0, 99)).toBe(false);
  });
});
