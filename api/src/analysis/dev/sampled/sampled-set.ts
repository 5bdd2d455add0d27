import type { EvaluationHalf } from '../synth/evaluation-set';
import { createRandom, type Random } from '../synth/seeded-random';
import type { BassStyle, ChordStyle, DrumBar, SampledGrooveSpec, SampledKind } from './sampled-grooves';

/** One groove of the sampled set: a name, its kind of music and what to render. */
export type SampledTrack = { name: string; kind: SampledKind; spec: SampledGrooveSpec };

const TUNING_KITS = [
  'Audiophob',
  'ColomboAcousticDrumkit',
  'ElectricEmpireKit',
  'ForzeeStereo',
  'Millo_MultiLayered2',
  'VariBreaks',
];

/**
 * The kits of each half: the held-out half plays kits the tuning half never hears (recorded acoustic kits and
 * electronic ones on both sides); the study draw is tuning data and plays the tuning kits.
 */
export const SAMPLED_KITS: Record<EvaluationHalf, string[]> = {
  tuning: TUNING_KITS,
  study: TUNING_KITS,
  'held-out': ['BJA_Pacific', 'The Black Pearl 1.0', 'HardElectro1', 'rumpf_kit_z01_h2'],
};

const EIGHTHS = 'x.o.x.o.x.o.x.o.';
const SIXTEENTHS = 'xgogxgogxgogxgog';
const BACKBEAT = '....x.......x...';

/** A groove pattern of one kind: its bars, tempo range, swing and what the bass and chords may do. */
type Pattern = {
  name: string;
  kind: SampledKind;
  bpm: [number, number];
  bar: DrumBar;
  /** Drums of the first bars (null: none), and how many bars. */
  intro?: { bar: DrumBar | null; bars: [number, number] };
  swing8?: [number, number];
  swing16?: [number, number];
  /** The backbeat's line played by the snare, a clap or a side stick. */
  backbeatBy?: Array<'snare' | 'clap' | 'rim'>;
  chords?: ChordStyle[];
  bass?: BassStyle[];
};

