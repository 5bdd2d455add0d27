import type { Random } from './seeded-random';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { exp, max, min, round, sin } = Math;
const TWO_PI = 2 * Math.PI;

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
 * or 'clap' (the deep kit with a hand clap, three quick mid-range bursts and a tail, in place of the snare),
 * 'boom' (drum-machine style: a long sine boom with no click, a two-tone snappy snare, metallic square-wave hats)
 * or 'brush' (a soft felt kick, brushes swept on the snare with a slow attack, soft brushed hats), or 'garage' (a
 * kick with a hard beater click, a fat snare whose noise stays below 3 kHz over a strong body, and trashy hats whose
 * noise reaches down to 2 kHz), or 'dark' (a soft kick without click, a low, muffled snare: a strong 130-170 Hz body
 * under noise that stays below 1.5 kHz), or 'thin' (a clicky kick, a short, thin snare of high noise with a faint
 * 300-400 Hz ring, like a piccolo snare or a rim shot, under bright hats), or 'tight' (an acoustic kick tuned up, its
 * body at 70-95 Hz with little below, a hard felt beater, and a tight snare with a 200-260 Hz body), or 'lofi' (the
 * classic kit as a sampled break through old gear: nothing below about 100 Hz or above about 4 kHz, so the kick is
 * heard by its punch, not its sub), or 'eight-o-eight' (a drum machine's long sub kick gliding down to 40-55 Hz over
 * most of a second, a clap layered on a short snare, short crisp hats).
 */
export type KitTone =
  'classic' | 'deep' | 'clap' | 'boom' | 'brush' | 'garage' | 'dark' | 'thin' | 'tight' | 'lofi' | 'eight-o-eight';

