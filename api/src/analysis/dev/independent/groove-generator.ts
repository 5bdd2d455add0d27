// Independent groove generator: a second source of test music, written apart from dev/synth (own voices,
// patterns, humanisation, swing, fills, mixing). It is never used to choose a constant of the tracker:
// the bench only measures it.
import { addPad, biquad, type DrumVoice, renderDrum, renderFdnReverb, renderFm, renderPluck, Rng } from './voices';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { abs, floor, max, min, round, sqrt, tanh } = Math;

/** Kind of music a groove belongs to (the rows of the bench). */
export type GrooveKind = 'swing' | 'syncopation' | 'sparse' | 'ballad' | 'straight';

export type GrooveStyle =
  | 'shuffle'
  | 'jazz-ride'
  | 'swung-sixteenths'
  | 'funk-and'
  | 'offbeat-kicks'
  | 'anticipation'
  | 'downbeat-only'
  | 'late-entry'
  | 'ambient-bells'
  | 'piano-ballad'
  | 'compound-ballad'
  | 'brush-ballad'
  | 'pop'
  | 'dance';

/** What to generate. `bpm` is the tempo a listener taps (the dotted quarter in the compound ballad). */
export type GrooveSpec = {
  style: GrooveStyle;
  seed: number;
  bpm: number;
  durationS: number;
  /** Where the off-beat eighth (or sixteenth, in swung-sixteenths) falls inside its pair, 0.5 = straight. */
  swing?: number;
  /** Seconds before the drums enter (late-entry). */
  entryS?: number;
};

export type GeneratedGroove = {
  sampleRateHz: number;
  durationS: number;
  channels: Float32Array[];
  /** Ground-truth beats at the listener's level (s). */
  beatsS: number[];
  /** Tempo a listener taps, from the beats heard. */
  tempoBpm: number;
};

type Hit = { at: number; voice: DrumVoice; vel: number };
type Note = {
  at: number;
  hz: number;
  lengthBeats: number;
  vel: number;
  voice: 'pluckBass' | 'pluckGuitar' | 'keys' | 'bell';
};

const midiHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

/** Beat times with a slow random tempo wander (±1.5 %) around `bpm`, running `extraS` past the end. */
function layBeatGrid(spec: GrooveSpec, rng: Rng, extraS: number): number[] {
  const beats: number[] = [];
  let drift = 0;
  let t = 0;
  while (t < spec.durationS + extraS) {
    beats.push(t);
    drift = max(-0.015, min(0.015, 0.9 * drift + 0.004 * rng.gauss()));
    t += 60 / (spec.bpm * (1 + drift));
  }
  return beats;
}

/** Seconds of a position in beats; `swing` moves the second of each pair of `unit`-long notes. */
function placeS(beats: number[], position: number, swing: number, unit: number): number {
  const index = min(beats.length - 2, floor(position));
  const period = beats[index + 1] - beats[index];
  let fraction = position - index;
  const pair = 2 * unit;
  const inPair = fraction % pair;
  if (swing !== 0.5 && abs(inPair - unit) < 1e-6) fraction = fraction - inPair + swing * pair;
  return beats[index] + fraction * period;
}

const CHORDS = [
  [0, 4, 7, 11],
  [5, 9, 12, 16],
  [-3, 0, 4, 7],
  [2, 5, 9, 12],
  [7, 11, 14, 17],
  [-1, 2, 5, 9],
];

