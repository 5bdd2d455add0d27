import type { Random } from './seeded-random';

/** Instruments a bar can strike: the kit's four plus ride and rim. */
export type Instrument = 'kick' | 'snare' | 'closedHat' | 'openHat' | 'ride' | 'rim';

/** One hit: beat offset in the bar (off-beat eighths are swung by the caller), instrument, gain. */
export type Hit = [number, Instrument, number];

/**
 * Grooves added for kinds of music that pull trackers off the beat (beat = quarter note; bar = 4 beats, counted 0–3,
 * so the backbeat "2 and 4" is at 1 and 3):
 * - shuffle: swung eighth hats with the late off-beat as loud as the beat or louder, kick on 1 and 3, snare on 2 and 4
 * - jazz: ride "spang-a-lang" (1, 2, swung and-of-2, 3, 4, swung and-of-4), hi-hat foot on 2 and 4, feathered kick
 * - funk: sixteenth hats accented on the "and"s, kick figures off the beat after 1, snare on 2 and 4 with ghost notes
 * - anticipation: the kick pushed to the "and" of 4 (tied over the bar line), none on 1 after the first bar
 * - offbeat-kick-open: kick and open hat together on every "and", snare on 2 and 4, nothing else on the beats
 * - skank: kick on 1 and 3, snare on 2 and 4, quiet hats; the keys chop every "and" (see stabPositions)
 * - twelve-eight: slow compound metre, hats in triplets over each beat, kick on 1, snare on 2 and 4
 * - downbeat-sparse: a kick on 1 of most bars and an occasional rim click on 3; no hats
 * - offbeat-kick-rim: kicks on every "and" under sixteenth hats, a rim click (cross-stick) on 2 and 4 instead of a snare
 * - triplet-shuffle: hats on all three triplets of each beat (the middle one ghosted), kick on 1 and 3, snare on 2
 *   and 4, a rim or kick now and then on the last triplet
 * - and-kick: kicks on the "and"s (the "and" of 4 always, the others in most bars), snare on 2 and 4, eighth hats
 * - and-kick-bare: kicks on the "and" of 1 and 3 (of 2 and 4 now and then), snare on 2 and 4, no hats at all
 * - swing-offbeat-hat: a hat only on each swung off-beat, snare on 2 and 4, a kick on 1 of most bars and nothing on 3
 * - swing-ride-sparse: ride on every swung eighth, the off-beat as loud as the beat, a soft snare on 2 and 4 and a
 *   kick on 1 of every other bar only
 * - dembow: reggaeton's kick on every beat under a snare (or rim) on the "a" of 1 and the "and" of 2 (3+3+2 sixteenths),
 *   twice a bar, soft eighth hats
 * - four-floor-push: four-on-the-floor with a clap or snare on 2 and 4, off-beat hats, and a kick pushed onto the "and"
 *   of 4 (and now and then the "a" of 2) in most bars
 * - funk-sixteenth: sixteenth hats, kick figures on sixteenths (the "e" and "a" of the beats, 1 left out now and then),
 *   snare on 2 and 4 with ghost notes on sixteenths
 * - kick-and-of-2: kick on 1 and the "and" of 2, none on 3 (a kick on the "a" of 3 in some bars), snare on 2 and 4
 * - kick-a-of-3: kick on 1, the "and" of 1 and the "a" of 3, snare on 2 and 4, eighth hats
 * - half-time-snare: a half-time feel, the snare (or clap) only on 3, kicks on 1, the "and" of 2 and the "a" of 3 now
 *   and then, eighth hats with sixteenth pairs before the snare
 * - syncopated-rim: kicks on 1, the "and" of 2 and the "and" of 3 (the "a" of 4 now and then), a rim click on 2 and 4
 * - swing-push-kick: swung eighth hats, snare on 2 and 4, kick on 1 and pushed onto the swung "and" of 2 or of 4
 * - swing-accented-upbeat: swung eighth hats with the late off-beat accented over a soft beat hat, a rim or snare on 2
 *   and 4, kick on 1 and 3 in some bars only
 * - soul-sixteenths: swung sixteenth hats (the late sixteenths loud), a lazy kick on 1, the swung "e" of 2 and the "and"
 *   of 3, snare on 2 and 4 with swung ghost notes
 * - jazz-bombs: ride "spang-a-lang" with the hat foot on 2 and 4, kick and snare comping on the swung off-beats ("bombs")
 *   rather than on the beat
 */
