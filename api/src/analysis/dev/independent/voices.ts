// Sound sources of the independent groove generator. Written apart from dev/synth on purpose: modal drums,
// 808-style metal, claps, brushes, Karplus–Strong strings, FM keys and bells, detuned-saw pads.
// Nothing here may be imported by dev/synth or by the tracker: it is evaluation material only.

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { cos, exp, floor, max, min, PI, round, sin, sqrt, tanh } = Math;

/** Small xorshift128+ style generator with a Gaussian helper (independent of dev/synth's random source). */
export class Rng {
  private a: number;
  private b: number;

  constructor(seed: number) {
    this.a = (seed * 2654435761) >>> 0 || 1;
    this.b = (seed ^ 0xdeadbeef) >>> 0 || 2;
    for (let i = 0; i < 8; i++) this.float();
  }

  /** Uniform in [0, 1). */
  float(): number {
    let x = this.a;
    const y = this.b;
    this.a = y;
    x ^= x << 23;
    x ^= x >>> 17;
    x ^= y ^ (y >>> 26);
    this.b = x >>> 0;
    return ((this.a + this.b) >>> 0) / 4294967296;
  }

  range(low: number, high: number): number {
    return low + (high - low) * this.float();
  }

  /** Standard normal (Box–Muller). */
  gauss(): number {
    const u = max(1e-12, this.float());
    return sqrt(-2 * Math.log(u)) * cos(2 * PI * this.float());
  }

  choose<T>(items: readonly T[]): T {
    return items[floor(this.float() * items.length)];
  }
}

/** Biquad band-pass / high-pass / low-pass (RBJ cookbook), applied in place. */
export function biquad(signal: Float32Array, rateHz: number, type: 'bp' | 'hp' | 'lp', hz: number, q: number): void {
  const w = (2 * PI * min(hz, rateHz * 0.45)) / rateHz;
  const alpha = sin(w) / (2 * q);
  const c = cos(w);
  const [b0, b1, b2] =
    type === 'bp'
      ? [alpha, 0, -alpha]
      : type === 'hp'
        ? [(1 + c) / 2, -(1 + c), (1 + c) / 2]
        : [(1 - c) / 2, 1 - c, (1 - c) / 2];
  const [a0, a1, a2] = [1 + alpha, -2 * c, 1 - alpha];
  let [x1, x2, y1, y2] = [0, 0, 0, 0];
  for (let i = 0; i < signal.length; i++) {
    const x = signal[i];
    const y = (b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2) / a0;
    [x2, x1, y2, y1] = [x1, x, y1, y];
    signal[i] = y;
  }
}

const buffer = (rateHz: number, seconds: number) => new Float32Array(max(1, round(seconds * rateHz)));

/** Sum of exponentially damped sinusoids (modal synthesis). */
function addModes(out: Float32Array, rateHz: number, modes: Array<[hz: number, gain: number, decayS: number]>): void {
  for (const [hz, gain, decayS] of modes) {
    const step = (2 * PI * hz) / rateHz;
    const damp = exp(-1 / (decayS * rateHz));
    let env = gain;
    for (let i = 0; i < out.length; i++) {
      out[i] += env * sin(step * i);
      env *= damp;
    }
  }
}

/** Noise with an attack/decay envelope. */
function noiseBurst(rateHz: number, rng: Rng, seconds: number, attackS: number, decayS: number): Float32Array {
  const out = buffer(rateHz, seconds);
  const attack = max(1, attackS * rateHz);
  for (let i = 0; i < out.length; i++) {
    const env = i < attack ? i / attack : exp(-(i - attack) / (decayS * rateHz));
    out[i] = (rng.float() * 2 - 1) * env;
  }
  return out;
}

function scaleTo(signal: Float32Array, peak: number): Float32Array {
  let p = 1e-9;
  for (const v of signal) p = max(p, Math.abs(v));
  for (let i = 0; i < signal.length; i++) signal[i] *= peak / p;
  return signal;
}

export type DrumVoice =
  | 'kick'
  | 'softKick'
  | 'snare'
  | 'clap'
  | 'rim'
  | 'brush'
  | 'hat'
  | 'openHat'
  | 'ride'
  | 'shaker'
  | 'tomHigh'
  | 'tomLow'
  | 'crash';