/** Drum hits and notes of one bar (positions in beats from the bar start). */
function describeBar(
  style: GrooveStyle,
  bar: number,
  beatsPerBar: number,
  rng: Rng,
  root: number,
  isFillBar: boolean,
  drumsOn: boolean,
): { hits: Hit[]; notes: Note[] } {
  const hits: Hit[] = [];
  const notes: Note[] = [];
  const chord = CHORDS[bar % 4 === 3 ? 4 : [0, 2, 1, 3][bar % 4]].map((n) => root + n);
  const bass = midiHz(root - 24 + chord[0] - root);
  const hit = (at: number, voice: DrumVoice, vel: number) => drumsOn && hits.push({ at, voice, vel });
  const fill = () => {
    const from = beatsPerBar - 1;
    for (let s = 0; s < 4; s++) hit(from + s / 4, s < 2 ? 'tomHigh' : 'tomLow', 0.6 + 0.1 * s);
  };
  const stopsForFill = (at: number) => isFillBar && at >= beatsPerBar - 1;
  switch (style) {
    case 'shuffle': {
      for (let e = 0; e < 8; e++) if (!stopsForFill(e / 2)) hit(e / 2, 'hat', e % 2 ? 0.55 : 0.8);
      hit(0, 'kick', 1);
      hit(2, 'kick', 0.9);
      if (rng.float() < 0.5) hit(2.5, 'kick', 0.6);
      hit(1, 'clap', 0.9);
      if (!isFillBar) hit(3, 'clap', 0.9);
      for (const p of [0, 1.5, 2, 3.5]) notes.push({ at: p, hz: bass, lengthBeats: 0.5, vel: 0.8, voice: 'pluckBass' });
      for (const p of [1.5, 3])
        for (const n of chord.slice(1))
          notes.push({ at: p, hz: midiHz(n), lengthBeats: 0.8, vel: 0.25, voice: 'keys' });
      break;
    }
    case 'jazz-ride': {
      for (const p of [0, 1, 1.5, 2, 3, 3.5]) hit(p, 'ride', p % 1 ? 0.6 : 0.85);
      hit(1, 'hat', 0.5);
      hit(3, 'hat', 0.5);
      for (let b = 0; b < 4; b++) hit(b, 'softKick', 0.25);
      if (rng.float() < 0.6) hit(rng.choose([1.5, 2.5, 3.5]), 'snare', 0.35);
      const walk = [0, 2, 4, 5].map((k) => midiHz(root - 24 + [0, 2, 4, 7, 9, 11][k] + (bar % 2) * 5));
      for (let b = 0; b < 4; b++) notes.push({ at: b, hz: walk[b], lengthBeats: 0.9, vel: 0.9, voice: 'pluckBass' });
      const comp = rng.choose([
        [0, 1.5],
        [0.5, 2],
        [1.5, 3.5],
      ]);
      for (const p of comp)
        for (const n of chord) notes.push({ at: p, hz: midiHz(n), lengthBeats: 0.4, vel: 0.22, voice: 'keys' });
      break;
    }
    case 'swung-sixteenths': {
      for (let s = 0; s < 16; s++) if (!stopsForFill(s / 4)) hit(s / 4, 'hat', s % 4 === 0 ? 0.7 : s % 2 ? 0.35 : 0.5);
      for (const p of rng.choose([
        [0, 0.75, 2.25],
        [0, 1.75, 2.5],
        [0, 0.5, 2.75],
      ]))
        hit(p, 'kick', p ? 0.8 : 1);
      hit(1, 'snare', 0.9);
      hit(3, 'snare', 0.9);
      if (rng.float() < 0.5) hit(2.75, 'snare', 0.25);
      notes.push({ at: 0, hz: bass, lengthBeats: 1.5, vel: 0.8, voice: 'pluckBass' });
      notes.push({ at: 2.5, hz: bass, lengthBeats: 1, vel: 0.7, voice: 'pluckBass' });
      for (const n of chord) notes.push({ at: 0.75, hz: midiHz(n), lengthBeats: 2, vel: 0.2, voice: 'keys' });
      break;
    }
    case 'funk-and': {
      for (let e = 0; e < 8; e++) if (!stopsForFill(e / 2)) hit(e / 2, 'hat', e % 2 ? 0.75 : 0.55);
      for (const p of rng.choose([
        [0, 1.5, 2.5],
        [0.5, 1.5, 2.5],
        [0, 0.5, 2.5, 3.5],
      ]))
        hit(p, 'kick', p ? 0.85 : 1);
      hit(1, 'snare', 0.95);
      if (!isFillBar) hit(3, 'snare', 0.95);
      for (const p of [0, 1.5, 2.5]) notes.push({ at: p, hz: bass, lengthBeats: 0.45, vel: 0.85, voice: 'pluckBass' });
      for (const p of [0.5, 1.5, 2.5, 3.5])
        notes.push({
          at: p,
          hz: midiHz(chord[rng.choose([1, 2, 3])] + 12),
          lengthBeats: 0.2,
          vel: 0.3,
          voice: 'pluckGuitar',
        });
      break;
    }
    case 'offbeat-kicks': {
      for (let b = 0; b < 4; b++) if (!stopsForFill(b)) hit(b, 'hat', 0.7);
      for (const p of [0.5, 1.5, 2.5, 3.5]) if (!stopsForFill(p)) hit(p, 'kick', 0.9);
      hit(1, 'clap', 0.95);
      if (!isFillBar) hit(3, 'clap', 0.95);
      for (const p of [0.5, 1.5, 2.5, 3.5])
        notes.push({ at: p, hz: bass, lengthBeats: 0.4, vel: 0.8, voice: 'pluckBass' });
      for (const n of chord) notes.push({ at: 0, hz: midiHz(n), lengthBeats: 4, vel: 0.15, voice: 'keys' });
      break;
    }
    case 'anticipation': {
      for (let e = 0; e < 8; e++) if (!stopsForFill(e / 2)) hit(e / 2, 'hat', 0.6);
      hit(bar % 2 ? 3.5 : 0, 'kick', 1);
      hit(1.5, 'kick', 0.85);
      hit(2.5, 'kick', 0.8);
      hit(1, 'snare', 0.9);
      if (!isFillBar) hit(3, 'snare', 0.9);
      for (const p of [0, 1.5, 2.5, 3.5])
        notes.push({ at: p, hz: bass, lengthBeats: 0.9, vel: 0.8, voice: 'pluckBass' });
      for (const n of chord) notes.push({ at: 3.5, hz: midiHz(n), lengthBeats: 1.2, vel: 0.2, voice: 'keys' });
      break;
    }
    case 'downbeat-only': {
      hit(0, 'kick', 0.9);
      if (bar % 4 === 0) hit(0, 'crash', 0.4);
      for (let e = 0; e < 8; e++)
        notes.push({ at: e / 2, hz: midiHz(chord[e % 4] + 12), lengthBeats: 0.6, vel: 0.12, voice: 'pluckGuitar' });
      break;
    }
    case 'ambient-bells': {
      hit(0, 'softKick', 0.7);
      if (bar % 2) hit(2, 'brush', 0.5);
      for (let b = 0; b < 4; b++)
        notes.push({ at: b, hz: midiHz(chord[(b + bar) % 4] + 24), lengthBeats: 2, vel: 0.12, voice: 'bell' });
      break;
    }
    case 'late-entry':
    case 'pop': {
      for (let e = 0; e < 8; e++) if (!stopsForFill(e / 2)) hit(e / 2, 'hat', e % 2 ? 0.45 : 0.7);
      hit(0, 'kick', 1);
      hit(2, 'kick', 0.95);
      if (rng.float() < 0.3) hit(3.5, 'kick', 0.6);
      hit(1, 'snare', 0.9);
      if (!isFillBar) hit(3, 'snare', 0.9);
      if (drumsOn)
        for (const p of [0, 2, 2.5]) notes.push({ at: p, hz: bass, lengthBeats: 0.5, vel: 0.8, voice: 'pluckBass' });
      for (const p of [0, 1, 2, 3])
        for (const n of chord.slice(0, 3))
          notes.push({ at: p, hz: midiHz(n), lengthBeats: 0.9, vel: 0.17, voice: 'keys' });
      break;
    }
    case 'dance': {
      for (let b = 0; b < 4; b++) {
        if (!stopsForFill(b)) hit(b, 'kick', 1);
        if (!stopsForFill(b + 0.5)) hit(b + 0.5, 'openHat', 0.6);
      }
      hit(1, 'clap', 0.8);
      if (!isFillBar) hit(3, 'clap', 0.8);
      for (let b = 0; b < 4; b++) notes.push({ at: b + 0.5, hz: bass, lengthBeats: 0.4, vel: 0.8, voice: 'pluckBass' });
      break;
    }
    case 'piano-ballad': {
      hit(0, 'softKick', 0.8);
      if (rng.float() < 0.5) hit(1.5, 'softKick', 0.5);
      hit(1, 'rim', 0.6);
      hit(3, 'rim', 0.6);
      for (let e = 0; e < 8; e++) hit(e / 2, 'shaker', 0.35);
      for (let e = 0; e < 8; e++)
        notes.push({ at: e / 2, hz: midiHz(chord[[0, 2, 3, 1][e % 4]]), lengthBeats: 1, vel: 0.22, voice: 'keys' });
      notes.push({ at: 0, hz: bass, lengthBeats: 3.5, vel: 0.7, voice: 'pluckBass' });
      break;
    }
    case 'compound-ballad': {
      // Beats are dotted quarters, each split into three eighths (12/8).
      hit(0, 'softKick', 0.8);
      hit(2 + 2 / 3, 'softKick', 0.4);
      hit(1, 'snare', 0.45);
      hit(3, 'snare', 0.45);
      for (let e = 0; e < 12; e++)
        notes.push({
          at: e / 3,
          hz: midiHz(chord[[0, 1, 2, 3, 2, 1][e % 6]]),
          lengthBeats: 0.7,
          vel: 0.2,
          voice: 'keys',
        });
      notes.push({ at: 0, hz: bass, lengthBeats: 1.9, vel: 0.7, voice: 'pluckBass' });
      notes.push({ at: 2, hz: bass * 1.5, lengthBeats: 1.9, vel: 0.6, voice: 'pluckBass' });
      break;
    }
    case 'brush-ballad': {
      for (let b = 0; b < 4; b++) hit(b, 'brush', b % 2 ? 0.9 : 0.6);
      hit(0, 'softKick', 0.7);
      hit(2, 'softKick', 0.55);
      for (const p of [0, 2]) notes.push({ at: p, hz: bass, lengthBeats: 1.8, vel: 0.7, voice: 'pluckBass' });
      for (const p of [0, 1.5, 3])
        for (const n of chord) notes.push({ at: p, hz: midiHz(n), lengthBeats: 1.4, vel: 0.14, voice: 'keys' });
      break;
    }
  }
  if (
    isFillBar &&
    drumsOn &&
    !['downbeat-only', 'ambient-bells', 'piano-ballad', 'compound-ballad', 'brush-ballad', 'jazz-ride'].includes(style)
  )
    fill();
  return { hits, notes };
}

