import { type Accompaniment, addBarArpeggio, addBarStabs, type BarContext, pumpAtBeats } from './accompaniment';
import { type KitTone, mixSampleInto, renderCymbals, renderDrumKit } from './drum-sounds';
import { describeExtraBar, type ExtraPattern, type Hit, isExtraPattern, SIXTEENTH_SWING_PATTERNS } from './groove-bars';
import { createRandom, type Random } from './seeded-random';
import { addBassNote, addPadNote, convertMidiToHz } from './tonal-voices';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { abs, ceil, floor, max, min, round, sqrt } = Math;

/**
 * Drum grooves; the beat (what a listener taps) is always the quarter note of `tempoBpm`.
 * - backbeat: rock, kick on 1 and 3, snare on 2 and 4, eighth hats
 * - four-on-floor: kick on every beat, off-beat open hats
 * - syncopated: kicks on the "and" of 2 and 3
 * - sixteenths: backbeat with sixteenth hats
 * - half-time: slow backbeat (snare on 2 and 4) under busy sixteenth hats and ghost kicks, so the hats suggest double
 * - double-time: fast backbeat with hats only on the beat and chords changing every two bars
 * - ballad: soft kick on 1 (and the "and" of 2), rim on 2 and 4, quiet eighth hats
 * - waltz: three beats a bar, kick on 1, lighter snares on 2 and 3
 * - ambient: kick on 1 and 3, soft rim on 2 and 4, quarter hats, all quiet under the pads
 * - offbeat-kick: kicks on every "and", snare on 2 and 4, closed hats on the beats
 * - downbeat: a kick on 1 of each bar and quiet quarter hats under the pads, nothing else
 * - sixteenth-swing: swung sixteenth hats, kicks on sixteenths around 1 and 3, snare on 2 and 4
 * - and the grooves of ExtraPattern (groove-bars.ts)
 */
export type DrumPattern =
  | 'backbeat'
  | 'four-on-floor'
  | 'syncopated'
  | 'sixteenths'
  | 'half-time'
  | 'double-time'
  | 'ballad'
  | 'waltz'
  | 'ambient'
  | 'offbeat-kick'
  | 'downbeat'
  | 'sixteenth-swing'
  | ExtraPattern;

/** What to synthesise: tempo (BPM, optionally drifting linearly to endTempoBpm), feel and impairments. */
export type TrackSpec = Accompaniment & {
  seed: number;
  durationS: number;
  tempoBpm: number;
  endTempoBpm?: number;
  sampleRateHz?: number;
  pattern?: DrumPattern;
  /** Position of the off-beat eighth inside the beat: 0.5 straight, ≈0.66 triplet swing. */
  swingRatio?: number;
  /** Seconds at the start with only quiet hats and pads. */
  quietIntroS?: number;
  /** Broadband noise level relative to the music, in dB (e.g. −6); absent = no noise. */
  noiseDb?: number;
  /** Random timing deviation of each hit, ± milliseconds. */
  humanizeMs?: number;
  /** Gain of the drums relative to the default, in dB. */
  drumGainDb?: number;
  /** Gain of the hi-hats relative to the rest of the kit, in dB (bright mixes: +6). */
  hatGainDb?: number;
  /** Gain of the kick relative to the rest of the kit, in dB. */
  kickGainDb?: number;
  /** Gain of the snare and rim relative to the rest of the kit, in dB (a snare quieter than the hats: −9). */
  snareGainDb?: number;
  /** Gain of the pads relative to the default, in dB. */
  padGainDb?: number;
  /** Seconds at the start with pads only (no drums, no bass). */
  drumlessIntroS?: number;
  /** Tempo step: from the first beat at or after `atS` the tempo is `toBpm`. */
  tempoStep?: { atS: number; toBpm: number };
  /** Wet level of a simple room reverb (0 = dry, ≈0.3 strong). */
  reverbWet?: number;
  /** Drum timbre (default 'classic'). */
  kitTone?: KitTone;
  /** Bass on the off-beat eighths instead of the default line (a dance-music habit). */
  offbeatBass?: boolean;
  /** Gain of the bass relative to the default, in dB. */
  bassGainDb?: number;
  /** Beat offsets in the bar of the bass notes (replaces the default line; off-beats swung). */
  bassPositions?: number[];
  /** Bass walking up and down the chord (root, third, fifth, sixth, octave…) instead of repeating the root. */
  bassWalk?: boolean;
  /** Chords change an eighth early, on the "and" of 4 before the bar (anticipation). */
  anticipateChords?: boolean;
};