export const EXTRA_PATTERNS = [
  'shuffle',
  'jazz',
  'funk',
  'anticipation',
  'offbeat-kick-open',
  'skank',
  'twelve-eight',
  'downbeat-sparse',
  'triplet-shuffle',
  'offbeat-kick-rim',
  'and-kick',
  'and-kick-bare',
  'swing-offbeat-hat',
  'swing-ride-sparse',
  'dembow',
  'four-floor-push',
  'funk-sixteenth',
  'kick-and-of-2',
  'kick-a-of-3',
  'half-time-snare',
  'syncopated-rim',
  'swing-push-kick',
  'swing-accented-upbeat',
  'soul-sixteenths',
  'jazz-bombs',
] as const;
export type ExtraPattern = (typeof EXTRA_PATTERNS)[number];

const EXTRA_PATTERN_SET: ReadonlySet<string> = new Set(EXTRA_PATTERNS);

/** True when `pattern` is one of the added grooves (describeExtraBar draws its bars). */
export const isExtraPattern = (pattern: string): pattern is ExtraPattern => EXTRA_PATTERN_SET.has(pattern);

/** Added grooves whose sixteenths are swung (the second of each pair moves late), not their eighths. */
export const SIXTEENTH_SWING_PATTERNS: ReadonlySet<string> = new Set(['soul-sixteenths']);

const FUNK_KICKS = [
  [0, 0.75, 1.5, 2.5],
  [0, 1.75, 2.5],
  [0, 0.5, 1.75, 2.75],
  [0, 2.25, 2.75],
  [0, 1.5, 2.25],
];
const GHOST_SPOTS = [0.25, 0.75, 1.75, 2.25, 2.75, 3.25, 3.75];
/** A jazz ride's bar: the beats and the swung "and"s of 2 and 4 (beat, gain). */
const JAZZ_RIDE: ReadonlyArray<readonly [number, number]> = [
  [0, 0.7],
  [1, 0.8],
  [1.5, 0.55],
  [2, 0.7],
  [3, 0.8],
  [3.5, 0.55],
];
const FUNK_SIXTEENTH_KICKS = [
  [0, 0.75, 1.25, 2.5],
  [0, 1.75, 2.25, 3.5],
  [0, 0.25, 1.75, 2.75],
  [0.75, 1.5, 2.25, 3.75],
  [0, 1.25, 2.75, 3.25],
];

