import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { scoreBeatFMeasure } from '../dev/eval/beat-f-measure';
import { buildEvaluationSet } from '../dev/synth/evaluation-set';
import { type SynthesisedTrack, synthesiseTrack } from '../dev/synth/synthesise-track';
import { BeatActivation } from './beat-activation';
import { LEVEL_TUNING, trackBeats, trackFileBeats } from './beat-tracker';
import { isFfmpegAvailable } from './decode-audio';
import { downmixToMono } from './downmix';
import { encodeAudio } from './encode-audio';

/** The tuning half's tracks the network's phase rule was chosen on: kicks on the grid's points mislead the rules. */
const tuningTrack = (name: string) => {
  const item = buildEvaluationSet('tuning', 30).find((t) => t.name === name);
  if (!item) throw new Error(`no tuning track ${name}`);
  const track = synthesiseTrack(item.spec);
  return { track, mono: downmixToMono(track.channels) };
};

/** A track as the catalog holds it, in an MP3 file in a scratch folder; `read` reads it. */
async function withTrackAsMp3<T>(track: SynthesisedTrack, read: (path: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'network-phase-'));
  try {
    const path = join(dir, 'track.mp3');
    writeFileSync(path, await encodeAudio(track.channels, track.sampleRateHz, 'mp3'));
    return await read(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the beat network against the grid', () => {
  it.each(['kick-and-of-2-105', 'syncopated-dark-88'])(
    'moves %s half a beat, onto the backbeat the network hears, where kicks on the grid misled the rules',
    (name) => {
      const { track, mono } = tuningTrack(name);
      const without = trackBeats(mono, track.sampleRateHz, { ...LEVEL_TUNING, networkPhase: false });
      const withNetwork = trackBeats(mono, track.sampleRateHz);
      expect(scoreBeatFMeasure(track.beatsS, without.beatsS)).toBeLessThan(0.2);
      expect(scoreBeatFMeasure(track.beatsS, withNetwork.beatsS)).toBeGreaterThan(0.95);
      expect(withNetwork.tempoBpm).toBeCloseTo(without.tempoBpm, 0);
    },
  );

  // trackFileBeats through ffmpeg, the route of catalog MP3s; the in-process decoder's low-pass gives other onsets.
  const withFfmpeg = isFfmpegAvailable() ? it.each : it.skip.each;
  withFfmpeg(['and-kick-faint-snare-108', 'jazz-bombs-139'])(
    'moves %s through MP3 half a beat, where the network is less sure and kicks do not mark every beat alone',
    async (name) => {
      const { track } = tuningTrack(name);
      const [without, withNetwork] = await withTrackAsMp3(track, async (path) => [
        await trackFileBeats(path, { tuning: { ...LEVEL_TUNING, networkPhase: false } }),
        await trackFileBeats(path),
      ]);
      expect(scoreBeatFMeasure(track.beatsS, without.beatsS)).toBeLessThan(0.2);
      expect(scoreBeatFMeasure(track.beatsS, withNetwork.beatsS)).toBeGreaterThan(0.95);
    },
  );

  it('stops reading a ballad the probe did not settle once its beats to come could no longer move the grid', () => {
    const { track, mono } = tuningTrack('ballad-58');
    const original = BeatActivation.prototype.advanceTo;
    const runs = new Set<BeatActivation>();
    jest.spyOn(BeatActivation.prototype, 'advanceTo').mockImplementation(function (this: BeatActivation, end: number) {
      runs.add(this);
      original.call(this, end);
    });
    const beatsS = trackBeats(mono, track.sampleRateHz).beatsS;
    jest.restoreAllMocks();
    expect(runs.size).toBe(1);
    const [run] = runs;
    // Past the 4-s probe (200 frames at 50 a second), short of the 30-s excerpt.
    expect(run.computedFrames).toBeGreaterThan(250);
    expect(run.computedFrames).toBeLessThan(run.values.length);
    expect(scoreBeatFMeasure(track.beatsS, beatsS)).toBeGreaterThan(0.95);
  });

  it('leaves the grid of kicks on every "and" under a soft snare, which the network alone would move onto the kicks', () => {
    const { track, mono } = tuningTrack('and-kick-soft-snare-118');
    expect(scoreBeatFMeasure(track.beatsS, trackBeats(mono, track.sampleRateHz).beatsS)).toBeGreaterThan(0.95);
  });
});