/** Stereo mix with its separately rendered stems and the true beat times. */
export type SynthesisedTrack = {
  sampleRateHz: number;
  durationS: number;
  channels: Float32Array[];
  stems: { percussive: Float32Array[]; harmonic: Float32Array[]; noise?: Float32Array[] };
  beatsS: number[];
  tempoBpm: number;
};

const PROGRESSIONS = [
  [0, 7, 9, 5],
  [0, 5, 7, 5],
  [9, 5, 0, 7],
  [0, 3, 8, 10],
  [2, 7, 0, 0],
];
const MAJOR_TRIAD = [0, 4, 7];
const MINOR_TRIAD = [0, 3, 7];

/** Times of all beats (quarter notes) from 0 until the end (+ extraS), tempo moving linearly per beat (or stepping). */
export function computeBeatGridS(spec: TrackSpec, extraS = 0): number[] {
  const endTempoBpm = spec.endTempoBpm ?? spec.tempoBpm;
  const estimatedCount = ceil((spec.durationS * max(spec.tempoBpm, endTempoBpm)) / 60) + 1;
  const beats: number[] = [];
  let t = 0;
  for (let k = 0; t < spec.durationS + extraS; k++) {
    beats.push(t);
    let bpm = spec.tempoBpm + ((endTempoBpm - spec.tempoBpm) * k) / max(1, estimatedCount - 1);
    if (spec.tempoStep && t >= spec.tempoStep.atS) bpm = spec.tempoStep.toBpm;
    t += 60 / bpm;
  }
  return beats;
}

/** Beats per bar of a pattern. */
function countBeatsPerBar(pattern: DrumPattern): number {
  return pattern === 'waltz' ? 3 : 4;
}

/** Hits of one bar as [beat offset, instrument, gain]; off-beats are shifted later by the swing. */
function describeBar(pattern: DrumPattern, bar: number, random: Random): Hit[] {
  if (isExtraPattern(pattern)) return describeExtraBar(pattern, bar, random);
  const hits: Hit[] = [];
  if (pattern === 'sixteenths' || pattern === 'half-time') {
    for (let s = 0; s < 16; s++) hits.push([s / 4, 'closedHat', s % 4 === 0 ? 0.8 : s % 2 ? 0.45 : 0.6]);
    hits.push([0, 'kick', 1], [1, 'snare', 0.9], [3, 'snare', 0.9]);
    if (pattern === 'sixteenths') hits.push([2, 'kick', 1]);
    else hits.push([2.5, 'kick', 0.7], [1.75, 'kick', 0.5], [3.75, 'snare', 0.25]);
    return hits;
  }
  if (pattern === 'offbeat-kick') {
    for (let beat = 0; beat < 4; beat++) hits.push([beat, 'closedHat', 0.7], [beat + 0.5, 'kick', 0.9]);
    hits.push([1, 'snare', 0.9], [3, 'snare', 0.9]);
    return hits;
  }
  if (pattern === 'downbeat') {
    for (let beat = 0; beat < 4; beat++) hits.push([beat, 'closedHat', 0.35]);
    hits.push([0, 'kick', 0.9]);
    return hits;
  }
  if (pattern === 'sixteenth-swing') {
    for (let s = 0; s < 16; s++) hits.push([s / 4, 'closedHat', s % 4 === 0 ? 0.7 : s % 2 ? 0.35 : 0.5]);
    hits.push([0, 'kick', 1], [random.pick([0.75, 1.75, 2.25]), 'kick', 0.7], [2.5, 'kick', 0.8]);
    hits.push([1, 'snare', 0.9], [3, 'snare', 0.9]);
    return hits;
  }
  if (pattern === 'double-time' || pattern === 'ambient') {
    for (let beat = 0; beat < 4; beat++) hits.push([beat, 'closedHat', 0.7]);
    const snareGain = pattern === 'ambient' ? 0.45 : 0.9;
    hits.push([0, 'kick', 1], [2, 'kick', 0.9], [1, 'snare', snareGain], [3, 'snare', snareGain]);
    return hits;
  }
  if (pattern === 'ballad') {
    for (let eighth = 0; eighth < 8; eighth++) hits.push([eighth / 2, 'closedHat', eighth % 2 ? 0.3 : 0.45]);
    hits.push([0, 'kick', 0.9], [1, 'snare', 0.6], [3, 'snare', 0.6]);
    if (random.next() < 0.5) hits.push([1.5, 'kick', 0.6]);
    else hits.push([2, 'kick', 0.7]);
    return hits;
  }
  if (pattern === 'waltz') {
    for (let eighth = 0; eighth < 6; eighth++) hits.push([eighth / 2, 'closedHat', eighth % 2 ? 0.4 : 0.7]);
    hits.push([0, 'kick', 1], [1, 'snare', 0.6], [2, 'snare', 0.6]);
    return hits;
  }
  for (let eighth = 0; eighth < 8; eighth++) hits.push([eighth / 2, 'closedHat', eighth % 2 ? 0.5 : 0.8]);
  if (pattern === 'four-on-floor') {
    for (let beat = 0; beat < 4; beat++) hits.push([beat, 'kick', 1], [beat + 0.5, 'openHat', 0.6]);
    hits.push([1, 'snare', 0.8], [3, 'snare', 0.8]);
  } else if (pattern === 'syncopated') {
    hits.push([0, 'kick', 1], [1.5, 'kick', 0.9], [2.5, 'kick', 0.8], [1, 'snare', 0.9], [3, 'snare', 0.9]);
    if (bar % 2 === 1) hits.push([3.5, 'snare', 0.5]);
  } else {
    hits.push([0, 'kick', 1], [2, 'kick', 1], [1, 'snare', 0.9], [3, 'snare', 0.9]);
    if (random.next() < 0.4) hits.push([2.5, 'kick', 0.7]);
  }
  return hits;
}

