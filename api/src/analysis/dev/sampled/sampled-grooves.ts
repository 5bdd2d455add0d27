import { createRandom, type Random } from '../synth/seeded-random';
import { type DrumRole, loadSampledKit, type SampledKit } from './drumkits';

// Grooves played on recorded drum kits (drumkits.ts), with a bass and chords placed as pop, funk, hip hop and jazz
// place them: pushed a half beat ahead of the bar, stabbed on the "and"s, walking. Written apart from the in-house
// synthesiser (synth/) and the independent generator (independent/), sharing only the seeded random source, so
// that the tracker can be tuned on habits neither has. Its tuning and held-out halves play different kits.

const { exp, floor, max, min, PI, round, sin, sqrt, log, cos } = Math;

/** The kinds of music, named as in the bench's per-kind table. */
export type SampledKind = 'straight' | 'syncopation' | 'swing' | 'sparse' | 'ballad';

/**
 * A bar of drums, one string of 16 sixteenths per role: `x` a loud hit, `o` a normal one, `g` a ghost note, `.` none.
 * `tripletHats` plays the closed hat on every eighth-note triplet instead (a 12/8 ballad feel).
 */
export type DrumBar = Partial<Record<DrumRole, string>> & { tripletHats?: boolean };

/** Chords: held from the bar line, pushed an eighth ahead of it, stabbed on every "and", stabbed across the bar. */
export type ChordStyle = 'none' | 'held' | 'pushed' | 'offbeat-stabs' | 'syncopated-stabs';
/** Bass: roots on 1 and 3, on every "and", with the kick, pushed ahead of the bar, a walking line on every beat. */
export type BassStyle = 'none' | 'roots' | 'offbeat' | 'with-kick' | 'pushed' | 'walking';

export type SampledGrooveSpec = {
  seed: number;
  kit: string;
  bpm: number;
  durationS: number;
  /** The bar played throughout, and the one in the first `introBars` bars (none: only bass and chords there). */
  bar: DrumBar;
  introBar?: DrumBar | null;
  introBars?: number;
  /** Where the off-beat eighths fall in the beat (0.5 straight, 0.58-0.7 swung); sixteenths swing on their own. */
  swing8?: number;
  swing16?: number;
  /** Gaussian timing spread of each hit (ms) and velocity spread (share). */
  humaniseMs: number;
  /** Levels in dB: the snare (or what plays its line), the hats and cymbals, the bass and chords, against the kick. */
  snareDb: number;
  hatsDb: number;
  tonalDb: number;
  chords: ChordStyle;
  bass: BassStyle;
  /** A tom and snare fill in the last beat of every fourth bar; a crash on the first beat of every `crashEvery` bars. */
  fills: boolean;
  crashEvery: number;
  /** Share of reverb in the mix (0..0.4). */
  reverbWet: number;
  /** Silence before the first downbeat. */
  startS: number;
};

/** A rendered groove: mono PCM and its true beats (every quarter note from the first downbeat). */
export type SampledGroove = {
  channels: Float32Array[];
  sampleRateHz: number;
  beatsS: number[];
  tempoBpm: number;
  durationS: number;
};

/** Rate the grooves are rendered at. */
const RATE_HZ = 44100;
/** Velocity of each mark of a DrumBar. */
const MARK_VELOCITY: Record<string, number> = { x: 1, o: 0.75, g: 0.3 };
/** Roles mixed at the hats' level. */
const CYMBAL_ROLES = new Set<DrumRole>(['hatClosed', 'hatOpen', 'hatPedal', 'ride', 'crash']);
/** Roles that play the snare's line: their level is the snare's. */
const BACKBEAT_ROLES = new Set<DrumRole>(['snare', 'clap', 'rim']);
/** A role the kit lacks is played by the nearest it has. */
const STAND_IN: Partial<Record<DrumRole, DrumRole[]>> = {
  clap: ['snare'],
  rim: ['snare'],
  hatOpen: ['hatClosed'],
  hatPedal: ['hatClosed'],
  ride: ['hatClosed'],
  crash: ['hatOpen', 'ride'],
  tomHigh: ['snare'],
  tomLow: ['tomHigh', 'snare'],
};

const dbToGain = (db: number) => 10 ** (db / 20);

/** Standard normal deviate (Box-Muller). */
const gaussian = (random: Random) => sqrt(-2 * log(1 - random.next())) * cos(2 * PI * random.next());

/** Time of sixteenth `step` (0-15) within its bar, as a share of a beat from the bar line, swing applied. */
function stepPositionBeats(step: number, swing8: number, swing16: number): number {
  const beat = floor(step / 4);
  const sub = step % 4;
  // The "and" moves to swing8; the sixteenths either side of it split their eighth at swing16.
  if (sub === 0) return beat;
  if (sub === 2) return beat + swing8;
  if (sub === 1) return beat + swing8 * swing16;
  return beat + swing8 + (1 - swing8) * swing16;
}

