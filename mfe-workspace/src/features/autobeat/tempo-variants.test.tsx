import { formatTempoFactor } from './tempo-variants';

describe('autobeat tempo variants', () => {
  it('names the octave factors as decimals and the triple-feel ones as fractions', () => {
    expect(['×0.5', '×2']).toEqual([formatTempoFactor(0.5), formatTempoFactor(2)]);
    expect(formatTempoFactor(0.67)).toBe('×2/3');
    expect(formatTempoFactor(1.5)).toBe('×3/2');
    expect(formatTempoFactor(0.75)).toBe('×3/4');
    expect(formatTempoFactor(1.333)).toBe('×4/3');
  });
});