/** Time in seconds of a fractional beat position, with swing applied to off-beat eighths. */
function locateBeatPositionS(beatsS: number[], position: number, swingRatio: number): number {
  const index = floor(position);
  const fraction = position - index;
  const start = beatsS[index];
  const period = index + 1 < beatsS.length ? beatsS[index + 1] - start : beatsS[index] - beatsS[index - 1];
  const swung = abs(fraction - 0.5) < 1e-9 ? swingRatio : fraction;
  return start + swung * period;
}

/** Time of a fractional beat position with swung sixteenths: the second sixteenth of each pair moves to `swingRatio`. */
function locateSixteenthS(beatsS: number[], position: number, swingRatio: number): number {
  const index = floor(position);
  const fraction = position - index;
  const pairStart = fraction >= 0.5 - 1e-9 ? 0.5 : 0;
  const inPair = fraction - pairStart;
  const swung = abs(inPair - 0.25) < 1e-9 ? pairStart + swingRatio * 0.5 : fraction;
  return locateBeatPositionS(beatsS, index + swung, 0.5);
}

/** Renders drums, bass and pads on the beat grid of `spec` into separate stereo stems and mixes them. */
export function synthesiseTrack(spec: TrackSpec): SynthesisedTrack {
  const sampleRateHz = spec.sampleRateHz ?? 44100;
  const random = createRandom(spec.seed);
  const length = round(spec.durationS * sampleRateHz);
  const percussive = [new Float32Array(length), new Float32Array(length)];
  const harmonic = [new Float32Array(length), new Float32Array(length)];
  // The grid runs a bar past the end so that the last, partial bar is played too.
  const beatsS = computeBeatGridS(
    spec,
    240 / min(spec.tempoBpm, spec.endTempoBpm ?? spec.tempoBpm, spec.tempoStep?.toBpm ?? spec.tempoBpm) + 0.01,
  );
  // Sounds and parts added later draw from a source of their own, so that older tracks render as before.
  const extraRandom = createRandom(spec.seed ^ 0x2545f491);
  const kit = { ...renderDrumKit(sampleRateHz, random, spec.kitTone), ...renderCymbals(sampleRateHz, extraRandom) };
  const stabDecayS = extraRandom.between(0.12, 0.3);
  const pads = spec.pumpPads ? [new Float32Array(length), new Float32Array(length)] : harmonic;
  const drumGain = 0.5 * 10 ** ((spec.drumGainDb ?? 0) / 20);
  const swingRatio = spec.swingRatio ?? 0.5;
  const humanizeS = (spec.humanizeMs ?? 0) / 1000;
  const introS = spec.quietIntroS ?? 0;
  const root = 40 + floor(random.next() * 8);
  const progression = random.pick(PROGRESSIONS);
  const pattern = spec.pattern ?? 'backbeat';
  const beatsPerBar = countBeatsPerBar(pattern);
  const padGain = 0.05 * 10 ** ((spec.padGainDb ?? 0) / 20);
  const drumlessS = spec.drumlessIntroS ?? 0;
  const hatGain = 10 ** ((spec.hatGainDb ?? 0) / 20);
  const kickGain = 10 ** ((spec.kickGainDb ?? 0) / 20);
  const snareGain = 10 ** ((spec.snareGainDb ?? 0) / 20);
  const bassGain = 0.18 * 10 ** ((spec.bassGainDb ?? 0) / 20);
  const barsPerChord = pattern === 'double-time' ? 2 : 1;
  const barCount = floor((beatsS.length - 1) / beatsPerBar);
  for (let bar = 0; bar < barCount; bar++) {
    const barStartS = beatsS[bar * beatsPerBar];
    const barEndS = beatsS[bar * beatsPerBar + beatsPerBar];
    const isIntro = barStartS < introS;
    const isDrumless = barStartS < drumlessS;
    for (const [offset, instrument, gain] of describeBar(pattern, bar, random)) {
      if (isDrumless || (isIntro && instrument !== 'closedHat')) continue;
      const position = bar * beatsPerBar + offset;
      const t =
        (pattern === 'sixteenth-swing' || SIXTEENTH_SWING_PATTERNS.has(pattern)
          ? locateSixteenthS(beatsS, position, swingRatio)
          : locateBeatPositionS(beatsS, position, swingRatio)) +
        (random.next() * 2 - 1) * humanizeS;
      const start = round(t * sampleRateHz);
      const level = drumGain * gain * (isIntro ? 0.25 : 1) * random.between(0.9, 1.05);
      const isHat = instrument.endsWith('Hat') || instrument === 'ride';
      const pan = isHat ? 0.65 : 0.5;
      const roleLevel = isHat ? hatGain : instrument === 'kick' ? kickGain : snareGain;
      mixSampleInto(percussive[0], kit[instrument], start, roleLevel * level * (1 - pan) * 2);
      mixSampleInto(percussive[1], kit[instrument], start, roleLevel * level * pan * 2);
    }
    const degree = progression[floor(bar / barsPerChord) % progression.length];
    const triad = [9, 2, 4].includes(degree % 12) || degree === 3 ? MINOR_TRIAD : MAJOR_TRIAD;
    if (bar % barsPerChord === 0) {
      const chordEndS = beatsS[min(beatsS.length - 1, (bar + barsPerChord) * beatsPerBar)];
      const chordStartS =
        spec.anticipateChords && bar > 0 ? locateBeatPositionS(beatsS, bar * beatsPerBar - 0.5, swingRatio) : barStartS;
      for (const interval of triad) {
        const hz = convertMidiToHz(root + 24 + degree + interval);
        addPadNote(pads[0], sampleRateHz, chordStartS, chordEndS - chordStartS, hz, padGain, 7);
        addPadNote(pads[1], sampleRateHz, chordStartS, chordEndS - chordStartS, hz * 1.001, padGain, -7);
      }
    }
    const context: BarContext = {
      channels: harmonic,
      sampleRateHz,
      bar,
      chordMidi: triad.map((interval) => root + 24 + degree + interval),
      locateS: (position) => locateBeatPositionS(beatsS, position, swingRatio),
    };
    addBarArpeggio(context, spec);
    if (isIntro || isDrumless) continue;
    addBarStabs(context, spec, stabDecayS);
    if (pattern === 'ambient' || pattern === 'downbeat' || pattern === 'downbeat-sparse') continue;
    const bassPositions =
      spec.bassPositions ??
      (pattern === 'waltz' || pattern === 'double-time'
        ? [0, 2]
        : pattern === 'offbeat-kick' || spec.offbeatBass
          ? [0.5, 1.5, 2.5, 3.5]
          : [0, 1.5, 2, 3]);
    for (const [k, position] of bassPositions.entries()) {
      const startS = locateBeatPositionS(beatsS, bar * beatsPerBar + position, swingRatio);
      const walk = [0, triad[1], 7, 9, 12, 9, 7, triad[1]][k % 8];
      const bassHz = convertMidiToHz(root + degree + (spec.bassWalk ? walk : position === 3 ? 7 : 0));
      const lengthBeats = spec.bassPositions ? (bassPositions[k + 1] ?? beatsPerBar) - position : 1;
      addBassNote(harmonic, sampleRateHz, startS, (0.9 * lengthBeats * (barEndS - barStartS)) / 4, bassHz, bassGain);
    }
  }
  if (pads !== harmonic) {
    pumpAtBeats(pads, sampleRateHz, beatsS);
    for (let c = 0; c < 2; c++) for (let i = 0; i < length; i++) harmonic[c][i] += pads[c][i];
  }
  if (spec.reverbWet) for (const stem of [percussive, harmonic]) addReverb(stem, sampleRateHz, spec.reverbWet);
  const channels = [new Float32Array(length), new Float32Array(length)];
  for (let c = 0; c < 2; c++) for (let i = 0; i < length; i++) channels[c][i] = percussive[c][i] + harmonic[c][i];
  const stems: SynthesisedTrack['stems'] = { percussive, harmonic };
  if (spec.noiseDb !== undefined) stems.noise = addNoise(channels, spec.noiseDb, random);
  normaliseToPeak([channels, percussive, harmonic, ...(stems.noise ? [stems.noise] : [])], 0.89);
  const heardBeatsS = beatsS.filter((t) => t < spec.durationS);
  const tempoBpm = (60 * (heardBeatsS.length - 1)) / (heardBeatsS[heardBeatsS.length - 1] - heardBeatsS[0]);
  return {
    sampleRateHz,
    durationS: length / sampleRateHz,
    channels,
    stems,
    beatsS: heardBeatsS.map((t) => round(t * 1e4) / 1e4),
    tempoBpm,
  };
}

