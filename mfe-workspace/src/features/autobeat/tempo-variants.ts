/** A tempo factor as the Autobeat control shows it: ×0.5, ×2, ×2/3, ×3/2, ×3/4, ×4/3. */
export function formatTempoFactor(factor: number): string {
  const fractions: Array<[number, string]> = [
    [2 / 3, '2/3'],
    [3 / 2, '3/2'],
    [1 / 3, '1/3'],
    [3 / 4, '3/4'],
    [4 / 3, '4/3'],
  ];
  const named = fractions.find(([value]) => Math.abs(value - factor) < 0.02);
  return `×${named ? named[1] : String(Math.round(factor * 100) / 100)}`;
}
