import { createRandom, type Random } from './seeded-random';
import type { TrackSpec } from './synthesise-track';

export type EvaluationCategory =
  | 'steady'
  | 'feel'
  | 'syncopation'
  | 'swing'
  | 'slow'
  | 'fast'
  | 'triple'
  | 'tempo-change'
  | 'intro'
  | 'ambient'
  | 'noise';

/**
 * Which half of the set: constants are chosen on `tuning` only; `held-out` is only ever measured. `study` is a further
 * draw of the tuning recipes from other seeds, tuning data as well: a rule chosen on the tuning half is checked on it
 * to see that it holds beyond that one draw of the recipes (BENCH_ANALYSIS_ONLY=study).
 */
export type EvaluationHalf = 'tuning' | 'study' | 'held-out';

/** One synthesised evaluation track: a name, its category and what to render. */
export type EvaluationTrack = { name: string; category: EvaluationCategory; spec: TrackSpec };

type Recipe = {
  name: string;
  category: EvaluationCategory;
  /** Range of the tapped tempo in BPM. */
  bpm: [number, number];
  make: (bpm: number, random: Random) => Omit<TrackSpec, 'seed' | 'durationS' | 'tempoBpm'>;
  /** Tracks in each half (default TRACKS_PER_RECIPE): more for the kinds that need many balances to be seen. */
  count?: number;
};

/** Tracks per recipe in each half. */
const TRACKS_PER_RECIPE = 2;
/** Tracks per recipe of the balances that trackers miss now and then: two would rarely show a miss. */
const EXTRA_TRACKS_PER_RECIPE = 6;
/** Seed offset of a recipe's tracks beyond TRACKS_PER_RECIPE, so that no seed of the first ones moves. */
const EXTRA_SEED_OFFSET = 1_000_003;