const PATTERNS: Pattern[] = [
  // Straight: the beat carries a kick or a snare.
  {
    name: 'rock',
    kind: 'straight',
    bpm: [85, 150],
    bar: { kick: 'x.......x.......', snare: BACKBEAT, hatClosed: EIGHTHS },
  },
  {
    name: 'rock-and3',
    kind: 'straight',
    bpm: [85, 140],
    bar: { kick: 'x.......x.x.....', snare: BACKBEAT, hatClosed: EIGHTHS },
  },
  {
    name: 'four-floor',
    kind: 'straight',
    bpm: [110, 135],
    bar: { kick: 'x...x...x...x...', snare: BACKBEAT, hatOpen: '..o...o...o...o.', hatClosed: 'g.g.g.g.g.g.g.g.' },
    backbeatBy: ['clap', 'snare'],
  },
  {
    name: 'pop16',
    kind: 'straight',
    bpm: [80, 120],
    bar: { kick: 'x.......x.......', snare: BACKBEAT, hatClosed: SIXTEENTHS },
  },
  // Syncopation: kicks on the "and"s, the backbeat on 2 and 4.
  {
    name: 'and-of-2',
    kind: 'syncopation',
    bpm: [85, 125],
    bar: { kick: 'x.....x...x.....', snare: BACKBEAT, hatClosed: EIGHTHS },
  },
  {
    name: 'every-and',
    kind: 'syncopation',
    bpm: [85, 125],
    bar: { kick: 'x.....x...x...x.', snare: BACKBEAT, hatClosed: EIGHTHS },
  },
  {
    name: 'off-kicks',
    kind: 'syncopation',
    bpm: [90, 125],
    bar: { kick: '..x...x...x...x.', snare: BACKBEAT, hatClosed: SIXTEENTHS },
  },
  {
    name: 'funk16',
    kind: 'syncopation',
    bpm: [88, 115],
    bar: { kick: 'x..x...x..x.....', snare: '....x..g.g..x..g', hatClosed: SIXTEENTHS },
  },
  {
    name: 'tresillo',
    kind: 'syncopation',
    bpm: [85, 120],
    bar: { kick: 'x.....x.....x...', snare: BACKBEAT, hatClosed: EIGHTHS },
  },
  {
    name: 'two-step',
    kind: 'syncopation',
    bpm: [125, 138],
    bar: { kick: 'x.........x.....', snare: BACKBEAT, hatClosed: 'x.oox.oox.oox.oo' },
    swing16: [0.56, 0.64],
  },
  {
    name: 'push-4',
    kind: 'syncopation',
    bpm: [85, 120],
    bar: { kick: 'x.x.....x......x', snare: BACKBEAT, hatClosed: EIGHTHS },
  },
  {
    name: 'breakbeat',
    kind: 'syncopation',
    bpm: [85, 140],
    bar: { kick: 'x.x.......xx....', snare: '....x..g.g..x..g', hatClosed: EIGHTHS },
  },
  // Swing: the off-beat eighths late in the beat.
  {
    name: 'shuffle',
    kind: 'swing',
    bpm: [90, 150],
    bar: { kick: 'x.......x.......', snare: BACKBEAT, hatClosed: 'x.o.x.o.x.o.x.o.' },
    swing8: [0.6, 0.7],
  },
  {
    name: 'jazz-ride',
    kind: 'swing',
    bpm: [100, 180],
    bar: { ride: 'x...x.o.x...x.o.', hatPedal: BACKBEAT, kick: 'g...g...g...g...', snare: '......g.......g.' },
    swing8: [0.6, 0.7],
    bass: ['walking'],
    chords: ['none', 'syncopated-stabs'],
  },
  {
    name: 'swung-hiphop',
    kind: 'swing',
    bpm: [82, 100],
    bar: { kick: 'x.....x...x.....', snare: BACKBEAT, hatClosed: 'x.o.x.o.x.o.x.o.' },
    swing8: [0.57, 0.64],
  },
  {
    name: 'offbeat-hat',
    kind: 'swing',
    bpm: [95, 140],
    bar: { kick: 'x.......x.......', snare: BACKBEAT, hatOpen: '..o...o...o...o.' },
    swing8: [0.58, 0.68],
  },
  // Sparse: few hits, or the drums entering late.
  {
    name: 'downbeat-only',
    kind: 'sparse',
    bpm: [70, 120],
    bar: { kick: 'x...............' },
    chords: ['held', 'pushed'],
    bass: ['roots', 'none'],
  },
  {
    name: 'late-entry',
    kind: 'sparse',
    bpm: [80, 130],
    bar: { kick: 'x.......x.x.....', snare: BACKBEAT, hatClosed: EIGHTHS },
    intro: { bar: null, bars: [3, 6] },
    chords: ['held', 'pushed', 'offbeat-stabs'],
    bass: ['roots', 'pushed'],
  },
  {
    name: 'hats-first',
    kind: 'sparse',
    bpm: [85, 130],
    bar: { kick: 'x.....x...x.....', snare: BACKBEAT, hatClosed: EIGHTHS },
    intro: { bar: { hatClosed: EIGHTHS }, bars: [3, 6] },
  },
  {
    name: 'rim-on-3',
    kind: 'sparse',
    bpm: [65, 100],
    bar: { kick: 'x...............', rim: '........o.......' },
    chords: ['held'],
    bass: ['roots', 'none'],
  },
  {
    name: 'backbeat-only',
    kind: 'sparse',
    bpm: [70, 110],
    bar: { snare: BACKBEAT },
    backbeatBy: ['clap', 'rim', 'snare'],
    chords: ['held', 'pushed'],
    bass: ['roots', 'none'],
  },
  // Ballads: 55-75 BPM, soft.
  {
    name: 'ballad8',
    kind: 'ballad',
    bpm: [55, 75],
    bar: { kick: 'x.......x.x.....', snare: BACKBEAT, hatClosed: EIGHTHS },
    backbeatBy: ['snare', 'rim'],
  },
  {
    name: 'ballad16',
    kind: 'ballad',
    bpm: [55, 75],
    bar: { kick: 'x.........x.....', snare: BACKBEAT, hatClosed: SIXTEENTHS },
    backbeatBy: ['snare', 'rim'],
  },
  {
    name: 'ballad-triplets',
    kind: 'ballad',
    bpm: [55, 72],
    bar: { kick: 'x.......x.......', snare: BACKBEAT, tripletHats: true },
    backbeatBy: ['snare', 'rim'],
  },
  {
    name: 'ballad-ride',
    kind: 'ballad',
    bpm: [58, 75],
    bar: { kick: 'x.......o.......', snare: BACKBEAT, ride: 'x.o.x.o.x.o.x.o.' },
    backbeatBy: ['rim', 'snare'],
  },
  // Syncopation with no kick on the beats at all (appended, so that the patterns above keep their seeds and kits): the
  // downbeat anticipated from the "and" of 4, kicks on every "and" under straight eighths, and a funk figure on the
  // "and"s and "e"s under ghost notes.
  {
    name: 'anticipation',
    kind: 'syncopation',
    bpm: [85, 120],
    bar: { kick: '......x.......x.', snare: BACKBEAT, hatClosed: EIGHTHS },
  },
  {
    name: 'and-kicks',
    kind: 'syncopation',
    bpm: [88, 125],
    bar: { kick: '..x...x...x...x.', snare: BACKBEAT, hatClosed: EIGHTHS },
  },
  {
    name: 'funk-and',
    kind: 'syncopation',
    bpm: [88, 115],
    bar: { kick: '..x..x....x..x..', snare: '....x..g....x..g', hatClosed: SIXTEENTHS },
  },
];