/** One sampled hit added into `out` at `atS`, the layer chosen by velocity. */
function playHit(out: Float32Array, kit: SampledKit, role: DrumRole, atS: number, velocity: number, gain: number) {
  const playable = kit.roles[role] ? role : STAND_IN[role]?.find((r) => kit.roles[r]);
  if (!playable) return;
  const layers = kit.roles[playable]!;
  const layer =
    layers.find((l) => velocity >= l.minVelocity && velocity <= l.maxVelocity) ??
    layers.reduce((a, b) => (Math.abs(b.maxVelocity - velocity) < Math.abs(a.maxVelocity - velocity) ? b : a));
  const start = round(atS * RATE_HZ);
  if (start >= out.length) return;
  const amplitude = velocity * gain;
  const end = min(out.length, start + layer.pcm.length);
  for (let i = max(0, start); i < end; i++) out[i] += amplitude * layer.pcm[i - start];
}

/** Equal-tempered frequency of a MIDI note. */
const noteHz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/**
 * A chord tone: a band-limited sawtooth (harmonics up to 4 kHz), attack `attackS`, held, released over 80 ms.
 * A short tone (a stab) decays while it sounds.
 */
function addChordTone(out: Float32Array, hz: number, atS: number, lengthS: number, gain: number, attackS: number) {
  const start = round(atS * RATE_HZ);
  const length = round((lengthS + 0.08) * RATE_HZ);
  const harmonics = max(1, min(12, floor(4000 / hz)));
  const stab = lengthS < 0.3;
  for (let i = max(0, -start); i < length && start + i < out.length; i++) {
    const t = i / RATE_HZ;
    const envelope =
      min(1, t / attackS) * (t > lengthS ? exp(-(t - lengthS) / 0.025) : 1) * (stab ? exp(-t / 0.12) : 1);
    let value = 0;
    for (let h = 1; h <= harmonics; h++) value += sin(2 * PI * hz * h * t) / h;
    out[start + i] += gain * envelope * value;
  }
}

/** A bass note: a sine with a little second and third harmonic, a 4-ms attack and a decay over its length. */
function addBassNote(out: Float32Array, hz: number, atS: number, lengthS: number, gain: number) {
  const start = round(atS * RATE_HZ);
  const length = round(lengthS * RATE_HZ);
  for (let i = max(0, -start); i < length && start + i < out.length; i++) {
    const t = i / RATE_HZ;
    const envelope = min(1, t / 0.004) * exp(-t / (0.6 * lengthS + 0.05)) * min(1, (length - i) / (0.01 * RATE_HZ));
    out[start + i] +=
      gain * envelope * (sin(2 * PI * hz * t) + 0.35 * sin(4 * PI * hz * t) + 0.12 * sin(6 * PI * hz * t));
  }
}

/** Schroeder reverb (four combs into two all-passes), mixed in at `wet`. */
function addReverb(signal: Float32Array, wet: number): void {
  if (wet <= 0) return;
  const combs = [0.0297, 0.0371, 0.0411, 0.0437].map((s) => round(s * RATE_HZ));
  const tail = new Float32Array(signal.length);
  for (const delay of combs) {
    const feedback = 0.8;
    const line = new Float32Array(signal.length);
    for (let i = 0; i < signal.length; i++) line[i] = signal[i] + (i >= delay ? feedback * line[i - delay] : 0);
    for (let i = 0; i < signal.length; i++) tail[i] += line[i] / combs.length;
  }
  for (const delay of [0.005, 0.0017].map((s) => round(s * RATE_HZ))) {
    const g = 0.7;
    const input = Float32Array.from(tail);
    for (let i = 0; i < tail.length; i++)
      tail[i] = -g * input[i] + (i >= delay ? input[i - delay] + g * tail[i - delay] : 0);
  }
  for (let i = 0; i < signal.length; i++) signal[i] = (1 - wet) * signal[i] + wet * tail[i];
}

/** Chord roots (semitones above the key) of the four-bar progressions. */
const PROGRESSIONS = [
  [0, 7, 9, 5],
  [0, 5, 7, 5],
  [9, 5, 0, 7],
  [0, 3, 10, 5],
  [2, 7, 0, 0],
];

/** Sixteenths of a bar at which the chords and the bass of each style sound (and how long, in sixteenths). */
function tonalSteps(style: ChordStyle | BassStyle, kickLine: string | undefined): Array<[number, number]> {
  switch (style) {
    case 'held':
      return [[0, 16]];
    case 'roots':
      return [
        [0, 7],
        [8, 7],
      ];
    case 'pushed':
      // Sounds from the "and" of 4 of the bar before: the next bar's chord or root comes an eighth early.
      return [
        [-2, 8],
        [6, 4],
        [10, 4],
      ];
    case 'offbeat':
    case 'offbeat-stabs':
      return [2, 6, 10, 14].map((s) => [s, 1]);
    case 'syncopated-stabs':
      return [0, 3, 6, 10, 14].map((s) => [s, 1]);
    case 'with-kick':
      return [...(kickLine ?? 'x')].flatMap((mark, s) => (mark === '.' ? [] : [[s, 2] as [number, number]]));
    case 'walking':
      return [0, 4, 8, 12].map((s) => [s, 4]);
    default:
      return [];
  }
}