/** Hits of one bar of an added groove. */
export function describeExtraBar(pattern: ExtraPattern, bar: number, random: Random): Hit[] {
  const hits: Hit[] = [];
  const beats = [0, 1, 2, 3];
  switch (pattern) {
    case 'shuffle': {
      const offGain = random.between(0.55, 0.95);
      for (const b of beats) hits.push([b, 'closedHat', 0.65], [b + 0.5, 'closedHat', offGain]);
      hits.push([0, 'kick', 1], [2, 'kick', 0.9], [1, 'snare', 0.8], [3, 'snare', 0.8]);
      if (random.next() < 0.4) hits.push([2.5, 'kick', 0.6]);
      return hits;
    }
    case 'jazz':
      for (const [at, gain] of JAZZ_RIDE) hits.push([at, 'ride', gain]);
      for (const b of beats) {
        hits.push([b, 'kick', 0.25]);
        if (random.next() < 0.3) hits.push([b + 0.5, 'snare', 0.3]);
      }
      hits.push([1, 'closedHat', 0.5], [3, 'closedHat', 0.5]);
      return hits;
    case 'funk':
      for (let s = 0; s < 16; s++) hits.push([s / 4, 'closedHat', s % 4 === 2 ? 0.8 : s % 4 === 0 ? 0.6 : 0.35]);
      for (const at of random.pick(FUNK_KICKS)) hits.push([at, 'kick', at === 0 ? 1 : 0.85]);
      hits.push([1, 'snare', 0.9], [3, 'snare', 0.9]);
      for (let g = 0; g < 2; g++) hits.push([random.pick(GHOST_SPOTS), 'snare', 0.22]);
      return hits;
    case 'anticipation':
      for (let e = 0; e < 8; e++) hits.push([e / 2, 'closedHat', e % 2 ? 0.45 : 0.6]);
      if (bar === 0) hits.push([0, 'kick', 1]);
      hits.push([3.5, 'kick', 0.95], [1, 'snare', 0.9], [3, 'snare', 0.9]);
      if (random.next() < 0.5) hits.push([1.5, 'kick', 0.7]);
      return hits;
    case 'offbeat-kick-open':
      for (const b of beats) hits.push([b + 0.5, 'kick', 0.9], [b + 0.5, 'openHat', 0.6]);
      hits.push([1, 'snare', 0.9], [3, 'snare', 0.9]);
      return hits;
    case 'skank':
      for (let e = 0; e < 8; e++) hits.push([e / 2, 'closedHat', e % 2 ? 0.35 : 0.45]);
      hits.push([0, 'kick', 0.9], [2, 'kick', 0.8], [1, 'snare', 0.7], [3, 'snare', 0.7]);
      return hits;
    case 'twelve-eight':
      for (const b of beats)
        hits.push([b, 'closedHat', 0.55], [b + 1 / 3, 'closedHat', 0.3], [b + 2 / 3, 'closedHat', 0.4]);
      hits.push([0, 'kick', 0.9], [1, 'snare', 0.7], [3, 'snare', 0.7]);
      hits.push(random.next() < 0.5 ? [2, 'kick', 0.7] : [2 + 2 / 3, 'kick', 0.6]);
      return hits;
    case 'triplet-shuffle':
      for (const b of beats)
        hits.push([b, 'closedHat', 0.7], [b + 1 / 3, 'closedHat', 0.2], [b + 2 / 3, 'closedHat', 0.5]);
      hits.push([0, 'kick', 1], [2, 'kick', 0.9], [1, 'snare', 0.85], [3, 'snare', 0.85]);
      if (random.next() < 0.5)
        hits.push([random.pick([1 + 2 / 3, 2 + 2 / 3, 3 + 2 / 3]), random.pick(['rim', 'kick'] as const), 0.4]);
      return hits;
    case 'offbeat-kick-rim':
      for (let s = 0; s < 16; s++) hits.push([s / 4, 'closedHat', s % 2 ? 0.35 : 0.55]);
      for (const b of beats) hits.push([b + 0.5, 'kick', 0.9]);
      hits.push([1, 'rim', 0.8], [3, 'rim', 0.8]);
      return hits;
    case 'and-kick':
      for (let e = 0; e < 8; e++) hits.push([e / 2, 'closedHat', e % 2 ? 0.45 : 0.6]);
      for (const b of beats) if (b === 3 || random.next() < 0.75) hits.push([b + 0.5, 'kick', 0.9]);
      hits.push([1, 'snare', 0.9], [3, 'snare', 0.9]);
      return hits;
    case 'and-kick-bare':
      hits.push([0.5, 'kick', 0.9], [2.5, 'kick', 0.9], [1, 'snare', 0.9], [3, 'snare', 0.9]);
      if (random.next() < 0.4) hits.push([random.pick([1.5, 3.5]), 'kick', 0.75]);
      return hits;
    case 'swing-offbeat-hat':
      for (const b of beats) hits.push([b + 0.5, 'closedHat', 0.7]);
      hits.push([1, 'snare', 0.8], [3, 'snare', 0.8]);
      if (random.next() < 0.75) hits.push([0, 'kick', 0.9]);
      return hits;
    case 'swing-ride-sparse':
      for (const b of beats) hits.push([b, 'ride', 0.6], [b + 0.5, 'ride', random.between(0.55, 0.75)]);
      hits.push([1, 'snare', 0.5], [3, 'snare', 0.5]);
      if (bar % 2 === 0) hits.push([0, 'kick', 0.7]);
      return hits;
    case 'dembow':
      for (let e = 0; e < 8; e++) hits.push([e / 2, 'closedHat', e % 2 ? 0.3 : 0.4]);
      for (const b of beats) hits.push([b, 'kick', 0.95]);
      for (const at of [0.75, 1.5, 2.75, 3.5]) hits.push([at, 'snare', 0.85]);
      return hits;
    case 'four-floor-push':
      for (const b of beats) hits.push([b, 'kick', 1], [b + 0.5, 'closedHat', 0.6]);
      hits.push([1, 'snare', 0.8], [3, 'snare', 0.8]);
      if (random.next() < 0.75) hits.push([3.5, 'kick', 0.85]);
      if (random.next() < 0.3) hits.push([1.75, 'kick', 0.7]);
      return hits;
    case 'funk-sixteenth':
      for (let s = 0; s < 16; s++) hits.push([s / 4, 'closedHat', s % 4 === 0 ? 0.6 : s % 2 ? 0.3 : 0.45]);
      for (const at of random.pick(FUNK_SIXTEENTH_KICKS)) hits.push([at, 'kick', at === 0 ? 1 : 0.85]);
      hits.push([1, 'snare', 0.9], [3, 'snare', 0.9]);
      for (let g = 0; g < 3; g++) hits.push([random.pick(GHOST_SPOTS), 'snare', random.between(0.15, 0.3)]);
      return hits;
    case 'kick-and-of-2':
      for (let e = 0; e < 8; e++) hits.push([e / 2, 'closedHat', e % 2 ? 0.45 : 0.6]);
      hits.push([0, 'kick', 1], [1.5, 'kick', 0.9], [1, 'snare', 0.9], [3, 'snare', 0.9]);
      if (random.next() < 0.5) hits.push([2.75, 'kick', 0.75]);
      return hits;
    case 'kick-a-of-3':
      for (let e = 0; e < 8; e++) hits.push([e / 2, 'closedHat', e % 2 ? 0.45 : 0.6]);
      hits.push([0, 'kick', 1], [0.5, 'kick', 0.8], [2.75, 'kick', 0.9], [1, 'snare', 0.9], [3, 'snare', 0.9]);
      return hits;
    case 'half-time-snare':
      for (let e = 0; e < 8; e++) hits.push([e / 2, 'closedHat', e % 2 ? 0.4 : 0.55]);
      hits.push([1.75, 'closedHat', 0.35], [3.75, 'closedHat', 0.35]);
      hits.push([0, 'kick', 1], [2, 'snare', 0.95]);
      if (random.next() < 0.7) hits.push([1.5, 'kick', 0.8]);
      if (random.next() < 0.4) hits.push([2.75, 'kick', 0.7]);
      return hits;
    case 'syncopated-rim':
      for (let e = 0; e < 8; e++) hits.push([e / 2, 'closedHat', e % 2 ? 0.45 : 0.6]);
      hits.push([0, 'kick', 1], [1.5, 'kick', 0.9], [2.5, 'kick', 0.85], [1, 'rim', 0.9], [3, 'rim', 0.9]);
      if (random.next() < 0.4) hits.push([3.75, 'kick', 0.6]);
      return hits;
    case 'swing-push-kick':
      for (const b of beats) hits.push([b, 'closedHat', 0.6], [b + 0.5, 'closedHat', 0.5]);
      hits.push([0, 'kick', 1], [1, 'snare', 0.85], [3, 'snare', 0.85]);
      hits.push([random.pick([1.5, 3.5]), 'kick', 0.85]);
      if (random.next() < 0.4) hits.push([2, 'kick', 0.7]);
      return hits;
    case 'swing-accented-upbeat': {
      const instrument = bar % 4 === 3 ? 'snare' : random.pick(['rim', 'snare'] as const);
      for (const b of beats) hits.push([b, 'closedHat', 0.35], [b + 0.5, 'closedHat', 0.8]);
      hits.push([1, instrument, 0.8], [3, instrument, 0.8]);
      if (random.next() < 0.6) hits.push([0, 'kick', 0.9]);
      if (random.next() < 0.4) hits.push([2, 'kick', 0.8]);
      return hits;
    }
    case 'soul-sixteenths':
      for (let s = 0; s < 16; s++) hits.push([s / 4, 'closedHat', s % 2 ? 0.55 : s % 4 === 0 ? 0.5 : 0.4]);
      hits.push([0, 'kick', 1], [1.25, 'kick', 0.8], [2.5, 'kick', 0.85], [1, 'snare', 0.9], [3, 'snare', 0.9]);
      for (let g = 0; g < 2; g++) hits.push([random.pick([0.75, 1.75, 2.25, 3.75]), 'snare', 0.2]);
      return hits;
    case 'jazz-bombs':
      for (const [at, gain] of JAZZ_RIDE) hits.push([at, 'ride', gain]);
      hits.push([1, 'closedHat', 0.5], [3, 'closedHat', 0.5]);
      if (random.next() < 0.6) hits.push([random.pick([1.5, 3.5]), 'kick', 0.8]);
      if (random.next() < 0.6) hits.push([random.pick([0.5, 2.5, 3.5]), 'snare', 0.55]);
      if (random.next() < 0.3) hits.push([0, 'kick', 0.5]);
      return hits;
    case 'downbeat-sparse':
      if (bar % 2 === 0 || random.next() < 0.5) hits.push([0, 'kick', 0.9]);
      if (random.next() < 0.3) hits.push([2, 'rim', 0.4]);
      return hits;
  }
}