const CHORD_STYLES: ChordStyle[] = ['none', 'held', 'pushed', 'offbeat-stabs', 'syncopated-stabs'];
const BASS_STYLES: BassStyle[] = ['none', 'roots', 'offbeat', 'with-kick', 'pushed'];

/** Seed base of each half: the halves draw different tempi, levels and styles. */
const HALF_SEED: Record<EvaluationHalf, number> = { tuning: 7_100_000, study: 5_500_000, 'held-out': 8_300_000 };
/** Tracks per pattern in each half. */
const TRACKS_PER_PATTERN = 2;

/** The pattern's bar with its backbeat line played by `by`. */
function withBackbeatBy(bar: DrumBar, by: 'snare' | 'clap' | 'rim'): DrumBar {
  if (by === 'snare' || !bar.snare) return bar;
  const { snare, ...rest } = bar;
  return { ...rest, [by]: snare };
}

function makeSpec(pattern: Pattern, kit: string, seed: number, random: Random, durationS: number): SampledGrooveSpec {
  const range = (r: [number, number] | undefined) => (r ? random.between(r[0], r[1]) : undefined);
  const by = random.pick(pattern.backbeatBy ?? (['snare'] as const));
  const sparse = pattern.kind === 'sparse';
  const ballad = pattern.kind === 'ballad';
  return {
    seed,
    kit,
    bpm: Math.round(range(pattern.bpm)! * 10) / 10,
    durationS,
    bar: withBackbeatBy(pattern.bar, by),
    introBar: pattern.intro?.bar ?? null,
    introBars: pattern.intro ? Math.round(range(pattern.intro.bars)!) : 0,
    swing8: range(pattern.swing8),
    swing16: range(pattern.swing16),
    humaniseMs: random.pick([0, 4, 8, 12]),
    snareDb: random.between(ballad ? -12 : -8, 2),
    hatsDb: random.between(-16, -3),
    tonalDb: random.between(sparse ? -6 : -14, sparse ? 4 : 0),
    chords: random.pick(pattern.chords ?? CHORD_STYLES),
    bass: random.pick(pattern.bass ?? BASS_STYLES),
    fills: random.next() < 0.5,
    crashEvery: random.pick([0, 4, 8]),
    reverbWet: random.between(0, sparse || ballad ? 0.4 : 0.25),
    startS: random.between(0.1, 1.2),
  };
}

/**
 * The sampled set of one half: every pattern TRACKS_PER_PATTERN times, on the half's kits in turn, each with its own
 * tempo, levels, swing, humanisation, bass and chords.
 */
export function buildSampledSet(half: EvaluationHalf, durationS = 30): SampledTrack[] {
  const kits = SAMPLED_KITS[half];
  const tracks: SampledTrack[] = [];
  PATTERNS.forEach((pattern, p) => {
    for (let k = 0; k < TRACKS_PER_PATTERN; k++) {
      const seed = HALF_SEED[half] + p * 101 + k;
      const kit = kits[(p * TRACKS_PER_PATTERN + k) % kits.length];
      const spec = makeSpec(pattern, kit, seed, createRandom(seed), durationS);
      tracks.push({ name: `${pattern.name}-${k + 1}-${kit.slice(0, 8)}`, kind: pattern.kind, spec });
    }
  });
  return tracks;
}