/** Renders a groove on its kit; null when the kit is not installed. */
export function generateSampledGroove(spec: SampledGrooveSpec): SampledGroove | null {
  const kit = loadSampledKit(spec.kit, RATE_HZ);
  if (!kit) return null;
  // Its own sequence: the set drew the spec from `seed` itself.
  const random = createRandom(spec.seed ^ 0x5bd1e995);
  const length = round(spec.durationS * RATE_HZ);
  const drums = new Float32Array(length);
  const tonal = new Float32Array(length);
  const beatS = 60 / spec.bpm;
  const barS = 4 * beatS;
  const swing8 = spec.swing8 ?? 0.5;
  const swing16 = spec.swing16 ?? 0.5;
  const humanise = () => (spec.humaniseMs / 1000) * max(-2.5, min(2.5, gaussian(random)));
  const velocityJitter = (velocity: number) => min(1, max(0.05, velocity * (1 + 0.12 * gaussian(random))));
  const bars = Math.ceil((spec.durationS - spec.startS) / barS) + 1;

  for (let bar = 0; bar < bars; bar++) {
    const barStartS = spec.startS + bar * barS;
    const intro = bar < (spec.introBars ?? 0);
    const pattern = intro ? spec.introBar : spec.bar;
    const fill = spec.fills && !intro && bar % 4 === 3;
    const hits: Array<[DrumRole, number, number]> = [];
    if (pattern) {
      for (const [role, line] of Object.entries(pattern) as Array<[DrumRole, string]>) {
        if (typeof line !== 'string') continue;
        for (let step = 0; step < 16; step++) {
          const mark = line[step];
          if (!mark || mark === '.' || (fill && step >= 12 && role !== 'kick')) continue;
          hits.push([role, stepPositionBeats(step, swing8, swing16), MARK_VELOCITY[mark] ?? 0.75]);
        }
      }
      if (pattern.tripletHats)
        for (let k = 0; k < 12; k++) if (!(fill && k >= 9)) hits.push(['hatClosed', k / 3, k % 3 === 0 ? 0.8 : 0.5]);
    }
    if (fill)
      for (let step = 12; step < 16; step++)
        hits.push([step < 14 ? 'snare' : step === 14 ? 'tomHigh' : 'tomLow', stepPositionBeats(step, 0.5, 0.5), 0.8]);
    if (!intro && spec.crashEvery > 0 && bar % spec.crashEvery === 0) hits.push(['crash', 0, 0.9]);
    for (const [role, positionBeats, velocity] of hits) {
      const gainDb = BACKBEAT_ROLES.has(role) ? spec.snareDb : CYMBAL_ROLES.has(role) ? spec.hatsDb : 0;
      const atS = barStartS + positionBeats * beatS + humanise();
      playHit(drums, kit, role, max(0, atS), velocityJitter(velocity), dbToGain(gainDb));
    }
  }

  // Bass and chords: a four-bar progression in a key of its own, each chord a triad in the octave above middle C.
  const key = 40 + floor(random.next() * 8);
  const progression = random.pick(PROGRESSIONS);
  const attackS = random.between(0.005, 0.04);
  const stepS = barS / 16;
  for (let bar = 0; bar < bars; bar++) {
    const barStartS = spec.startS + bar * barS;
    const rootOf = (b: number) => key + progression[b % 4];
    for (const [step, lengthSteps] of tonalSteps(spec.chords, spec.bar.kick)) {
      // A pushed chord, sounding from before the bar line, is already this bar's.
      const root = rootOf(bar) + 24;
      const thirdIsMinor = [2, 4, 9].includes(progression[bar % 4] % 12);
      for (const interval of [0, thirdIsMinor ? 3 : 4, 7])
        addChordTone(
          tonal,
          noteHz(root + interval),
          max(0, barStartS + step * stepS + humanise()),
          lengthSteps * stepS,
          0.05,
          attackS,
        );
    }
    for (const [step, lengthSteps] of tonalSteps(spec.bass, spec.bar.kick)) {
      const walk = spec.bass === 'walking' ? [0, 4, 7, 5][step / 4] : 0;
      addBassNote(
        tonal,
        noteHz(rootOf(bar) + walk),
        max(0, barStartS + step * stepS + humanise()),
        lengthSteps * stepS,
        0.4,
      );
    }
  }

  const tonalGain = dbToGain(spec.tonalDb);
  const mix = new Float32Array(length);
  for (let i = 0; i < length; i++) mix[i] = drums[i] + tonalGain * tonal[i];
  addReverb(mix, spec.reverbWet);
  let peak = 0;
  for (let i = 0; i < length; i++) peak = max(peak, Math.abs(mix[i]));
  if (peak > 0) for (let i = 0; i < length; i++) mix[i] *= 0.9 / peak;

  const beatsS: number[] = [];
  for (let t = spec.startS; t < spec.durationS; t += beatS) beatsS.push(round(t * 1e4) / 1e4);
  return { channels: [mix], sampleRateHz: RATE_HZ, beatsS, tempoBpm: spec.bpm, durationS: spec.durationS };
}