/** Groove recipes; each half draws its own tempo and details from its own seeds. */
const RECIPES: Recipe[] = [
  { name: 'four-floor', category: 'steady', bpm: [115, 132], make: () => ({ pattern: 'four-on-floor' }) },
  {
    name: 'four-floor-human',
    category: 'steady',
    bpm: [120, 138],
    make: (_, r) => ({ pattern: 'four-on-floor', humanizeMs: r.between(5, 10) }),
  },
  { name: 'rock', category: 'steady', bpm: [92, 118], make: () => ({ pattern: 'backbeat' }) },
  {
    name: 'rock-human',
    category: 'steady',
    bpm: [128, 152],
    make: (_, r) => ({ pattern: 'backbeat', humanizeMs: r.between(6, 12) }),
  },
  { name: 'sixteenth-hats', category: 'feel', bpm: [78, 102], make: () => ({ pattern: 'sixteenths' }) },
  { name: 'half-time', category: 'feel', bpm: [62, 82], make: () => ({ pattern: 'half-time' }) },
  { name: 'double-time', category: 'feel', bpm: [150, 178], make: () => ({ pattern: 'double-time' }) },
  { name: 'syncopated', category: 'syncopation', bpm: [88, 112], make: () => ({ pattern: 'syncopated' }) },
  {
    name: 'syncopated-human',
    category: 'syncopation',
    bpm: [112, 140],
    make: (_, r) => ({ pattern: 'syncopated', humanizeMs: r.between(4, 9) }),
  },
  {
    name: 'swing',
    category: 'swing',
    bpm: [88, 122],
    make: (_, r) => ({ swingRatio: r.between(0.6, 0.67), humanizeMs: 5 }),
  },
  { name: 'swing-fast', category: 'swing', bpm: [128, 160], make: (_, r) => ({ swingRatio: r.between(0.58, 0.64) }) },
  { name: 'ballad', category: 'slow', bpm: [55, 66], make: () => ({ pattern: 'ballad', humanizeMs: 6 }) },
  {
    name: 'ballad-reverb',
    category: 'slow',
    bpm: [58, 72],
    make: (_, r) => ({ pattern: 'ballad', reverbWet: r.between(0.2, 0.35), padGainDb: 4 }),
  },
  { name: 'fast-four-floor', category: 'fast', bpm: [168, 185], make: () => ({ pattern: 'four-on-floor' }) },
  {
    name: 'fast-rock',
    category: 'fast',
    bpm: [170, 185],
    make: (_, r) => ({ pattern: 'double-time', humanizeMs: r.between(3, 7) }),
  },
  { name: 'waltz', category: 'triple', bpm: [96, 140], make: () => ({ pattern: 'waltz' }) },
  {
    name: 'waltz-fast',
    category: 'triple',
    bpm: [140, 180],
    make: (_, r) => ({ pattern: 'waltz', humanizeMs: r.between(3, 8) }),
  },
  {
    name: 'drift-up',
    category: 'tempo-change',
    bpm: [88, 110],
    make: (bpm, r) => ({ endTempoBpm: bpm * r.between(1.06, 1.12) }),
  },
  {
    name: 'drift-down',
    category: 'tempo-change',
    bpm: [128, 150],
    make: (bpm, r) => ({ endTempoBpm: bpm * r.between(0.9, 0.95), pattern: 'four-on-floor' }),
  },
  {
    name: 'tempo-step',
    category: 'tempo-change',
    bpm: [96, 124],
    make: (bpm, r) => ({ tempoStep: { atS: r.between(12, 18), toBpm: bpm * r.pick([0.92, 1.08, 1.1]) } }),
  },
  {
    name: 'quiet-intro',
    category: 'intro',
    bpm: [95, 145],
    make: (_, r) => ({ quietIntroS: r.between(7, 10), pattern: r.pick(['backbeat', 'four-on-floor'] as const) }),
  },
  {
    name: 'drumless-intro',
    category: 'intro',
    bpm: [84, 126],
    make: (_, r) => ({ drumlessIntroS: r.between(5, 9), pattern: r.pick(['backbeat', 'syncopated'] as const) }),
  },
  {
    name: 'ambient',
    category: 'ambient',
    bpm: [66, 100],
    make: (_, r) => ({ pattern: 'ambient', padGainDb: 10, drumGainDb: -8, reverbWet: r.between(0.25, 0.4) }),
  },
  {
    name: 'noise',
    category: 'noise',
    bpm: [100, 140],
    make: (_, r) => ({ noiseDb: r.between(-6, -3), pattern: r.pick(['backbeat', 'four-on-floor'] as const) }),
  },
  {
    name: 'noise-reverb',
    category: 'noise',
    bpm: [138, 166],
    make: (_, r) => ({ noiseDb: r.between(-9, -6), reverbWet: 0.25, humanizeMs: 6 }),
  },
  // Added later, at the end so that the seeds of the tracks above stay the same.
  {
    name: 'offbeat-kick',
    category: 'syncopation',
    bpm: [100, 128],
    make: (_, r) => ({ pattern: 'offbeat-kick', humanizeMs: r.between(3, 8) }),
  },
  {
    name: 'shuffle',
    category: 'swing',
    bpm: [84, 126],
    make: (_, r) => ({ swingRatio: r.between(0.55, 0.68), humanizeMs: r.between(3, 8), hatGainDb: r.between(0, 8) }),
  },
  {
    name: 'sixteenth-swing',
    category: 'swing',
    bpm: [76, 98],
    make: (_, r) => ({ pattern: 'sixteenth-swing', swingRatio: r.between(0.55, 0.64) }),
  },
  {
    name: 'downbeat-only',
    category: 'ambient',
    bpm: [68, 112],
    make: (_, r) => ({ pattern: 'downbeat', padGainDb: 6, reverbWet: r.between(0.15, 0.3) }),
  },
  {
    name: 'late-drums',
    category: 'intro',
    bpm: [88, 128],
    make: (_, r) => ({ drumlessIntroS: r.between(9, 14), pattern: 'backbeat', padGainDb: 4 }),
  },
  {
    name: 'ballad-soft',
    category: 'slow',
    bpm: [62, 75],
    make: (_, r) => ({ pattern: 'ballad', drumGainDb: -6, padGainDb: 6, humanizeMs: r.between(4, 10) }),
  },
  {
    name: 'deep-four-floor',
    category: 'steady',
    bpm: [116, 130],
    make: (_, r) => ({ pattern: 'four-on-floor', kitTone: 'deep', offbeatBass: true, humanizeMs: r.between(0, 4) }),
  },
  {
    name: 'deep-backbeat',
    category: 'steady',
    bpm: [94, 128],
    make: (_, r) => ({ pattern: 'backbeat', kitTone: 'deep', humanizeMs: r.between(3, 8) }),
  },
  {
    name: 'deep-syncopated',
    category: 'syncopation',
    bpm: [90, 116],
    make: (_, r) => ({ pattern: 'syncopated', kitTone: 'deep', humanizeMs: r.between(3, 8) }),
  },
  {
    name: 'deep-shuffle',
    category: 'swing',
    bpm: [84, 124],
    make: (_, r) => ({ swingRatio: r.between(0.55, 0.68), kitTone: 'deep', humanizeMs: r.between(3, 8) }),
  },
  {
    name: 'offbeat-bass-loud',
    category: 'steady',
    bpm: [118, 132],
    make: (_, r) => ({ pattern: 'four-on-floor', offbeatBass: true, bassGainDb: r.between(6, 10), hatGainDb: 6 }),
  },
  {
    name: 'offbeat-accents',
    category: 'syncopation',
    bpm: [92, 118],
    make: (_, r) => ({ pattern: 'syncopated', kitTone: 'deep', offbeatBass: true, bassGainDb: r.between(3, 8) }),
  },
  {
    name: 'clap-four-floor',
    category: 'steady',
    bpm: [118, 130],
    make: (_, r) => ({ pattern: 'four-on-floor', kitTone: 'clap', offbeatBass: true, bassGainDb: r.between(0, 6) }),
  },
  {
    name: 'clap-offbeat-kick',
    category: 'syncopation',
    bpm: [100, 126],
    make: (_, r) => ({ pattern: 'offbeat-kick', kitTone: 'clap', humanizeMs: r.between(2, 6) }),
  },
  // Kinds of music that pulled the tracker off the beat, each with its own sounds (drum machine, brushes, ride, keys
  // stabs, arpeggios, pumping pads): written from common practice, at the end so that the seeds above stay the same.
  {
    name: 'blues-shuffle',
    category: 'swing',
    bpm: [84, 126],
    make: (_, r) => ({
      pattern: 'shuffle',
      swingRatio: r.between(0.55, 0.68),
      kitTone: r.pick(['classic', 'boom', 'brush'] as const),
      bassPositions: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5],
      bassWalk: true,
      stabPositions: r.pick([[1.5, 3.5], [0.5, 2.5], [1.5]]),
      stabGainDb: r.between(0, 6),
      humanizeMs: r.between(3, 8),
    }),
  },
  {
    name: 'jazz-swing',
    category: 'swing',
    bpm: [110, 170],
    make: (_, r) => ({
      pattern: 'jazz',
      swingRatio: r.between(0.6, 0.68),
      kitTone: r.pick(['classic', 'brush'] as const),
      bassPositions: [0, 1, 2, 3],
      bassWalk: true,
      stabPositions: r.pick([[1.5], [0.5, 2.5], [3.5], [1.5, 2.5]]),
      humanizeMs: r.between(3, 8),
    }),
  },
  {
    name: 'shuffle-keys',
    category: 'swing',
    bpm: [80, 118],
    make: (_, r) => ({
      pattern: 'shuffle',
      swingRatio: r.between(0.58, 0.67),
      kitTone: r.pick(['deep', 'boom'] as const),
      hatGainDb: r.between(4, 9),
      arpeggio: { stepBeats: 0.5, voice: 'pluck', gainDb: r.between(-3, 3) },
      stabPositions: [0.5, 1.5, 2.5, 3.5],
      stabGainDb: r.between(-3, 3),
    }),
  },
  {
    name: 'funk',
    category: 'syncopation',
    bpm: [88, 118],
    make: (_, r) => ({
      pattern: 'funk',
      kitTone: r.pick(['classic', 'deep', 'boom'] as const),
      bassPositions: [0, 0.75, 1.5, 2.5, 2.75],
      stabPositions: r.pick([
        [0.75, 2.25],
        [1.5, 3.5],
        [0.5, 1.75, 3.25],
      ]),
      stabGainDb: r.between(-3, 4),
      humanizeMs: r.between(2, 6),
    }),
  },
  {
    name: 'anticipation',
    category: 'syncopation',
    bpm: [84, 112],
    make: (_, r) => ({
      pattern: 'anticipation',
      kitTone: r.pick(['classic', 'boom', 'clap'] as const),
      bassPositions: [1.5, 3.5],
      anticipateChords: true,
      stabPositions: r.pick([[3.5], [1.5, 3.5]]),
      humanizeMs: r.between(2, 6),
    }),
  },
  {
    name: 'offbeat-kick-open',
    category: 'syncopation',
    bpm: [100, 128],
    make: (_, r) => ({
      pattern: 'offbeat-kick-open',
      kitTone: r.pick(['boom', 'clap', 'deep'] as const),
      offbeatBass: r.next() < 0.5,
      humanizeMs: r.between(0, 5),
    }),
  },
  {
    name: 'skank',
    category: 'syncopation',
    bpm: [76, 112],
    make: (_, r) => ({
      pattern: 'skank',
      kitTone: r.pick(['classic', 'boom'] as const),
      stabPositions: [0.5, 1.5, 2.5, 3.5],
      stabGainDb: r.between(3, 8),
      bassPositions: [0, 0.75, 2, 2.5],
    }),
  },
  {
    name: 'dance-pump',
    category: 'steady',
    bpm: [118, 130],
    make: (_, r) => ({
      pattern: 'four-on-floor',
      kitTone: r.pick(['boom', 'deep', 'clap'] as const),
      offbeatBass: true,
      bassGainDb: r.between(4, 10),
      hatGainDb: r.between(4, 9),
      pumpPads: true,
      padGainDb: r.between(4, 10),
      stabPositions: r.pick([[], [0.5, 1.5, 2.5, 3.5], [0.75, 2.5]]),
    }),
  },
  {
    name: 'downbeat-pulse',
    category: 'ambient',
    bpm: [66, 110],
    make: (_, r) => ({
      pattern: 'downbeat-sparse',
      kitTone: r.pick(['classic', 'boom', 'brush'] as const),
      padGainDb: r.between(3, 8),
      reverbWet: r.between(0.15, 0.35),
      arpeggio: { stepBeats: r.pick([0.5, 1]), voice: r.pick(['bell', 'pluck'] as const), gainDb: r.between(-8, -2) },
    }),
  },
  {
    name: 'late-entry-arp',
    category: 'intro',
    bpm: [88, 128],
    make: (_, r) => ({
      drumlessIntroS: r.between(10, 16),
      pattern: r.pick(['backbeat', 'four-on-floor', 'funk'] as const),
      kitTone: r.pick(['boom', 'deep', 'classic'] as const),
      padGainDb: r.between(2, 6),
      arpeggio: { stepBeats: r.pick([0.5, 1]), voice: r.pick(['bell', 'pluck'] as const), gainDb: r.between(-6, 0) },
    }),
  },
  {
    name: 'ambient-bells',
    category: 'ambient',
    bpm: [60, 90],
    make: (_, r) => ({
      pattern: 'downbeat-sparse',
      kitTone: 'brush',
      drumGainDb: r.between(-10, -4),
      padGainDb: r.between(6, 10),
      reverbWet: r.between(0.25, 0.4),
      arpeggio: { stepBeats: 1, voice: 'bell', gainDb: r.between(-4, 2) },
    }),
  },
  {
    name: 'twelve-eight-ballad',
    category: 'slow',
    bpm: [55, 72],
    make: (_, r) => ({
      pattern: 'twelve-eight',
      kitTone: r.pick(['classic', 'brush'] as const),
      arpeggio: { stepBeats: 1 / 3, voice: 'pluck', gainDb: r.between(-4, 2) },
      padGainDb: r.between(0, 6),
      humanizeMs: r.between(4, 10),
    }),
  },
  {
    name: 'keys-ballad',
    category: 'slow',
    bpm: [55, 75],
    make: (_, r) => ({
      pattern: 'ballad',
      kitTone: 'brush',
      drumGainDb: r.between(-8, -3),
      arpeggio: { stepBeats: 0.5, voice: 'pluck', gainDb: r.between(-2, 4) },
      reverbWet: r.between(0.1, 0.3),
      humanizeMs: r.between(5, 12),
    }),
  },
  {
    name: 'triplet-shuffle',
    category: 'swing',
    bpm: [80, 124],
    make: (_, r) => ({
      pattern: 'triplet-shuffle',
      swingRatio: 2 / 3,
      kitTone: r.pick(['classic', 'brush', 'boom'] as const),
      bassPositions: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5],
      bassWalk: true,
      stabPositions: r.pick([[], [1.5, 3.5], [3.5]]),
      humanizeMs: r.between(3, 8),
    }),
  },
  {
    name: 'funk-deep',
    category: 'syncopation',
    bpm: [92, 116],
    make: (_, r) => ({
      pattern: 'funk',
      kitTone: r.pick(['deep', 'boom', 'clap'] as const),
      bassPositions: r.pick([
        [0, 0.75, 1.5, 2.5, 2.75],
        [0, 1.75, 2.5, 3.25],
      ]),
      stabPositions: r.pick([[0.75, 2.25], [1.75, 3.5], []]),
      hatGainDb: r.between(0, 8),
      humanizeMs: r.between(2, 6),
    }),
  },
  {
    name: 'garage-offbeat-kick',
    category: 'syncopation',
    bpm: [98, 128],
    make: (_, r) => ({
      pattern: r.pick(['offbeat-kick', 'offbeat-kick-open'] as const),
      kitTone: 'garage',
      hatGainDb: r.between(0, 8),
      humanizeMs: r.between(2, 6),
    }),
  },
  {
    name: 'garage-funk',
    category: 'syncopation',
    bpm: [88, 116],
    make: (_, r) => ({
      pattern: r.pick(['funk', 'syncopated'] as const),
      kitTone: 'garage',
      bassPositions: [0, 0.75, 1.5, 2.5, 2.75],
      stabPositions: r.pick([[0.75, 2.25], []]),
      humanizeMs: r.between(2, 6),
    }),
  },
  {
    name: 'garage-dance',
    category: 'steady',
    bpm: [118, 130],
    make: (_, r) => ({
      pattern: 'four-on-floor',
      kitTone: 'garage',
      offbeatBass: true,
      bassGainDb: r.between(0, 8),
      hatGainDb: r.between(2, 8),
      pumpPads: r.next() < 0.5,
    }),
  },
  {
    name: 'rim-offbeat-kick',
    category: 'syncopation',
    bpm: [96, 126],
    make: (_, r) => ({
      pattern: 'offbeat-kick-rim',
      kitTone: r.pick(['classic', 'boom', 'garage'] as const),
      offbeatBass: r.next() < 0.5,
      humanizeMs: r.between(2, 6),
    }),
  },
  // Kinds of music another synthesiser's grooves pulled the tracker off, with other snare timbres and balances:
  // kicks on the "and" under a snare on 2 and 4 at many kick/snare/hat levels (a snare quieter than the hats, too),
  // swing with a late off-beat hat and few kicks, drums only on the downbeat or entering late, soft ballads.
  {
    name: 'and-kick-mix',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'syncopation',
    bpm: [88, 128],
    make: (_, r) => ({
      pattern: r.pick(['and-kick', 'offbeat-kick', 'and-kick-bare'] as const),
      kitTone: r.pick(['dark', 'thin', 'classic', 'boom', 'garage'] as const),
      kickGainDb: r.between(-3, 6),
      snareGainDb: r.between(-9, 0),
      hatGainDb: r.between(-3, 9),
      humanizeMs: r.between(2, 8),
    }),
  },
  {
    name: 'and-kick-soft-snare',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'syncopation',
    bpm: [92, 124],
    make: (_, r) => ({
      pattern: r.pick(['and-kick', 'and-kick-bare', 'offbeat-kick-open'] as const),
      kitTone: r.pick(['dark', 'thin', 'brush', 'clap'] as const),
      kickGainDb: r.between(0, 6),
      snareGainDb: r.between(-12, -6),
      hatGainDb: r.between(3, 9),
      humanizeMs: r.between(2, 6),
    }),
  },
  {
    name: 'syncopated-dark',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'syncopation',
    bpm: [86, 120],
    make: (_, r) => ({
      pattern: r.pick(['syncopated', 'funk', 'and-kick'] as const),
      kitTone: r.pick(['dark', 'thin'] as const),
      snareGainDb: r.between(-8, -2),
      bassPositions: r.pick([
        [0.5, 1.5, 2.5, 3.5],
        [0, 0.75, 1.5, 2.5],
        [1.5, 3.5],
      ]),
      humanizeMs: r.between(2, 6),
    }),
  },
  {
    name: 'swing-offbeat-hat',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'swing',
    bpm: [84, 140],
    make: (_, r) => ({
      pattern: 'swing-offbeat-hat',
      swingRatio: r.between(0.56, 0.66),
      kitTone: r.pick(['classic', 'dark', 'thin', 'brush'] as const),
      hatGainDb: r.between(0, 9),
      snareGainDb: r.between(-6, 0),
      humanizeMs: r.between(2, 8),
    }),
  },
  {
    name: 'swing-ride',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'swing',
    bpm: [96, 170],
    make: (_, r) => ({
      pattern: 'swing-ride-sparse',
      swingRatio: r.between(0.58, 0.66),
      kitTone: r.pick(['brush', 'dark', 'classic'] as const),
      hatGainDb: r.between(-3, 6),
      bassPositions: [0, 1, 2, 3],
      bassWalk: true,
      humanizeMs: r.between(3, 8),
    }),
  },
  {
    name: 'swing-soft-kit',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'swing',
    bpm: [80, 132],
    make: (_, r) => ({
      pattern: r.pick(['shuffle', 'backbeat'] as const),
      swingRatio: r.between(0.56, 0.66),
      kitTone: r.pick(['dark', 'thin'] as const),
      kickGainDb: r.between(-9, -3),
      snareGainDb: r.between(-9, -3),
      hatGainDb: r.between(0, 9),
      humanizeMs: r.between(2, 8),
    }),
  },
  {
    name: 'late-downbeat',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'intro',
    bpm: [64, 112],
    make: (_, r) => ({
      drumlessIntroS: r.between(8, 16),
      pattern: r.pick(['downbeat', 'downbeat-sparse'] as const),
      kitTone: r.pick(['dark', 'thin', 'classic', 'brush'] as const),
      padGainDb: r.between(4, 10),
      arpeggio: r.next() < 0.5 ? { stepBeats: r.pick([0.5, 1]), voice: 'bell', gainDb: r.between(-8, -2) } : undefined,
    }),
  },
  {
    name: 'downbeat-pads',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'ambient',
    bpm: [60, 100],
    make: (_, r) => ({
      pattern: r.pick(['downbeat', 'downbeat-sparse'] as const),
      kitTone: r.pick(['dark', 'brush'] as const),
      drumGainDb: r.between(-10, -4),
      padGainDb: r.between(6, 12),
      reverbWet: r.between(0.2, 0.4),
    }),
  },
  {
    name: 'ballad-dark',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'slow',
    bpm: [55, 75],
    make: (_, r) => ({
      pattern: r.pick(['ballad', 'twelve-eight'] as const),
      kitTone: r.pick(['dark', 'brush', 'thin'] as const),
      drumGainDb: r.between(-10, -4),
      kickGainDb: r.between(-6, 0),
      snareGainDb: r.between(-6, 0),
      hatGainDb: r.between(-3, 6),
      padGainDb: r.between(2, 8),
      humanizeMs: r.between(4, 12),
    }),
  },
  {
    name: 'ballad-late',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'slow',
    bpm: [58, 75],
    make: (_, r) => ({
      pattern: 'ballad',
      kitTone: r.pick(['dark', 'brush', 'classic'] as const),
      drumlessIntroS: r.between(6, 12),
      drumGainDb: r.between(-8, -3),
      padGainDb: r.between(3, 8),
      arpeggio: { stepBeats: r.pick([0.5, 1]), voice: 'pluck', gainDb: r.between(-6, 0) },
      humanizeMs: r.between(4, 10),
    }),
  },
  {
    name: 'shuffle-loud-hats',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'swing',
    bpm: [84, 140],
    make: (_, r) => ({
      pattern: r.pick(['shuffle', 'backbeat', 'swing-offbeat-hat'] as const),
      swingRatio: r.between(0.56, 0.66),
      kitTone: r.pick(['classic', 'garage', 'boom', 'thin'] as const),
      hatGainDb: r.between(6, 12),
      kickGainDb: r.between(-9, -3),
      snareGainDb: r.between(-12, -6),
      humanizeMs: r.between(0, 6),
    }),
  },
  {
    name: 'swing-pushed-stabs',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'swing',
    bpm: [76, 132],
    make: (_, r) => ({
      pattern: r.pick(['twelve-eight', 'triplet-shuffle', 'jazz'] as const),
      swingRatio: 2 / 3,
      kitTone: r.pick(['classic', 'dark', 'garage', 'clap', 'boom', 'brush'] as const),
      hatGainDb: r.between(0, 12),
      snareGainDb: r.between(-9, 0),
      kickGainDb: r.between(-6, 3),
      bassPositions: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5],
      bassWalk: true,
      stabPositions: [1.5, 3.5],
      stabGainDb: r.between(0, 6),
      humanizeMs: r.between(8, 20),
    }),
  },
  // Kicks that are not heard by their sub: an acoustic kick tuned up, and sampled breaks through old gear (no sub, dull
  // snare), under kicks on the "and"s, funk figures, swung eighths and slow ballads.
  {
    name: 'and-kick-tight',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'syncopation',
    bpm: [86, 128],
    make: (_, r) => ({
      pattern: r.pick(['and-kick', 'offbeat-kick', 'and-kick-bare', 'funk', 'syncopated', 'anticipation'] as const),
      kitTone: r.pick(['tight', 'lofi'] as const),
      kickGainDb: r.between(-3, 6),
      snareGainDb: r.between(-9, 0),
      hatGainDb: r.between(-3, 9),
      bassPositions: r.pick([
        [0, 1.5, 2, 3],
        [0.5, 1.5, 2.5, 3.5],
        [0, 0.75, 1.5, 2.5],
      ]),
      humanizeMs: r.between(2, 8),
    }),
  },
  {
    name: 'swing-tight',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'swing',
    bpm: [80, 150],
    make: (_, r) => ({
      pattern: r.pick(['shuffle', 'swing-offbeat-hat', 'jazz', 'swing-ride-sparse', 'backbeat'] as const),
      swingRatio: r.between(0.58, 0.68),
      kitTone: r.pick(['tight', 'lofi'] as const),
      kickGainDb: r.between(-6, 3),
      snareGainDb: r.between(-8, 0),
      hatGainDb: r.between(0, 9),
      bassPositions: [0, 1, 2, 3],
      bassWalk: r.next() < 0.5,
      humanizeMs: r.between(2, 10),
    }),
  },
  {
    name: 'ballad-tight',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'slow',
    bpm: [55, 75],
    make: (_, r) => ({
      pattern: r.pick(['ballad', 'twelve-eight'] as const),
      kitTone: r.pick(['tight', 'lofi'] as const),
      drumGainDb: r.between(-8, -2),
      hatGainDb: r.between(-3, 6),
      padGainDb: r.between(2, 8),
      arpeggio: r.next() < 0.5 ? { stepBeats: 0.5, voice: 'pluck', gainDb: r.between(-6, 0) } : undefined,
      humanizeMs: r.between(4, 12),
    }),
  },
  // Swing below the tempi of the recipes above: slow blues shuffles with walking bass, 58-78 BPM.
  {
    name: 'slow-shuffle',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'swing',
    bpm: [58, 78],
    make: (_, r) => ({
      pattern: r.pick(['shuffle', 'triplet-shuffle', 'swing-offbeat-hat', 'backbeat'] as const),
      swingRatio: r.between(0.6, 0.68),
      kitTone: r.pick(['classic', 'dark', 'brush', 'tight', 'boom'] as const),
      hatGainDb: r.between(-3, 9),
      snareGainDb: r.between(-6, 0),
      bassPositions: r.pick([
        [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5],
        [0, 1, 2, 3],
      ]),
      bassWalk: true,
      stabPositions: r.pick([[], [1.5, 3.5], [3.5]]),
      humanizeMs: r.between(4, 12),
    }),
  },
  // Kicks on the "and"s and funk figures under a snare on 2 and 4 that is hardly heard (10-18 dB down), below loud hats.
  {
    name: 'and-kick-faint-snare',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'syncopation',
    bpm: [88, 124],
    make: (_, r) => ({
      pattern: r.pick(['and-kick', 'funk', 'and-kick-bare', 'anticipation', 'syncopated'] as const),
      kitTone: r.pick(['classic', 'dark', 'thin', 'boom', 'tight', 'clap'] as const),
      kickGainDb: r.between(0, 6),
      snareGainDb: r.between(-18, -10),
      hatGainDb: r.between(0, 9),
      bassPositions: r.pick([
        [0, 0.75, 1.5, 2.5],
        [0.5, 1.5, 2.5, 3.5],
        [0, 1, 2, 3],
      ]),
      humanizeMs: r.between(2, 8),
    }),
  },
  // Syncopated kicks and swung eighths the recipes above do not make, written from common practice: reggaeton's dembow,
  // four-on-the-floor pushed onto the "and" of 4, funk kicks on sixteenths, kicks on the "and" of 2 or the "a" of 3, a
  // half-time snare on 3 only, rim clicks and claps for the snare, a drum machine's long sub kick; swing from 55 to 72 %
  // with kicks pushed onto the swung "and", accented late off-beats, swung sixteenths and a ride with kick "bombs".
  {
    name: 'dembow',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'syncopation',
    bpm: [86, 104],
    make: (_, r) => ({
      pattern: 'dembow',
      kitTone: r.pick(['eight-o-eight', 'boom', 'clap', 'classic', 'tight'] as const),
      kickGainDb: r.between(-4, 4),
      snareGainDb: r.between(-6, 3),
      bassPositions: r.pick([
        [0, 0.75, 1.5, 2, 2.75, 3.5],
        [0, 2],
        [0, 1, 2, 3],
      ]),
      humanizeMs: r.between(0, 5),
    }),
  },
  {
    name: 'four-floor-push',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'syncopation',
    bpm: [116, 132],
    make: (_, r) => ({
      pattern: 'four-floor-push',
      kitTone: r.pick(['eight-o-eight', 'clap', 'deep', 'garage', 'boom'] as const),
      offbeatBass: r.next() < 0.5,
      bassGainDb: r.between(-3, 6),
      hatGainDb: r.between(0, 9),
      humanizeMs: r.between(0, 4),
    }),
  },
  {
    name: 'funk-sixteenth-kick',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'syncopation',
    bpm: [84, 112],
    make: (_, r) => ({
      pattern: 'funk-sixteenth',
      kitTone: r.pick(['classic', 'tight', 'dark', 'garage', 'lofi', 'thin'] as const),
      kickGainDb: r.between(-3, 4),
      snareGainDb: r.between(-8, 0),
      hatGainDb: r.between(-3, 6),
      bassPositions: r.pick([
        [0, 0.75, 1.25, 2.5],
        [0, 1.75, 2.25, 3.5],
        [0, 1, 2, 3],
      ]),
      stabPositions: r.pick([[], [0.75, 2.25], [1.5, 3.25]]),
      stabGainDb: r.between(-4, 2),
      humanizeMs: r.between(2, 7),
    }),
  },
  {
    name: 'kick-and-of-2',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'syncopation',
    bpm: [80, 124],
    make: (_, r) => ({
      pattern: r.pick(['kick-and-of-2', 'kick-a-of-3'] as const),
      kitTone: r.pick(['classic', 'tight', 'dark', 'boom', 'clap', 'lofi'] as const),
      kickGainDb: r.between(-2, 6),
      snareGainDb: r.between(-9, 0),
      hatGainDb: r.between(-3, 9),
      bassPositions: r.pick([
        [0, 1.5, 2, 3],
        [0, 1.5, 2.75],
        [0.5, 1.5, 2.5, 3.5],
      ]),
      humanizeMs: r.between(2, 8),
    }),
  },
  {
    name: 'half-time-snare',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'syncopation',
    bpm: [74, 98],
    make: (_, r) => ({
      pattern: 'half-time-snare',
      kitTone: r.pick(['eight-o-eight', 'classic', 'clap', 'boom', 'tight'] as const),
      snareGainDb: r.between(-6, 2),
      hatGainDb: r.between(-3, 8),
      bassPositions: [0, 1.5, 2.75],
      humanizeMs: r.between(0, 6),
    }),
  },
  {
    name: 'syncopated-rim',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'syncopation',
    bpm: [84, 122],
    make: (_, r) => ({
      pattern: 'syncopated-rim',
      kitTone: r.pick(['classic', 'tight', 'dark', 'boom', 'eight-o-eight'] as const),
      kickGainDb: r.between(0, 6),
      snareGainDb: r.between(-6, 3),
      hatGainDb: r.between(-3, 8),
      humanizeMs: r.between(2, 7),
    }),
  },
  {
    name: 'swing-push-kick',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'swing',
    bpm: [84, 140],
    make: (_, r) => ({
      pattern: 'swing-push-kick',
      swingRatio: r.between(0.55, 0.72),
      kitTone: r.pick(['classic', 'tight', 'dark', 'brush', 'boom', 'lofi'] as const),
      kickGainDb: r.between(-3, 5),
      snareGainDb: r.between(-8, 0),
      hatGainDb: r.between(-3, 8),
      bassPositions: r.pick([
        [0, 1, 2, 3],
        [0, 1.5, 2, 3.5],
      ]),
      bassWalk: r.next() < 0.5,
      humanizeMs: r.between(2, 9),
    }),
  },
  {
    name: 'swing-accented-upbeat',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'swing',
    bpm: [90, 150],
    make: (_, r) => ({
      pattern: 'swing-accented-upbeat',
      swingRatio: r.between(0.58, 0.72),
      kitTone: r.pick(['classic', 'thin', 'tight', 'garage', 'eight-o-eight', 'brush'] as const),
      kickGainDb: r.between(-6, 3),
      snareGainDb: r.between(-6, 2),
      hatGainDb: r.between(0, 9),
      bassPositions: [0, 1, 2, 3],
      bassWalk: true,
      humanizeMs: r.between(2, 8),
    }),
  },
  {
    name: 'soul-sixteenths',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'swing',
    bpm: [68, 96],
    make: (_, r) => ({
      pattern: 'soul-sixteenths',
      swingRatio: r.between(0.55, 0.66),
      kitTone: r.pick(['lofi', 'tight', 'dark', 'classic', 'boom'] as const),
      kickGainDb: r.between(-2, 5),
      snareGainDb: r.between(-6, 0),
      hatGainDb: r.between(-3, 6),
      bassPositions: [0, 1, 2, 3],
      padGainDb: r.between(0, 6),
      humanizeMs: r.between(4, 12),
    }),
  },
  {
    name: 'jazz-bombs',
    count: EXTRA_TRACKS_PER_RECIPE,
    category: 'swing',
    bpm: [112, 180],
    make: (_, r) => ({
      pattern: 'jazz-bombs',
      swingRatio: r.between(0.6, 0.7),
      kitTone: r.pick(['classic', 'brush', 'dark', 'tight'] as const),
      hatGainDb: r.between(-3, 6),
      bassPositions: [0, 1, 2, 3],
      bassWalk: true,
      stabPositions: r.pick([[], [1.5], [0.5, 2.5], [3.5]]),
      stabGainDb: r.between(-4, 2),
      humanizeMs: r.between(3, 10),
    }),
  },
];