/** Renders a kit whose timbre varies a little with the random source. */
export function renderDrumKit(sampleRateHz: number, random: Random, tone: KitTone = 'classic'): DrumKit {
  const closedHat = renderFilteredNoise(sampleRateHz, random, random.between(0.02, 0.04), 0.98);
  const openHat = renderFilteredNoise(sampleRateHz, random, random.between(0.15, 0.25), 0.98);
  for (const hat of [closedHat, openHat]) for (let i = 0; i < hat.length; i++) hat[i] *= 0.3;
  const kit = { kick: renderKick(sampleRateHz, random), snare: renderSnare(sampleRateHz, random), closedHat, openHat };
  if (tone === 'classic') return kit;
  if (tone === 'boom') return renderBoomKit(sampleRateHz, random);
  if (tone === 'brush') return renderBrushKit(sampleRateHz, random, kit.kick);
  if (tone === 'garage') return renderGarageKit(sampleRateHz, random, kit.kick);
  if (tone === 'dark') return renderDarkKit(sampleRateHz, random, kit);
  if (tone === 'thin') return renderThinKit(sampleRateHz, random, kit);
  if (tone === 'tight') return renderTightKit(sampleRateHz, random, kit);
  if (tone === 'lofi') return renderLofiKit(sampleRateHz, random, kit);
  if (tone === 'eight-o-eight') return renderEightOEightKit(sampleRateHz, random, kit);
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

/** Drum-machine kit: sine boom kick, two-tone snare with snappy noise, hats from six detuned square waves. */
function renderBoomKit(sampleRateHz: number, random: Random): DrumKit {
  const kick = new Float32Array(round(random.between(0.5, 0.9) * sampleRateHz));
  const [baseHz, decayS] = [random.between(42, 58), random.between(0.25, 0.5)];
  let phase = 0;
  for (let i = 0; i < kick.length; i++) {
    const t = i / sampleRateHz;
    phase += (TWO_PI * baseHz * (1 + 1.5 * exp(-t / 0.012))) / sampleRateHz;
    kick[i] = sin(phase) * exp(-t / decayS) * min(1, t / 0.002);
  }
  const snare = renderFilteredNoise(sampleRateHz, random, random.between(0.06, 0.12), 0.8);
  const [toneA, toneB] = [random.between(170, 200), random.between(320, 350)];
  for (let i = 0; i < snare.length; i++) {
    const t = i / sampleRateHz;
    const body = (sin(TWO_PI * toneA * t) + 0.6 * sin(TWO_PI * toneB * t)) * exp(-t / 0.03);
    snare[i] = 0.55 * snare[i] + 0.35 * body;
  }
  const metal = (decay: number) => {
    const out = new Float32Array(round(min(1, decay * 6) * sampleRateHz));
    const ratios = [1, 1.483, 1.805, 2.546, 2.63, 3.897].map((r) => r * random.between(300, 330));
    let previous = 0;
    for (let i = 0; i < out.length; i++) {
      const t = i / sampleRateHz;
      let v = 0;
      for (const hz of ratios) v += (t * hz) % 1 < 0.5 ? 1 : -1;
      // Two differences: a steep high-pass that leaves the metallic upper partials.
      const high = v - previous;
      previous = v;
      out[i] = 0.05 * high * exp(-t / decay);
    }
    return out;
  };
  return { kick, snare, closedHat: metal(random.between(0.03, 0.05)), openHat: metal(random.between(0.2, 0.35)) };
}

/** Brush kit: a soft kick without click, a swept snare (noise rising over 20-40 ms), breathy hats. */
function renderBrushKit(sampleRateHz: number, random: Random, clickyKick: Float32Array): DrumKit {
  const kick = new Float32Array(clickyKick.length);
  let state = 0;
  for (let i = 0; i < kick.length; i++) {
    state += 0.03 * (clickyKick[i] - state);
    kick[i] = 1.6 * state;
  }
  const sweep = (riseS: number, decayS: number, highPass: number, gain: number) => {
    const out = renderFilteredNoise(sampleRateHz, random, decayS, highPass);
    for (let i = 0; i < out.length; i++) out[i] *= gain * min(1, i / sampleRateHz / riseS);
    return out;
  };
  return {
    kick,
    snare: sweep(random.between(0.02, 0.04), random.between(0.12, 0.2), 0.7, 0.7),
    closedHat: sweep(0.008, random.between(0.03, 0.05), 0.95, 0.25),
    openHat: sweep(0.01, random.between(0.12, 0.2), 0.95, 0.3),
  };
}

/** Ride cymbal (inharmonic partials with a long decay and a bright ping) and rim click. */
export type Cymbals = { ride: Float32Array; rim: Float32Array };

/** Renders a ride and a rim click; the caller passes a random source of its own so that other sounds stay put. */
export function renderCymbals(sampleRateHz: number, random: Random): Cymbals {
  const ride = renderFilteredNoise(sampleRateHz, random, random.between(0.5, 0.8), 0.97);
  const partialsHz = [3150, 4230, 5370, 6620].map((hz) => hz * random.between(0.93, 1.07));
  for (let i = 0; i < ride.length; i++) {
    const t = i / sampleRateHz;
    let ping = 0;
    for (const hz of partialsHz) ping += sin(TWO_PI * hz * t);
    ride[i] = 0.12 * ride[i] + 0.04 * ping * exp(-t / 0.25);
  }
  const rim = renderFilteredNoise(sampleRateHz, random, 0.012, 0.5);
  const rimHz = random.between(400, 600);
  for (let i = 0; i < rim.length; i++)
    rim[i] = 0.4 * rim[i] + 0.5 * sin((TWO_PI * rimHz * i) / sampleRateHz) * exp(-i / sampleRateHz / 0.015);
  return { ride, rim };
}

/** One-pole low-pass of a sample at `cutoffHz`, in place. */
function lowPass(sample: Float32Array, sampleRateHz: number, cutoffHz: number): Float32Array {
  const a = 1 - exp((-TWO_PI * cutoffHz) / sampleRateHz);
  let state = 0;
  for (let i = 0; i < sample.length; i++) sample[i] = state += a * (sample[i] - state);
  return sample;
}

/** Garage kit: beater click on the kick, a fat low snare, trashy hats that reach down into the mid range. */
function renderGarageKit(sampleRateHz: number, random: Random, kick: Float32Array): DrumKit {
  const clicked = kick.slice();
  const clickLength = round(0.006 * sampleRateHz);
  for (let i = 0; i < clickLength; i++) clicked[i] += (random.next() * 2 - 1) * 0.9 * (1 - i / clickLength);
  const noise = lowPass(renderFilteredNoise(sampleRateHz, random, random.between(0.12, 0.2), 0.3), sampleRateHz, 3000);
  const bodyHz = random.between(150, 190);
  const snare = noise.map(
    (v, i) => 0.9 * v + 0.6 * sin((TWO_PI * bodyHz * i) / sampleRateHz) * exp(-i / sampleRateHz / 0.07),
  );
  const trashy = (decayS: number) =>
    lowPass(renderFilteredNoise(sampleRateHz, random, decayS, 0.5), sampleRateHz, 9000).map((v) => 0.5 * v);
  return {
    kick: clicked,
    snare,
    closedHat: trashy(random.between(0.04, 0.07)),
    openHat: trashy(random.between(0.2, 0.35)),
  };
}

/** Dark kit: the kick low-passed to a soft thump, a low snare whose body outweighs its muffled noise. */
function renderDarkKit(sampleRateHz: number, random: Random, kit: DrumKit): DrumKit {
  const kick = lowPass(kit.kick.slice(), sampleRateHz, random.between(300, 600)).map((v) => 1.5 * v);
  const noise = lowPass(renderFilteredNoise(sampleRateHz, random, random.between(0.08, 0.14), 0.2), sampleRateHz, 1500);
  const bodyHz = random.between(130, 170);
  const snare = noise.map(
    (v, i) => 0.5 * v + 0.7 * sin((TWO_PI * bodyHz * i) / sampleRateHz) * exp(-i / sampleRateHz / 0.08),
  );
  return { ...kit, kick, snare };
}

/** Thin kit: a short snare of high noise with a faint ring, hats a little brighter and louder. */
function renderThinKit(sampleRateHz: number, random: Random, kit: DrumKit): DrumKit {
  const ringHz = random.between(300, 400);
  const snare = renderFilteredNoise(sampleRateHz, random, random.between(0.04, 0.07), 0.95).map(
    (v, i) => 0.6 * v + 0.15 * sin((TWO_PI * ringHz * i) / sampleRateHz) * exp(-i / sampleRateHz / 0.03),
  );
  const brighter = (hat: Float32Array) => hat.map((v) => 1.4 * v);
  return { ...kit, snare, closedHat: brighter(kit.closedHat), openHat: brighter(kit.openHat) };
}

/** One-pole high-pass of a sample at `cutoffHz`, in place. */
function highPass(sample: Float32Array, sampleRateHz: number, cutoffHz: number): Float32Array {
  const a = exp((-TWO_PI * cutoffHz) / sampleRateHz);
  let [state, previous] = [0, 0];
  for (let i = 0; i < sample.length; i++) {
    state = a * (state + sample[i] - previous);
    previous = sample[i];
    sample[i] = state;
  }
  return sample;
}

/** Tight kit: an acoustic kick tuned up (body 70-95 Hz, felt beater), a tight snare with a high body. */
function renderTightKit(sampleRateHz: number, random: Random, kit: DrumKit): DrumKit {
  const kick = new Float32Array(round(0.3 * sampleRateHz));
  const [startHz, endHz, decayS] = [random.between(180, 220), random.between(70, 95), random.between(0.08, 0.14)];
  const beaterLength = round(0.004 * sampleRateHz);
  let phase = 0;
  for (let i = 0; i < kick.length; i++) {
    const t = i / sampleRateHz;
    phase += (TWO_PI * (endHz + (startHz - endHz) * exp(-t / 0.02))) / sampleRateHz;
    const beater = i < beaterLength ? (random.next() * 2 - 1) * 0.35 * (1 - i / beaterLength) : 0;
    kick[i] = 0.9 * sin(phase) * exp(-t / decayS) + beater;
  }
  const bodyHz = random.between(200, 260);
  const snare = renderFilteredNoise(sampleRateHz, random, random.between(0.1, 0.18), 0.7).map(
    (v, i) => 0.6 * v + 0.45 * sin((TWO_PI * bodyHz * i) / sampleRateHz) * exp(-i / sampleRateHz / 0.04),
  );
  return { ...kit, kick: highPass(kick, sampleRateHz, 50), snare };
}

/** Lo-fi kit: the classic kit band-limited to about 100 Hz-4 kHz (two high-passes, two low-passes), a little louder. */
function renderLofiKit(sampleRateHz: number, random: Random, kit: DrumKit): DrumKit {
  const [lowHz, highHz] = [random.between(90, 130), random.between(3000, 5000)];
  const band = (sample: Float32Array, gain: number) => {
    const out = sample.map((v) => gain * v);
    for (let pass = 0; pass < 2; pass++) highPass(lowPass(out, sampleRateHz, highHz), sampleRateHz, lowHz);
    return out;
  };
  return {
    kick: band(kit.kick, 2),
    snare: band(kit.snare, 1.3),
    closedHat: band(kit.closedHat, 2),
    openHat: band(kit.openHat, 2),
  };
}

/** Drum-machine kit of trap and reggaeton: a long gliding sub kick, a clap over a short snare, crisp short hats. */
function renderEightOEightKit(sampleRateHz: number, random: Random, kit: DrumKit): DrumKit {
  const kick = new Float32Array(round(random.between(0.7, 1.1) * sampleRateHz));
  const [startHz, endHz, decayS] = [random.between(90, 120), random.between(40, 55), random.between(0.35, 0.6)];
  let phase = 0;
  for (let i = 0; i < kick.length; i++) {
    const t = i / sampleRateHz;
    phase += (TWO_PI * (endHz + (startHz - endHz) * exp(-t / 0.06))) / sampleRateHz;
    kick[i] = sin(phase) * exp(-t / decayS) * min(1, t / 0.003);
  }
  const clap = renderClap(sampleRateHz, random);
  const snare = clap.map((v, i) => 0.8 * v + 0.5 * (kit.snare[i] ?? 0) * exp(-i / sampleRateHz / 0.05));
  const crisp = (hat: Float32Array, decayS: number) =>
    highPass(hat.slice(), sampleRateHz, 6000).map((v, i) => 1.6 * v * exp(-i / sampleRateHz / decayS));
  return {
    kick,
    snare,
    closedHat: crisp(kit.closedHat, random.between(0.012, 0.025)),
    openHat: crisp(kit.openHat, random.between(0.1, 0.2)),
  };
}
