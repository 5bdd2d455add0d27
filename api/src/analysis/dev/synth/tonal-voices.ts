// Local bindings: Math property look-ups are slow inside the test sandbox.
const { cos, exp, max, min, round, sin } = Math;

const TABLE_SIZE = 4096;
const TWO_PI = 2 * Math.PI;
const HARMONIC_COUNT = 8;

/** One period of a band-limited saw-like wave (8 harmonics, 1/h amplitudes). */
const SAW_TABLE = (() => {
  const table = new Float32Array(TABLE_SIZE + 1);
  for (let i = 0; i <= TABLE_SIZE; i++) {
    let v = 0;
    for (let h = 1; h <= HARMONIC_COUNT; h++) v += sin((2 * Math.PI * h * i) / TABLE_SIZE) / h;
    table[i] = v * 0.5;
  }
  return table;
})();

/** Frequency in Hz of a MIDI note number. */
export function convertMidiToHz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

/** Adds a pad note (detuned saw pair, slow attack, release) from startS for durationS into a channel. */
export function addPadNote(
  target: Float32Array,
  sampleRateHz: number,
  startS: number,
  durationS: number,
  frequencyHz: number,
  gain: number,
  detuneCents: number,
): void {
  const attackS = 0.12;
  const releaseS = 0.25;
  const start = round(startS * sampleRateHz);
  const length = round((durationS + releaseS) * sampleRateHz);
  const steps = [frequencyHz, frequencyHz * 2 ** (detuneCents / 1200)].map((hz) => (hz * TABLE_SIZE) / sampleRateHz);
  const [stepA, stepB] = steps;
  let phaseA = 0;
  let phaseB = TABLE_SIZE * 0.37;
  const from = max(0, start);
  const end = min(target.length, start + length);
  const attackEnd = start + attackS * sampleRateHz;
  const sustainEnd = start + durationS * sampleRateHz;
  const releaseSamples = releaseS * sampleRateHz;
  for (let i = from; i < end; i++) {
    const envelope =
      i < attackEnd
        ? (i - start) / (attackEnd - start)
        : i < sustainEnd
          ? 1
          : max(0, 1 - (i - sustainEnd) / releaseSamples);
    const ia = phaseA | 0;
    const ib = phaseB | 0;
    const v =
      SAW_TABLE[ia] +
      (SAW_TABLE[ia + 1] - SAW_TABLE[ia]) * (phaseA - ia) +
      SAW_TABLE[ib] +
      (SAW_TABLE[ib + 1] - SAW_TABLE[ib]) * (phaseB - ib);
    target[i] += gain * envelope * v;
    phaseA += stepA;
    phaseB += stepB;
    if (phaseA >= TABLE_SIZE) phaseA -= TABLE_SIZE;
    if (phaseB >= TABLE_SIZE) phaseB -= TABLE_SIZE;
  }
}

/** Adds a plucked bass note (sine + octave, exponential decay) into every target channel. */
export function addBassNote(
  targets: Float32Array[],
  sampleRateHz: number,
  startS: number,
  durationS: number,
  frequencyHz: number,
  gain: number,
): void {
  const start = round(startS * sampleRateHz);
  const end = min(targets[0].length, start + round(durationS * sampleRateHz));
  const rotation = (2 * Math.PI * frequencyHz) / sampleRateHz;
  const [cosStep, sinStep] = [cos(rotation), sin(rotation)];
  const decay = exp(-1 / (0.35 * sampleRateHz));
  const [attack, release] = [0.01 * sampleRateHz, 0.01 * sampleRateHz];
  let [re, im, level] = [1, 0, gain];
  for (let i = start; i < end; i++) {
    const n = i - start;
    const shape = min(1, n / attack, (end - i) / release);
    const value = level * shape * (im + 0.6 * re * im);
    if (i >= 0) for (const target of targets) target[i] += value;
    [re, im] = [re * cosStep - im * sinStep, re * sinStep + im * cosStep];
    level *= decay;
  }
}

/**
 * Adds a plucked chord tone (keys or guitar stab: saw with a 3-ms attack, exponential decay of `decayS`, gently
 * low-passed) into one channel.
 */
export function addPluckNote(
  target: Float32Array,
  sampleRateHz: number,
  startS: number,
  decayS: number,
  frequencyHz: number,
  gain: number,
): void {
  const start = round(startS * sampleRateHz);
  const end = min(target.length, start + round(5 * decayS * sampleRateHz));
  const step = (frequencyHz * TABLE_SIZE) / sampleRateHz;
  const attack = 0.003 * sampleRateHz;
  const decay = exp(-1 / (decayS * sampleRateHz));
  let [phase, level, smooth] = [0, gain, 0];
  for (let i = start; i < end; i++) {
    const ip = phase | 0;
    const v = SAW_TABLE[ip] + (SAW_TABLE[ip + 1] - SAW_TABLE[ip]) * (phase - ip);
    smooth += 0.35 * (v - smooth);
    if (i >= 0) target[i] += level * min(1, (i - start) / attack) * smooth;
    level *= decay;
    phase += step;
    if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
  }
}

/** Adds a bell (two-operator FM: ratio 3.5, index falling with the decay) into one channel. */
export function addBellNote(
  target: Float32Array,
  sampleRateHz: number,
  startS: number,
  decayS: number,
  frequencyHz: number,
  gain: number,
): void {
  const start = round(startS * sampleRateHz);
  const end = min(target.length, start + round(4 * decayS * sampleRateHz));
  const step = (TWO_PI * frequencyHz) / sampleRateHz;
  for (let i = max(0, start); i < end; i++) {
    const n = i - start;
    const envelope = exp(-n / sampleRateHz / decayS) * min(1, n / sampleRateHz / 0.002);
    const modulator = 2.5 * envelope * sin(3.5 * step * n);
    target[i] += gain * envelope * sin(step * n + modulator);
  }
}