/** Renders one drum hit (a fresh variant each call). */
export function renderDrum(voice: DrumVoice, rateHz: number, rng: Rng): Float32Array {
  switch (voice) {
    case 'kick':
    case 'softKick': {
      const soft = voice === 'softKick';
      const f0 = rng.range(46, 64);
      const out = buffer(rateHz, 0.5);
      addModes(out, rateHz, [
        [f0, 1, soft ? 0.3 : 0.22],
        [f0 * 1.59, 0.4, 0.09],
        [f0 * 2.14, 0.18, 0.05],
      ]);
      const beater = noiseBurst(rateHz, rng, 0.02, 0.0005, soft ? 0.004 : 0.006);
      biquad(beater, rateHz, 'lp', soft ? 900 : 2500, 0.7);
      for (let i = 0; i < beater.length; i++) out[i] += (soft ? 0.6 : 2) * beater[i];
      for (let i = 0; i < out.length; i++) out[i] = tanh(1.4 * out[i]);
      return scaleTo(out, soft ? 0.55 : 1);
    }
    case 'snare': {
      const out = noiseBurst(rateHz, rng, 0.35, 0.001, rng.range(0.07, 0.12));
      biquad(out, rateHz, 'bp', rng.range(3500, 5500), 0.6);
      scaleTo(out, 0.7);
      addModes(out, rateHz, [
        [rng.range(175, 210), 0.6, 0.06],
        [rng.range(320, 350), 0.3, 0.04],
      ]);
      return scaleTo(out, 0.9);
    }
    case 'clap': {
      const out = buffer(rateHz, 0.3);
      for (const [delayS, gain, decayS] of [
        [0, 0.7, 0.006],
        [0.011, 0.8, 0.006],
        [0.021, 1, 0.07],
      ]) {
        const burst = noiseBurst(rateHz, rng, 0.25, 0.0005, decayS);
        const offset = round(delayS * rateHz);
        for (let i = 0; i + offset < out.length && i < burst.length; i++) out[i + offset] += gain * burst[i];
      }
      biquad(out, rateHz, 'bp', rng.range(1000, 1500), 1.2);
      return scaleTo(out, 0.8);
    }
    case 'rim': {
      const out = buffer(rateHz, 0.08);
      addModes(out, rateHz, [
        [rng.range(1050, 1200), 1, 0.018],
        [rng.range(2500, 2800), 0.5, 0.01],
      ]);
      return scaleTo(out, 0.5);
    }
    case 'brush': {
      const out = noiseBurst(rateHz, rng, 0.35, 0.012, 0.11);
      biquad(out, rateHz, 'bp', 5500, 0.5);
      return scaleTo(out, 0.3);
    }
    case 'hat':
    case 'openHat':
    case 'ride':
    case 'crash': {
      const lengthS = { hat: 0.12, openHat: 0.45, ride: 1.4, crash: 2 }[voice];
      const decayS = { hat: 0.03, openHat: 0.16, ride: 0.45, crash: 0.6 }[voice];
      const out = buffer(rateHz, lengthS);
      const scale = voice === 'ride' ? 1.45 : 1;
      const partials = [205.3, 304.4, 369.6, 522.7, 540, 800].map((hz) => hz * scale * rng.range(0.98, 1.02));
      const phases = partials.map(() => rng.float());
      for (let i = 0; i < out.length; i++) {
        let sum = 0;
        for (let k = 0; k < partials.length; k++) sum += ((partials[k] * i) / rateHz + phases[k]) % 1 < 0.5 ? 1 : -1;
        out[i] = sum * exp(-i / (decayS * rateHz));
      }
      if (voice === 'crash') {
        const wash = noiseBurst(rateHz, rng, lengthS, 0.002, decayS);
        for (let i = 0; i < out.length; i++) out[i] = 0.3 * out[i] + 3 * wash[i];
      }
      biquad(out, rateHz, voice === 'ride' ? 'bp' : 'hp', voice === 'ride' ? 5200 : 7000, 0.8);
      if (voice === 'ride') addModes(out, rateHz, [[rng.range(2900, 3300), 0.25, 0.6]]);
      return scaleTo(out, { hat: 0.35, openHat: 0.35, ride: 0.3, crash: 0.45 }[voice]);
    }
    case 'shaker': {
      const out = noiseBurst(rateHz, rng, 0.12, 0.014, 0.035);
      biquad(out, rateHz, 'hp', 6000, 0.7);
      return scaleTo(out, 0.25);
    }
    case 'tomHigh':
    case 'tomLow': {
      const f0 = voice === 'tomHigh' ? rng.range(150, 190) : rng.range(85, 110);
      const out = buffer(rateHz, 0.45);
      let phase = 0;
      for (let i = 0; i < out.length; i++) {
        const t = i / rateHz;
        phase += (2 * PI * f0 * (1 + 0.3 * exp(-t / 0.05))) / rateHz;
        out[i] = sin(phase) * exp(-t / 0.16);
      }
      const stick = noiseBurst(rateHz, rng, 0.01, 0.0005, 0.003);
      for (let i = 0; i < stick.length; i++) out[i] += 0.5 * stick[i];
      return scaleTo(out, 0.8);
    }
  }
}

