import type { TrackSpec } from './synthesise-track';

export type EvaluationCategory = 'steady' | 'swing' | 'drift' | 'syncopation' | 'quiet-intro' | 'noise';

/** One synthesised evaluation track: a name, its category and what to render. */
export type EvaluationTrack = { name: string; category: EvaluationCategory; spec: TrackSpec };

const STEADY_BPM = [60, 72, 85, 97, 110, 120, 128, 140, 160, 180];

/** The ≥30-track beat-tracking set: tempi 60–180 BPM, swing, drift, syncopation, quiet intros, noise. */
export function buildEvaluationSet(durationS = 30): EvaluationTrack[] {
  const tracks: EvaluationTrack[] = [];
  const add = (category: EvaluationCategory, name: string, spec: Omit<TrackSpec, 'seed' | 'durationS'>) =>
    tracks.push({ name, category, spec: { seed: 1000 + tracks.length * 7919, durationS, ...spec } });
  STEADY_BPM.forEach((bpm, i) =>
    add('steady', `steady-${bpm}`, {
      tempoBpm: bpm,
      pattern: i % 3 === 2 ? 'four-on-floor' : 'backbeat',
      humanizeMs: i % 2 ? 8 : 0,
    }),
  );
  [
    [90, 0.62],
    [108, 0.66],
    [132, 0.6],
    [150, 0.64],
  ].forEach(([bpm, swing]) => add('swing', `swing-${bpm}`, { tempoBpm: bpm, swingRatio: swing, humanizeMs: 5 }));
  [
    [100, 112],
    [130, 118],
    [84, 93],
    [150, 138],
  ].forEach(([from, to]) => add('drift', `drift-${from}-${to}`, { tempoBpm: from, endTempoBpm: to }));
  [95, 105, 126, 170].forEach((bpm) =>
    add('syncopation', `syncopated-${bpm}`, { tempoBpm: bpm, pattern: 'syncopated' }),
  );
  [
    [70, 9],
    [100, 8],
    [135, 10],
    [165, 7],
  ].forEach(([bpm, introS]) => add('quiet-intro', `intro-${bpm}`, { tempoBpm: bpm, quietIntroS: introS }));
  [
    [80, -6],
    [115, -3],
    [145, -6],
    [175, -9],
  ].forEach(([bpm, noiseDb]) =>
    add('noise', `noise-${bpm}`, { tempoBpm: bpm, noiseDb, pattern: bpm > 140 ? 'four-on-floor' : 'backbeat' }),
  );
  return tracks;
}
