import { createRandom, type Random } from './seeded-random';
import { normaliseToPeak } from './synthesise-track';

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { cos, exp, floor, round, sin } = Math;

export type OriginalSoundKind = 'speech-like' | 'ambient';

/** A non-musical clip ("original sound"): no beat, no tempo. */
export type OriginalSoundSpec = { seed: number; durationS: number; kind: OriginalSoundKind; sampleRateHz?: number };

/** Two-pole resonator state and coefficients for one formant. */
type Resonator = { a1: number; a2: number; gain: number; y1: number; y2: number };

/** Sets a resonator to centre frequency and bandwidth in Hz. */
function tuneResonator(resonator: Resonator, centreHz: number, bandwidthHz: number, sampleRateHz: number): void {
  const radius = exp((-Math.PI * bandwidthHz) / sampleRateHz);
  resonator.a1 = 2 * radius * cos((2 * Math.PI * centreHz) / sampleRateHz);
  resonator.a2 = -radius * radius;
  resonator.gain = 1 - radius;
}

/** Syllables of a glottal pulse train through two moving formants, with fricative bursts and pauses. */
function renderSpeechLike(out: Float32Array, sampleRateHz: number, random: Random): void {
  const formants: Resonator[] = [0, 1].map(() => ({ a1: 0, a2: 0, gain: 0, y1: 0, y2: 0 }));
  let t = round(random.between(0.2, 0.6) * sampleRateHz);
  let pitchPhase = 0;
  const basePitchHz = random.between(100, 210);
  while (t < out.length) {
    const syllableLength = round(random.between(0.12, 0.3) * sampleRateHz);
    tuneResonator(formants[0], random.between(300, 800), 90, sampleRateHz);
    tuneResonator(formants[1], random.between(900, 2300), 140, sampleRateHz);
    const burstLength = random.next() < 0.5 ? round(random.between(0.02, 0.06) * sampleRateHz) : 0;
    const pitchHz = basePitchHz * random.between(0.85, 1.2);
    for (let n = 0; n < syllableLength + burstLength && t + n < out.length; n++) {
      const i = t + n;
      if (n < burstLength) {
        out[i] += 0.15 * (random.next() * 2 - 1) * (1 - n / burstLength);
        continue;
      }
      const k = n - burstLength;
      pitchPhase += pitchHz / sampleRateHz;
      let pulse = 0;
      if (pitchPhase >= 1) [pitchPhase, pulse] = [pitchPhase - 1, 1];
      const envelope = sin((Math.PI * k) / syllableLength);
      const [f1, f2] = formants;
      const y1 = f1.gain * pulse * 20 + f1.a1 * f1.y1 + f1.a2 * f1.y2;
      const y2 = f2.gain * pulse * 20 + f2.a1 * f2.y1 + f2.a2 * f2.y2;
      f1.y2 = f1.y1;
      f1.y1 = y1;
      f2.y2 = f2.y1;
      f2.y1 = y2;
      const sample = y1 + y2;
      out[i] += envelope * sample;
    }
    t +=
      syllableLength +
      burstLength +
      round((random.next() < 0.2 ? random.between(0.3, 0.8) : random.between(0.03, 0.1)) * sampleRateHz);
  }
}

/** Wind-like low-passed noise with slow swells and occasional bird-like chirps. */
function renderAmbient(out: Float32Array, sampleRateHz: number, random: Random): void {
  let low = 0;
  const swellHz = random.between(0.05, 0.2);
  for (let i = 0; i < out.length; i++) {
    low += 0.02 * (random.next() * 2 - 1 - low);
    out[i] = 2 * low * (0.6 + 0.4 * sin((2 * Math.PI * swellHz * i) / sampleRateHz));
  }
  for (
    let start = random.between(0.5, 2) * sampleRateHz;
    start < out.length;
    start += random.between(0.7, 4) * sampleRateHz
  ) {
    const length = round(random.between(0.05, 0.15) * sampleRateHz);
    const [fromHz, toHz] = [random.between(2000, 4000), random.between(3000, 6000)];
    let phase = 0;
    for (let n = 0; n < length && start + n < out.length; n++) {
      phase += (2 * Math.PI * (fromHz + ((toHz - fromHz) * n) / length)) / sampleRateHz;
      out[floor(start) + n] += 0.2 * sin(phase) * sin((Math.PI * n) / length);
    }
  }
}

/** Renders a stereo original-sound clip (same signal in both channels, slight level difference). */
export function synthesiseOriginalSound(spec: OriginalSoundSpec): {
  sampleRateHz: number;
  durationS: number;
  channels: Float32Array[];
} {
  const sampleRateHz = spec.sampleRateHz ?? 44100;
  const random = createRandom(spec.seed);
  const mono = new Float32Array(round(spec.durationS * sampleRateHz));
  if (spec.kind === 'speech-like') renderSpeechLike(mono, sampleRateHz, random);
  else renderAmbient(mono, sampleRateHz, random);
  const channels = [mono, Float32Array.from(mono, (v) => v * 0.9)];
  normaliseToPeak([channels], 0.8);
  return { sampleRateHz, durationS: mono.length / sampleRateHz, channels };
}
