import { type GrooveKind, type GrooveSpec, type GrooveStyle } from './groove-generator';
import { Rng } from './voices';

/** One track of the independent set: its name, kind of music and what to generate. */
export type IndependentTrack = { name: string; kind: GrooveKind; spec: GrooveSpec };

type Recipe = { style: GrooveStyle; kind: GrooveKind; count: number; bpm: [number, number]; swing?: [number, number] };

const RECIPES: Recipe[] = [
  { style: 'shuffle', kind: 'swing', count: 3, bpm: [85, 125], swing: [0.55, 0.68] },
  { style: 'jazz-ride', kind: 'swing', count: 3, bpm: [120, 170], swing: [0.6, 0.68] },
  { style: 'swung-sixteenths', kind: 'swing', count: 2, bpm: [78, 96], swing: [0.55, 0.64] },
  { style: 'funk-and', kind: 'syncopation', count: 3, bpm: [90, 118] },
  { style: 'offbeat-kicks', kind: 'syncopation', count: 3, bpm: [100, 128] },
  { style: 'anticipation', kind: 'syncopation', count: 2, bpm: [84, 110] },
  { style: 'downbeat-only', kind: 'sparse', count: 3, bpm: [70, 110] },
  { style: 'late-entry', kind: 'sparse', count: 3, bpm: [90, 128] },
  { style: 'ambient-bells', kind: 'sparse', count: 2, bpm: [60, 90] },
  { style: 'piano-ballad', kind: 'ballad', count: 3, bpm: [55, 75] },
  { style: 'compound-ballad', kind: 'ballad', count: 3, bpm: [55, 72] },
  { style: 'brush-ballad', kind: 'ballad', count: 2, bpm: [58, 75] },
  { style: 'pop', kind: 'straight', count: 3, bpm: [95, 130] },
  { style: 'dance', kind: 'straight', count: 3, bpm: [118, 128] },
];

/** The seed of the independent set the bench reports (BENCH_INDEPENDENT_SEEDS draws others beside it). */
export const INDEPENDENT_SET_SEED = 31_337;

/**
 * The independent evaluation set: 38 grooves of five kinds (swing 55–68 %, syncopated kicks, sparse and ambient,
 * ballads 55–75 BPM, straight control), each with its own seed, tempo and sounds. Never used for tuning. Another
 * `setSeed` draws other grooves of the same recipes: tempi, swing, entries and each groove's own seed (its sounds,
 * humanisation, fills) all follow from it.
 */
export function buildIndependentSet(durationS = 30, setSeed = INDEPENDENT_SET_SEED): IndependentTrack[] {
  const rng = new Rng(setSeed);
  let index = 0;
  return RECIPES.flatMap((recipe) =>
    Array.from({ length: recipe.count }, () => {
      const seed = setSeed * 1000 + index++ * 104_729;
      const bpm = Math.round(rng.range(recipe.bpm[0], recipe.bpm[1]) * 10) / 10;
      const spec: GrooveSpec = { style: recipe.style, seed, bpm, durationS };
      if (recipe.swing) spec.swing = Math.round(rng.range(recipe.swing[0], recipe.swing[1]) * 100) / 100;
      if (recipe.style === 'late-entry') spec.entryS = Math.round(rng.range(8, 14));
      const swingTag = spec.swing ? `-sw${Math.round(spec.swing * 100)}` : '';
      return { name: `${recipe.style}-${Math.round(bpm)}${swingTag}`, kind: recipe.kind, spec };
    }),
  );
}
