import type { Random } from './seeded-random';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { exp, max, min, round, sin } = Math;

/** One-shot drum samples rendered once per track and mixed in at each hit. */
export type DrumKit = { kick: Float32Array; snare: Float32Array; closedHat: Float32Array; openHat: Float32Array };

/** Kick: pitch-swept sine (≈150 → 50 Hz) with a short click, ≈0.35 s. */
function renderKick(sampleRateHz: number, random: Random): Float32Array {
  const length = round(0.35 * sampleRateHz);
  const out = new Float32Array(length);
  const [startHz, endHz] = [random.between(130, 170), random.between(45, 60)];
  const decayS = random.between(0.12, 0.2);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / sampleRateHz;
    const frequencyHz = endHz + (startHz - endHz) * exp(-t / 0.035);
    phase += (2 * Math.PI * frequencyHz) / sampleRateHz;
    const click = i < 0.003 * sampleRateHz ? (random.next() * 2 - 1) * 0.5 : 0;
    out[i] = 0.9 * sin(phase) * exp(-t / decayS) + click;
  }
  return out;
}

/** Noise burst through a one-pole high-pass, with an exponential decay of `decayS`. */
function renderFilteredNoise(sampleRateHz: number, random: Random, decayS: number, highPass: number): Float32Array {
  const length = round(min(1, decayS * 6) * sampleRateHz);
  const out = new Float32Array(length);
  let previous = 0;
  for (let i = 0; i < length; i++) {
    const white = random.next() * 2 - 1;
    const filtered = white - highPass * previous;
    previous = white;
    out[i] = filtered * exp(-i / sampleRateHz / decayS);
  }
  return out;
}

/** Snare: decaying noise plus a ≈190 Hz body tone. */
function renderSnare(sampleRateHz: number, random: Random): Float32Array {
  const out = renderFilteredNoise(sampleRateHz, random, random.between(0.09, 0.16), 0.6);
  const toneHz = random.between(170, 220);
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRateHz;
    out[i] = 0.45 * out[i] + 0.5 * sin(2 * Math.PI * toneHz * t) * exp(-t / 0.05);
  }
  return out;
}

/**
 * Kit timbres: 'classic' (clicky kick, snare with a strong body tone) or 'deep' (a kick with no click and a long
 * low tail, a bright snare of mostly high noise with little body, louder open hats), as in much electronic music,
 * or 'clap' (the deep kit with a hand clap, three quick mid-range bursts and a tail, in place of the snare).
 */
export type KitTone = 'classic' | 'deep' | 'clap';

/** Renders a kit whose timbre varies a little with the random source. */
export function renderDrumKit(sampleRateHz: number, random: Random, tone: KitTone = 'classic'): DrumKit {
  const closedHat = renderFilteredNoise(sampleRateHz, random, random.between(0.02, 0.04), 0.98);
  const openHat = renderFilteredNoise(sampleRateHz, random, random.between(0.15, 0.25), 0.98);
  for (const hat of [closedHat, openHat]) for (let i = 0; i < hat.length; i++) hat[i] *= 0.3;
  const kit = { kick: renderKick(sampleRateHz, random), snare: renderSnare(sampleRateHz, random), closedHat, openHat };
  if (tone === 'classic') return kit;
  const clickEnd = Math.ceil(0.003 * sampleRateHz);
  const lowPassed = new Float32Array(kit.kick.length);
  let state = 0;
  for (let i = 0; i < lowPassed.length; i++) {
    state += 0.05 * (kit.kick[i] - state);
    lowPassed[i] = i < clickEnd ? state : kit.kick[i];
  }
  const snare = renderFilteredNoise(sampleRateHz, random, random.between(0.1, 0.18), 0.9);
  const bodyHz = random.between(180, 230);
  for (let i = 0; i < snare.length; i++)
    snare[i] = 0.7 * snare[i] + 0.12 * sin((2 * Math.PI * bodyHz * i) / sampleRateHz) * exp(-i / sampleRateHz / 0.04);
  for (let i = 0; i < openHat.length; i++) openHat[i] *= 1.6;
  return { ...kit, kick: lowPassed, snare: tone === 'clap' ? renderClap(sampleRateHz, random) : snare };
}

/** Hand clap: three 8-ms noise bursts about 10 ms apart, then a 60-ms tail, low-passed to the mid range. */
function renderClap(sampleRateHz: number, random: Random): Float32Array {
  const out = new Float32Array(round(0.3 * sampleRateHz));
  const gapS = random.between(0.008, 0.012);
  for (const [startS, decayS, gain] of [
    [0, 0.008, 0.8],
    [gapS, 0.008, 0.9],
    [2 * gapS, 0.06, 1],
  ]) {
    const start = round(startS * sampleRateHz);
    for (let i = start; i < out.length; i++)
      out[i] += gain * (random.next() * 2 - 1) * exp(-(i - start) / sampleRateHz / decayS);
  }
  // Two one-pole low-passes (≈2.5 kHz) after a one-pole high-pass (≈600 Hz): a band around 1 kHz.
  let [high, previous, low1, low2] = [0, 0, 0, 0];
  const [a, b] = [exp((-2 * Math.PI * 600) / sampleRateHz), 1 - exp((-2 * Math.PI * 2500) / sampleRateHz)];
  for (let i = 0; i < out.length; i++) {
    high = a * (high + out[i] - previous);
    previous = out[i];
    low1 += b * (high - low1);
    low2 += b * (low1 - low2);
    out[i] = 2.5 * low2;
  }
  return out;
}

/** Adds `sample` × gain into `target` from sample index `start`. */
export function mixSampleInto(target: Float32Array, sample: Float32Array, start: number, gain: number): void {
  const from = max(0, start);
  const to = min(target.length, start + sample.length);
  for (let i = from; i < to; i++) target[i] += gain * sample[i - start];
}