/** Karplus–Strong plucked string: `brightness` 0..1 sets the loop filter. */
export function renderPluck(rateHz: number, rng: Rng, hz: number, seconds: number, brightness: number): Float32Array {
  const out = buffer(rateHz, seconds);
  const period = max(2, round(rateHz / hz));
  const line = new Float32Array(period);
  // Excitation: noise through a one-pole low-pass, darker for a darker string (a thumb, not a pick).
  const pole = 0.15 + 0.8 * (1 - brightness);
  let excitation = 0;
  for (let pass = 0; pass < 2; pass++)
    for (let i = 0; i < period; i++)
      line[i] = excitation += (1 - pole) * ((pass ? line[i] : rng.float() * 2 - 1) - excitation);
  let mean = 0;
  for (const v of line) mean += v / period;
  for (let i = 0; i < period; i++) line[i] -= mean;
  const smooth = 0.5 + 0.45 * (1 - brightness);
  const decay = 0.996 + 0.0035 * min(1, 100 / hz);
  let previous = 0;
  for (let i = 0; i < out.length; i++) {
    const k = i % period;
    const value = line[k];
    out[i] = value;
    line[k] = decay * (smooth * value + (1 - smooth) * previous);
    previous = value;
  }
  const fade = round(0.02 * rateHz);
  for (let i = 0; i < fade && i < out.length; i++) out[out.length - 1 - i] *= i / fade;
  return scaleTo(out, 0.8);
}

/** Two-operator FM tone: keys (ratio 1, fast index decay) or bell (ratio 3.5). */
export function renderFm(rateHz: number, hz: number, seconds: number, kind: 'keys' | 'bell'): Float32Array {
  const out = buffer(rateHz, seconds);
  const ratio = kind === 'bell' ? 3.5 : 1;
  const [indexStart, indexDecayS, ampDecayS] = kind === 'bell' ? [4, 0.6, 1.2] : [2.2, 0.25, 0.9];
  for (let i = 0; i < out.length; i++) {
    const t = i / rateHz;
    const index = indexStart * exp(-t / indexDecayS);
    const attack = min(1, t / 0.003);
    out[i] = attack * exp(-t / ampDecayS) * sin(2 * PI * hz * t + index * sin(2 * PI * hz * ratio * t));
  }
  const fade = round(0.03 * rateHz);
  for (let i = 0; i < fade && i < out.length; i++) out[out.length - 1 - i] *= i / fade;
  return out;
}

/** Detuned sawtooth pad through a one-pole low-pass, slow attack and release; added into `out` from `startS`. */
export function addPad(
  out: Float32Array,
  rateHz: number,
  startS: number,
  seconds: number,
  hz: number,
  gain: number,
  attackS: number,
): void {
  const start = round(startS * rateHz);
  const length = round((seconds + attackS) * rateHz);
  const detunes = [0.993, 0.998, 1.003, 1.008];
  const coefficient = 1 - exp((-2 * PI * min(2500, hz * 6)) / rateHz);
  let filtered = 0;
  const releaseFrom = round(seconds * rateHz);
  for (let i = 0; i < length && start + i < out.length; i++) {
    const t = i / rateHz;
    let saw = 0;
    for (const d of detunes) saw += ((hz * d * t) % 1) * 2 - 1;
    filtered += coefficient * (saw / detunes.length - filtered);
    const env = min(1, t / attackS) * (i > releaseFrom ? max(0, 1 - (i - releaseFrom) / (attackS * rateHz)) : 1);
    out[start + i] += gain * env * filtered;
  }
}

/** Feedback delay network reverb (4 lines, Hadamard mixing, damped loop) returning the wet signal. */
export function renderFdnReverb(dry: Float32Array, rateHz: number, decayS: number, damping: number): Float32Array {
  const delays = [0.0253, 0.0319, 0.0371, 0.0443].map((s) => round(s * rateHz));
  const lines = delays.map((d) => new Float32Array(d));
  const gains = delays.map((d) => 10 ** ((-3 * d) / (decayS * rateHz)));
  const lowState = [0, 0, 0, 0];
  const positions = [0, 0, 0, 0];
  const wet = new Float32Array(dry.length);
  for (let i = 0; i < dry.length; i++) {
    const outs = lines.map((line, k) => line[positions[k]]);
    for (let k = 0; k < 4; k++) {
      lowState[k] += (1 - damping) * (outs[k] - lowState[k]);
    }
    const [a, b, c, d] = lowState;
    const mixed = [a + b + c + d, a - b + c - d, a + b - c - d, a - b - c + d];
    for (let k = 0; k < 4; k++) {
      lines[k][positions[k]] = dry[i] + 0.5 * gains[k] * mixed[k];
      positions[k] = (positions[k] + 1) % delays[k];
    }
    wet[i] = 0.25 * (outs[0] + outs[1] + outs[2] + outs[3]);
  }
  return wet;
}
