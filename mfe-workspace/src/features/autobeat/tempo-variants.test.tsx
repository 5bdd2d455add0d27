import { applyTempoVariant, describeVariantTempo, doubleBeats, halveBeats } from './tempo-variants';

describe('autobeat tempo variants', () => {
  it('halves by keeping every second beat from the first', () => {
    expect(halveBeats([1, 1.5, 2, 2.5, 3])).toEqual([1, 2, 3]);
  });

  it('doubles by adding the midpoints, rounded to 2 decimals', () => {
    expect(doubleBeats([1, 2, 2.51])).toEqual([1, 1.5, 2, 2.26, 2.51]);
    expect(applyTempoVariant([4], 'double')).toEqual([4]);
  });

  it('names the tempo of a variant from the analysis alternatives when one is near', () => {
    expect(describeVariantTempo(120, [61, 240], 'half')).toBe(61);
    expect(describeVariantTempo(120, [], 'double')).toBe(240);
    expect(describeVariantTempo(null, [60], 'half')).toBeNull();
  });
});
