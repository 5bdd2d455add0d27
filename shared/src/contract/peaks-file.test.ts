import { PeaksFileSchema } from './peaks-file';

const file = (peaks: unknown) => ({
  version: 1,
  duration_s: 2,
  sample_rate_hz: 8000,
  channels: 2,
  samples_per_pixel: 256,
  peaks,
  levels: [{ samples_per_pixel: 256, length: 3, peaks }],
});

describe('PeaksFileSchema', () => {
  it('reads channels of numbers', () => {
    const parsed = PeaksFileSchema.parse(
      file([
        [0.5, -0.25, 0],
        [-0.5, 0.25, 1],
      ]),
    );
    expect(parsed.peaks).toEqual([
      [0.5, -0.25, 0],
      [-0.5, 0.25, 1],
    ]);
  });

  it.each([
    ['a string among the numbers', [[0.5, '0.25', 0]]],
    ['a null among the numbers', [[0.5, null]]],
    ['a channel that is no array', [{ 0: 0.5 }]],
    ['an infinite number', [[0.5, Infinity]]],
  ])('refuses peaks with %s', (_, peaks) => {
    const result = PeaksFileSchema.safeParse(file(peaks));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['peaks', 0]);
  });
});