/** Base seed of each half; the halves share recipes but no seed, tempo or rendering. */
const HALF_SEEDS: Record<EvaluationHalf, number> = { tuning: 1000, study: 3_300_017, 'held-out': 7_000_003 };

/**
 * The beat-tracking set for one half: two tracks per recipe, six for the twenty-seven recipes of other balances, sounds,
 * tempi and the added syncopated and swung grooves (85 grooves, 55–185 BPM), 278 tracks.
 * Beats are quarter notes of `tempoBpm`, the level a listener taps; hats sit −3…+9 dB against the kit.
 */
export function buildEvaluationSet(half: EvaluationHalf = 'tuning', durationS = 30): EvaluationTrack[] {
  const base = HALF_SEEDS[half];
  return RECIPES.flatMap((recipe, i) =>
    Array.from({ length: recipe.count ?? TRACKS_PER_RECIPE }, (_, k) => {
      const seed =
        k < TRACKS_PER_RECIPE
          ? base + (i * TRACKS_PER_RECIPE + k) * 7919
          : base + EXTRA_SEED_OFFSET + (i * 16 + k) * 7919;
      const random = createRandom(seed ^ 0x5bd1e995);
      const tempoBpm = Math.round(random.between(recipe.bpm[0], recipe.bpm[1]) * 10) / 10;
      const hatGainDb = Math.round(random.between(-3, 9));
      const spec: TrackSpec = { seed, durationS, tempoBpm, hatGainDb, ...recipe.make(tempoBpm, random) };
      return { name: `${recipe.name}-${Math.round(tempoBpm)}`, category: recipe.category, spec };
    }),
  );
}
