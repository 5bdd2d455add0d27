// Local bindings: Math property look-ups are slow inside the test sandbox.
const { floor, imul } = Math;

/** Deterministic pseudo-random source (mulberry32) with a few helpers. */
export type Random = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Uniform in [low, high). */
  between: (low: number, high: number) => number;
  /** One element of a non-empty list. */
  pick: <T>(items: readonly T[]) => T;
};

/** Creates a seeded random source; the same seed always gives the same sequence. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low, high) => low + (high - low) * next(),
    pick: (items) => items[floor(next() * items.length)],
  };
}
