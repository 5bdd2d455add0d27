// Cues from drum roles for the metrical level and the beat phase: the snare backbeat falls on 2 and 4, and in swing
// the beat is followed by the long part of the long-short pair.

/** Largest position (fraction of the beat) of the early onset that marks a grid on swung off-beats. */
const SWING_EARLY_MAX = 0.46;
/** That onset must reach this share of the grid points' own onset strength. */
const SWING_PEAK_SHARE = 0.5;
/** ... and what lies half-way must stay below this share of it. */
const SWING_HALFWAY_SHARE = 0.5;

// Local bindings: Math property look-ups are slow inside the test sandbox.
const { abs, max, min, round } = Math;

/** Largest value of `signal` within ±2 frames of `frame`. */
export function peakNear(signal: Float32Array, frame: number): number {
  let peak = 0;
  for (let i = max(0, frame - 2); i <= min(signal.length - 1, frame + 2); i++) peak = max(peak, signal[i]);
  return peak;
}

/** Mean of `signal`'s peaks (peakNear) at `frames`. */
export function meanPeakAt(signal: Float32Array, frames: number[]): number {
  return frames.reduce((sum, f) => sum + peakNear(signal, f), 0) / max(1, frames.length);
}

/** The points half-way between consecutive beats. */
export function halfwayPoints(beatFrames: number[]): number[] {
  return beatFrames.slice(1).map((frame, i) => round((frame + beatFrames[i]) / 2));
}

/** Values of `signal` at each grid point moved on by `phase` (0..1) of the interval to the next. */
function sampleGrid(signal: Float32Array, beatFrames: number[], phase: number): number[] {
  const values: number[] = [];
  for (let i = 0; i + 1 < beatFrames.length; i++)
    values.push(peakNear(signal, round(beatFrames[i] + phase * (beatFrames[i + 1] - beatFrames[i]))));
  return values;
}

/** Mean of a signal (at least a tiny positive value). */
export function meanOf(signal: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < signal.length; i++) sum += signal[i];
  return max(1e-9, sum / max(1, signal.length));
}

/** Snare-band minus kick-band onsets at the grid, alternating from beat to beat, relative to both together. */
function measureRoleAlternation(snare: number[], kick: number[]): number {
  const sums = [0, 0];
  const counts = [1e-9, 1e-9];
  let total = 1e-9;
  snare.forEach((s, i) => {
    sums[i % 2] += s - kick[i];
    counts[i % 2]++;
    total += s + kick[i];
  });
  return abs(sums[0] / counts[0] - sums[1] / counts[1]) / (total / snare.length);
}

/**
 * Backbeat of a beat grid: how clearly snare-band hits and kick-band hits (KICK_MAX_HZ) alternate from beat to beat, on
 * the beats or half-way between them, whichever alternates more. Both signals are scaled to unit mean over the track.
 * 0 = no alternation; about 1 or more for kick on 1 and 3, snare on 2 and 4. A kick on 1 with nothing on 3 also
 * alternates, so this tells levels apart only together with the off-beat ratios (see BACKBEAT_HOLD).
 */
export function measureBackbeat(snare: Float32Array, kick: Float32Array, beatFrames: number[]): number {
  const [snareScale, kickScale] = [1 / meanOf(snare), 1 / meanOf(kick)];
  const at = (phase: number) =>
    measureRoleAlternation(
      sampleGrid(snare, beatFrames, phase).map((v) => v * snareScale),
      sampleGrid(kick, beatFrames, phase).map((v) => v * kickScale),
    );
  return max(at(0), at(0.5));
}

/** Mean onset profile across the beat, `bins` values from the beat (bin 0) to just before the next. */
function measureBeatProfile(envelope: Float32Array, beatFrames: number[], bins: number): Float64Array {
  const profile = new Float64Array(bins);
  for (let i = 0; i + 1 < beatFrames.length; i++) {
    const [from, period] = [beatFrames[i], beatFrames[i + 1] - beatFrames[i]];
    for (let b = 0; b < bins; b++) profile[b] += envelope[round(from + (b * period) / bins)] ?? 0;
  }
  return profile;
}

/** Bins of the beat profile the off-beat is looked for in. */
const PROFILE_BINS = 50;

/** The beat profile and the bin (0.3–0.7 of the beat) of its strongest onsets between the grid points. */
function findStrongestOffbeat(envelope: Float32Array, beatFrames: number[]): { profile: Float64Array; best: number } {
  const profile = measureBeatProfile(envelope, beatFrames, PROFILE_BINS);
  let best = round(0.3 * PROFILE_BINS);
  for (let b = best; b <= round(0.7 * PROFILE_BINS); b++) if (profile[b] > profile[best]) best = b;
  return { profile, best };
}

/**
 * Fraction of the beat (0.3–0.46) to move a grid by when it sits on the late off-beats of swung music: the strongest
 * onsets between grid points come early after each point and little lies half-way, so each grid point is followed by
 * the short part of a long-short pair and the beat is the onset after it. 0 when the grid is not on swung off-beats.
 */
export function findSwingOffset(envelope: Float32Array, beatFrames: number[]): number {
  const { profile, best } = findStrongestOffbeat(envelope, beatFrames);
  const fraction = best / PROFILE_BINS;
  const half = PROFILE_BINS / 2;
  const halfway = max(profile[half - 1], profile[half], profile[half + 1]);
  const isEarlyPeak = fraction <= SWING_EARLY_MAX && profile[best] >= SWING_PEAK_SHARE * profile[0];
  return isEarlyPeak && halfway < SWING_HALFWAY_SHARE * profile[best] ? fraction : 0;
}

/** Position (fraction of the beat, 0.3–0.7) of the strongest onsets between the grid points of `beatFrames`. */
export function findOffbeatPosition(envelope: Float32Array, beatFrames: number[]): number {
  return findStrongestOffbeat(envelope, beatFrames).best / PROFILE_BINS;
}
