import { normalizeOffsets, roundSeconds } from '@curator/shared';

export type TempoVariant = 'half' | 'double';

/** Half tempo: every 2nd beat, starting with the first; seconds. */
export function halveBeats(offsetsS: readonly number[]): number[] {
  return normalizeOffsets(offsetsS).filter((_, i) => i % 2 === 0);
}

/** Double tempo: a beat half-way between each pair of neighbours; seconds. */
export function doubleBeats(offsetsS: readonly number[]): number[] {
  const sorted = normalizeOffsets(offsetsS);
  const midpoints = sorted.slice(1).map((t, i) => roundSeconds((sorted[i] + t) / 2));
  return normalizeOffsets([...sorted, ...midpoints]);
}

export function applyTempoVariant(offsetsS: readonly number[], variant: TempoVariant): number[] {
  return variant === 'half' ? halveBeats(offsetsS) : doubleBeats(offsetsS);
}

/** The tempo (BPM) a variant gives: the analysis' alternative nearest to ×0.5 / ×2, else the plain product. */
export function describeVariantTempo(
  tempoBpm: number | null,
  alternativesBpm: readonly number[],
  variant: TempoVariant,
): number | null {
  if (tempoBpm === null) return null;
  const target = tempoBpm * (variant === 'half' ? 0.5 : 2);
  const near = alternativesBpm.filter((bpm) => Math.abs(bpm - target) / target < 0.1);
  return Math.round(near.length > 0 ? near[0] : target);
}

/** A tempo factor as the Autobeat control shows it: ×0.5, ×2, ×2/3, ×3/2. */
export function formatTempoFactor(factor: number): string {
  const fractions: Array<[number, string]> = [
    [2 / 3, '2/3'],
    [3 / 2, '3/2'],
    [1 / 3, '1/3'],
    [4 / 3, '4/3'],
  ];
  const named = fractions.find(([value]) => Math.abs(value - factor) < 0.02);
  return `×${named ? named[1] : String(Math.round(factor * 100) / 100)}`;
}
