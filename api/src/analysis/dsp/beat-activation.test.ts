import { ACTIVATION_FRAME_RATE_HZ, BeatActivation, computeBeatActivation } from './beat-activation';
import { ACTIVATION_INPUT_RATE_HZ } from './beat-activation-input';

/** A kick (a falling sine, 150 → 50 Hz, 120 ms) every `periodS` and a hat (noise burst) half-way, `durationS` long. */
function kickAndHats(periodS: number, durationS: number): Float32Array {
  const rate = ACTIVATION_INPUT_RATE_HZ;
  const pcm = new Float32Array(durationS * rate);
  let seed = 7;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  for (let beat = 0; beat * periodS < durationS; beat++) {
    const kickAt = Math.round(beat * periodS * rate);
    let phase = 0;
    for (let n = 0; n < 0.12 * rate && kickAt + n < pcm.length; n++) {
      phase += (2 * Math.PI * (50 + 100 * Math.exp(-n / (0.02 * rate)))) / rate;
      pcm[kickAt + n] += 0.8 * Math.sin(phase) * Math.exp(-n / (0.04 * rate));
    }
    const hatAt = Math.round((beat + 0.5) * periodS * rate);
    for (let n = 0; n < 0.03 * rate && hatAt + n < pcm.length; n++)
      pcm[hatAt + n] += 0.15 * noise() * Math.exp(-n / (0.008 * rate));
  }
  return pcm;
}

const near = (activation: Float32Array, t: number) => {
  const frame = Math.round(t * ACTIVATION_FRAME_RATE_HZ);
  return Math.max(...activation.subarray(Math.max(0, frame - 2), frame + 3));
};

describe('the beat activation network', () => {
  it('hears the beat on the kicks of a 120-BPM groove, not on the hats half-way', () => {
    const activation = computeBeatActivation(kickAndHats(0.5, 12));
    expect(activation.length).toBe(600);
    // From the third second on: the network starts from silence.
    const beats = Array.from({ length: 18 }, (_, i) => 3 + 0.5 * i);
    const onBeats = beats.map((t) => near(activation, t));
    const halfway = beats.map((t) => near(activation, t + 0.25));
    expect(Math.min(...onBeats)).toBeGreaterThan(0.5);
    expect(Math.max(...halfway)).toBeLessThan(0.2);
  });

  it('gives the same values run in steps as in one go, so that a caller may stop early', () => {
    const pcm = kickAndHats(0.6, 6);
    const whole = computeBeatActivation(pcm);
    const run = new BeatActivation(pcm);
    for (const end of [1, 90, 91, 200, 10_000]) run.advanceTo(end);
    expect(run.computedFrames).toBe(whole.length);
    expect(Array.from(run.values)).toEqual(Array.from(whole));
  });
});