/** Schroeder room reverb (four feedback combs, two all-passes) mixed into each channel at `wet`. */
function addReverb(channels: Float32Array[], sampleRateHz: number, wet: number): void {
  const combDelaysS = [0.0297, 0.0371, 0.0411, 0.0437];
  channels.forEach((channel, c) => {
    const wetSignal = new Float32Array(channel.length);
    for (const delayS of combDelaysS) {
      const delay = round((delayS + c * 0.0011) * sampleRateHz);
      const feedback = 0.001 ** (delayS / 1.4);
      const buffer = new Float32Array(channel.length);
      for (let i = 0; i < channel.length; i++) {
        buffer[i] = channel[i] + (i >= delay ? feedback * buffer[i - delay] : 0);
        wetSignal[i] += buffer[i] * 0.25;
      }
    }
    for (const delayS of [0.005, 0.0017]) {
      const delay = round(delayS * sampleRateHz);
      const input = wetSignal.slice();
      for (let i = 0; i < channel.length; i++) {
        const delayedIn = i >= delay ? input[i - delay] : 0;
        const delayedOut = i >= delay ? wetSignal[i - delay] : 0;
        wetSignal[i] = -0.7 * input[i] + delayedIn + 0.7 * delayedOut;
      }
    }
    for (let i = 0; i < channel.length; i++) channel[i] = (1 - wet) * channel[i] + wet * wetSignal[i];
  });
}

/** Adds white noise at `levelDb` relative to the mix RMS; returns the noise as its own stereo stem. */
function addNoise(channels: Float32Array[], levelDb: number, random: Random): Float32Array[] {
  let energy = 0;
  for (const channel of channels) for (const v of channel) energy += v * v;
  const rms = sqrt(energy / (channels.length * channels[0].length));
  const amplitude = rms * 10 ** (levelDb / 20) * sqrt(3);
  return channels.map((channel) => {
    const noise = new Float32Array(channel.length);
    for (let i = 0; i < channel.length; i++) {
      noise[i] = amplitude * (random.next() * 2 - 1);
      channel[i] += noise[i];
    }
    return noise;
  });
}

/** Scales the first group of channels to `peak` and every other group by the same factor. */
export function normaliseToPeak(groups: Float32Array[][], peak: number): void {
  let peakAbs = 1e-9;
  for (const channel of groups[0]) {
    for (let i = 0; i < channel.length; i++) if (abs(channel[i]) > peakAbs) peakAbs = abs(channel[i]);
  }
  const scale = peak / peakAbs;
  for (const group of groups) for (const channel of group) for (let i = 0; i < channel.length; i++) channel[i] *= scale;
}
