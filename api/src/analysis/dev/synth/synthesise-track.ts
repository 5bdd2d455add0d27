import { mixSampleInto, renderDrumKit } from './drum-sounds';
import { createRandom, type Random } from './seeded-random';
import { addBassNote, addPadNote, convertMidiToHz } from './tonal-voices';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { abs, ceil, floor, max, round, sqrt } = Math;

export type DrumPattern = 'backbeat' | 'four-on-floor' | 'syncopated';

/** What to synthesise: tempo (BPM, optionally drifting linearly to endTempoBpm), feel and impairments. */
export type TrackSpec = {
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

/** Times of all beats (quarter notes) from 0 until the end, tempo moving linearly per beat. */
export function computeBeatGridS(spec: TrackSpec): number[] {
  const endTempoBpm = spec.endTempoBpm ?? spec.tempoBpm;
  const estimatedCount = ceil((spec.durationS * max(spec.tempoBpm, endTempoBpm)) / 60) + 1;
  const beats: number[] = [];
  let t = 0;
  for (let k = 0; t < spec.durationS; k++) {
    beats.push(t);
    const bpm = spec.tempoBpm + ((endTempoBpm - spec.tempoBpm) * k) / max(1, estimatedCount - 1);
    t += 60 / bpm;
  }
  return beats;
}

/** Hits of one bar as [beat offset, instrument, gain]; off-beats are shifted later by the swing. */
function describeBar(
  pattern: DrumPattern,
  bar: number,
  random: Random,
): Array<[number, keyof ReturnType<typeof renderDrumKit>, number]> {
  const hits: Array<[number, 'kick' | 'snare' | 'closedHat' | 'openHat', number]> = [];
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

/** Renders drums, bass and pads on the beat grid of `spec` into separate stereo stems and mixes them. */
export function synthesiseTrack(spec: TrackSpec): SynthesisedTrack {
  const sampleRateHz = spec.sampleRateHz ?? 44100;
  const random = createRandom(spec.seed);
  const length = round(spec.durationS * sampleRateHz);
  const percussive = [new Float32Array(length), new Float32Array(length)];
  const harmonic = [new Float32Array(length), new Float32Array(length)];
  const beatsS = computeBeatGridS(spec);
  const kit = renderDrumKit(sampleRateHz, random);
  const drumGain = 0.5 * 10 ** ((spec.drumGainDb ?? 0) / 20);
  const swingRatio = spec.swingRatio ?? 0.5;
  const humanizeS = (spec.humanizeMs ?? 0) / 1000;
  const introS = spec.quietIntroS ?? 0;
  const root = 40 + floor(random.next() * 8);
  const progression = random.pick(PROGRESSIONS);
  const barCount = floor((beatsS.length - 1) / 4);
  for (let bar = 0; bar < barCount; bar++) {
    const barStartS = beatsS[bar * 4];
    const barEndS = beatsS[bar * 4 + 4];
    const isIntro = barStartS < introS;
    for (const [offset, instrument, gain] of describeBar(spec.pattern ?? 'backbeat', bar, random)) {
      if (isIntro && instrument !== 'closedHat') continue;
      const t = locateBeatPositionS(beatsS, bar * 4 + offset, swingRatio) + (random.next() * 2 - 1) * humanizeS;
      const start = round(t * sampleRateHz);
      const level = drumGain * gain * (isIntro ? 0.25 : 1) * random.between(0.9, 1.05);
      const pan = instrument.endsWith('Hat') ? 0.65 : 0.5;
      mixSampleInto(percussive[0], kit[instrument], start, level * (1 - pan) * 2);
      mixSampleInto(percussive[1], kit[instrument], start, level * pan * 2);
    }
    const degree = progression[bar % progression.length];
    const triad = [9, 2, 4].includes(degree % 12) || degree === 3 ? MINOR_TRIAD : MAJOR_TRIAD;
    for (const interval of triad) {
      const hz = convertMidiToHz(root + 24 + degree + interval);
      addPadNote(harmonic[0], sampleRateHz, barStartS, barEndS - barStartS, hz, 0.05, 7);
      addPadNote(harmonic[1], sampleRateHz, barStartS, barEndS - barStartS, hz * 1.001, 0.05, -7);
    }
    if (isIntro) continue;
    for (const position of [0, 1.5, 2, 3]) {
      const startS = locateBeatPositionS(beatsS, bar * 4 + position, swingRatio);
      const bassHz = convertMidiToHz(root + degree + (position === 3 ? 7 : 0));
      addBassNote(harmonic, sampleRateHz, startS, (0.9 * (barEndS - barStartS)) / 4, bassHz, 0.18);
    }
  }
  const channels = [new Float32Array(length), new Float32Array(length)];
  for (let c = 0; c < 2; c++) for (let i = 0; i < length; i++) channels[c][i] = percussive[c][i] + harmonic[c][i];
  const stems: SynthesisedTrack['stems'] = { percussive, harmonic };
  if (spec.noiseDb !== undefined) stems.noise = addNoise(channels, spec.noiseDb, random);
  normaliseToPeak([channels, percussive, harmonic, ...(stems.noise ? [stems.noise] : [])], 0.89);
  const tempoBpm = (60 * (beatsS.length - 1)) / (beatsS[beatsS.length - 1] - beatsS[0]);
  return {
    sampleRateHz,
    durationS: length / sampleRateHz,
    channels,
    stems,
    beatsS: beatsS.map((t) => round(t * 1e4) / 1e4),
    tempoBpm,
  };
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
