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
 */
export type ExtraPattern =
  | 'shuffle'
  | 'jazz'
  | 'funk'
  | 'anticipation'
  | 'offbeat-kick-open'
  | 'skank'
  | 'twelve-eight'
  | 'downbeat-sparse'
  | 'triplet-shuffle'
  | 'offbeat-kick-rim'
  | 'and-kick'
  | 'and-kick-bare'
  | 'swing-offbeat-hat'
  | 'swing-ride-sparse';

const FUNK_KICKS = [
  [0, 0.75, 1.5, 2.5],
  [0, 1.75, 2.5],
  [0, 0.5, 1.75, 2.75],
  [0, 2.25, 2.75],
  [0, 1.5, 2.25],
];
const GHOST_SPOTS = [0.25, 0.75, 1.75, 2.25, 2.75, 3.25, 3.75];

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
      for (const [at, gain] of [
        [0, 0.7],
        [1, 0.8],
        [1.5, 0.55],
        [2, 0.7],
        [3, 0.8],
        [3.5, 0.55],
      ])
        hits.push([at, 'ride', gain]);
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
    case 'downbeat-sparse':
      if (bar % 2 === 0 || random.next() < 0.5) hits.push([0, 'kick', 0.9]);
      if (random.next() < 0.3) hits.push([2, 'rim', 0.4]);
      return hits;
  }
}