/** Per-voice timing habit (ms): snares and claps sit back, hats push. */
const VOICE_LEAN_MS: Partial<Record<DrumVoice, number>> = { snare: 6, clap: 4, hat: -3, ride: -2, rim: 5 };
const VOICE_PAN: Partial<Record<DrumVoice, number>> = {
  hat: 0.3,
  openHat: 0.3,
  ride: 0.72,
  tomHigh: 0.4,
  tomLow: 0.62,
  shaker: 0.25,
};

/** Renders a groove: drums and instruments on a wandering grid, humanised, panned, reverberated and limited. */
export function generateGroove(spec: GrooveSpec): GeneratedGroove {
  const rateHz = 44100;
  const rng = new Rng(spec.seed);
  const beats = layBeatGrid(spec, rng, 8);
  const length = round(spec.durationS * rateHz);
  const drums = [new Float32Array(length), new Float32Array(length)];
  const music = [new Float32Array(length), new Float32Array(length)];
  const beatsPerBar = 4;
  const swing = spec.swing ?? 0.5;
  const swingUnit = spec.style === 'swung-sixteenths' ? 0.25 : 0.5;
  const timingSdS = rng.range(0.003, 0.009);
  const root = 57 + floor(rng.float() * 7);
  const phraseBars = rng.choose([4, 8]);
  const entryS = spec.entryS ?? 0;
  const sparse = ['downbeat-only', 'ambient-bells', 'late-entry'].includes(spec.style);
  const ballad = ['piano-ballad', 'compound-ballad', 'brush-ballad'].includes(spec.style);
  const drumGain = sparse ? 0.5 : ballad ? 0.6 : 1;
  const kitCache = new Map<DrumVoice, Float32Array[]>();
  const sampleOf = (voice: DrumVoice) => {
    let variants = kitCache.get(voice);
    if (!variants) kitCache.set(voice, (variants = [0, 1, 2].map(() => renderDrum(voice, rateHz, rng))));
    return rng.choose(variants);
  };
  const mix = (target: Float32Array[], sample: Float32Array, atS: number, gain: number, pan: number) => {
    const start = round(atS * rateHz);
    const [left, right] = [gain * sqrt(1 - pan), gain * sqrt(pan)];
    for (let i = max(0, -start); i < sample.length && start + i < length; i++) {
      target[0][start + i] += left * sample[i];
      target[1][start + i] += right * sample[i];
    }
  };
  const barCount = floor((beats.length - 1) / beatsPerBar);
  for (let bar = 0; bar < barCount; bar++) {
    const barStartS = beats[bar * beatsPerBar];
    if (barStartS >= spec.durationS) break;
    const drumsOn = barStartS >= entryS - 1e-6;
    const isFillBar = bar % phraseBars === phraseBars - 1;
    const { hits, notes } = describeBar(spec.style, bar, beatsPerBar, rng, root, isFillBar, drumsOn);
    if (drumsOn && entryS > 0 && bar > 0 && beats[(bar - 1) * beatsPerBar] < entryS)
      hits.push({ at: 0, voice: 'crash', vel: 0.6 });
    for (const h of hits) {
      const atS =
        placeS(beats, bar * beatsPerBar + h.at, swing, swingUnit) +
        (timingSdS * rng.gauss() + (VOICE_LEAN_MS[h.voice] ?? 0) / 1000);
      const vel = max(0.05, h.vel * (1 + 0.1 * rng.gauss()));
      mix(drums, sampleOf(h.voice), atS, drumGain * vel, VOICE_PAN[h.voice] ?? 0.5);
    }
    for (const n of notes) {
      const atS = placeS(beats, bar * beatsPerBar + n.at, swing, swingUnit) + 0.6 * timingSdS * rng.gauss();
      const period = 60 / spec.bpm;
      const seconds = n.lengthBeats * period;
      const sample =
        n.voice === 'pluckBass'
          ? renderPluck(rateHz, rng, n.hz, seconds + 0.1, 0.3)
          : n.voice === 'pluckGuitar'
            ? renderPluck(rateHz, rng, n.hz, seconds + 0.2, 0.8)
            : renderFm(rateHz, n.hz, seconds + 0.3, n.voice === 'bell' ? 'bell' : 'keys');
      const pan = n.voice === 'pluckBass' ? 0.5 : n.voice === 'pluckGuitar' ? 0.7 : 0.42;
      mix(music, sample, atS, n.vel * (1 + 0.08 * rng.gauss()), pan);
    }
    if (sparse || ballad || spec.style === 'jazz-ride' || spec.style === 'dance') {
      const chord = CHORDS[[0, 2, 1, 3][bar % 4]];
      const endS = beats[min(beats.length - 1, (bar + 1) * beatsPerBar)];
      for (const [c, channel] of music.entries())
        for (const n of chord.slice(0, 3))
          addPad(
            channel,
            rateHz,
            barStartS,
            endS - barStartS,
            midiHz(root + n - 12) * (c ? 1.002 : 0.998),
            sparse ? 0.05 : 0.025,
            sparse ? 1.2 : 0.5,
          );
    }
  }
  // Mixing: drum bus glue (soft saturation), a shared FDN reverb send, then a limiter and loudness normalisation.
  const reverbSend = sparse ? 0.45 : ballad ? 0.3 : 0.15;
  const channels = [0, 1].map((c) => {
    const bus = new Float32Array(length);
    for (let i = 0; i < length; i++) bus[i] = tanh(1.2 * drums[c][i]) + music[c][i];
    const wet = renderFdnReverb(bus, rateHz, sparse ? 3 : 1.6, 0.35);
    for (let i = 0; i < length; i++) bus[i] += reverbSend * wet[i];
    biquad(bus, rateHz, 'hp', 30, 0.7);
    return bus;
  });
  let energy = 0;
  for (const channel of channels) for (const v of channel) energy += v * v;
  const gain = 0.18 / sqrt(energy / (2 * length) + 1e-12);
  for (const channel of channels) for (let i = 0; i < length; i++) channel[i] = 0.95 * tanh((gain * channel[i]) / 0.95);
  const heard = beats.filter((t) => t < spec.durationS);
  return {
    sampleRateHz: rateHz,
    durationS: length / rateHz,
    channels,
    beatsS: heard.map((t) => round(t * 1e4) / 1e4),
    tempoBpm: (60 * (heard.length - 1)) / (heard[heard.length - 1] - heard[0]),
  };
}
