import { isTempoCorrect, matchEvents, measureMedianTimingErrorMs, scoreBeatFMeasure } from '../dev/eval/beat-f-measure';
import { buildEvaluationSet } from '../dev/synth/evaluation-set';
import { createRandom } from '../dev/synth/seeded-random';
import { synthesiseTrack, type TrackSpec } from '../dev/synth/synthesise-track';
import { LEVEL_TUNING, TAPPABLE_BPM, trackBeats } from './beat-tracker';
import { downmixToMono } from './downmix';

const analyse = (spec: TrackSpec) => {
  const track = synthesiseTrack(spec);
  return { track, analysis: trackBeats(downmixToMono(track.channels), track.sampleRateHz) };
};

/** The listener's tempo (within 4 %) and beats in phase: F of at least 0.9 (±70 ms, after the first 5 s). */
const expectTempoAndBeats = (spec: TrackSpec) => {
  const { track, analysis } = analyse(spec);
  expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
  expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.9);
  return { track, analysis };
};

/**
 * Every fifth held-out track of the 25 first recipes (10 of 50, one per recipe pair), 25 s each: never used to
 * choose a constant. The later, harder recipes are measured by the bench.
 */
const HELD_OUT_SUBSET = buildEvaluationSet('held-out', 25)
  .slice(0, 50)
  .filter((_, i) => i % 5 === 0);

describe('trackBeats on held-out synthesised music', () => {
  const results = HELD_OUT_SUBSET.map((item) => ({ item, ...analyse(item.spec) }));

  it('keeps a mean beat F-measure above 0.93 (measured 0.959) and the true tempo among the variants', () => {
    const scores = results.map(({ track, analysis }) => scoreBeatFMeasure(track.beatsS, analysis.beatsS));
    expect(scores.reduce((a, b) => a + b, 0) / scores.length).toBeGreaterThanOrEqual(0.93);
    for (const { track, analysis } of results)
      expect(analysis.variants.some((v) => isTempoCorrect(track.tempoBpm, v.bpm, 0.08))).toBe(true);
  });

  it('is neither early nor late: median timing error within ±8 ms where the level is right', () => {
    for (const { track, analysis } of results)
      if (isTempoCorrect(track.tempoBpm, analysis.tempoBpm, 0.08))
        expect(Math.abs(measureMedianTimingErrorMs(track.beatsS, analysis.beatsS))).toBeLessThanOrEqual(8);
  });

  it('returns ranked variants, each with ascending 2-decimal beats, and the others as alternatives', () => {
    for (const { track, analysis } of results) {
      const [chosen, ...others] = analysis.variants;
      expect(chosen.factor).toBe(1);
      expect(chosen.bpm).toBe(analysis.tempoBpm);
      // The tempo shown is the beats' own (BEATS_OWN_TEMPO).
      const intervals = analysis.beatsS
        .slice(1)
        .map((t, i) => t - analysis.beatsS[i])
        .sort((a, b) => a - b);
      expect(Math.abs(60 / intervals[intervals.length >> 1] / chosen.bpm - 1)).toBeLessThanOrEqual(0.05);
      expect(chosen.beatsS).toEqual(analysis.beatsS);
      expect(analysis.tempoAlternativesBpm).toEqual(others.map((v) => v.bpm));
      const tappable = [0.5, 2].filter((f) => chosen.bpm * f >= TAPPABLE_BPM[0] && chosen.bpm * f <= TAPPABLE_BPM[1]);
      expect(others.map((v) => v.factor)).toEqual(expect.arrayContaining(tappable));
      others.forEach((v, i) => i > 0 && expect(v.confidence).toBeLessThanOrEqual(others[i - 1].confidence));
      for (const variant of analysis.variants) {
        expect(variant.confidence).toBeGreaterThanOrEqual(0);
        expect(variant.confidence).toBeLessThanOrEqual(1);
        expect(Math.abs(variant.bpm - chosen.bpm * variant.factor)).toBeLessThan(0.01 * variant.bpm);
        for (const list of [variant.beatsS, analysis.onsetsS])
          list.forEach((t, i) => {
            expect(Math.round(t * 100) / 100).toBe(t);
            if (i > 0) expect(t).toBeGreaterThan(list[i - 1]);
            expect(t).toBeLessThanOrEqual(track.durationS);
          });
      }
    }
  });
});

describe('metrical level decision', () => {
  it('tracks kick on 1 and 3, snare on 2 and 4 under loud sixteenth hats at the kick/snare pulse', () => {
    for (const [seed, tempoBpm] of [
      [501, 84],
      [502, 97],
    ]) {
      const { track, analysis } = analyse({ seed, durationS: 20, tempoBpm, pattern: 'sixteenths', hatGainDb: 9 });
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThan(0.9);
    }
  });

  it('takes a slow backbeat under busy hats at the backbeat, not the hat rate', () => {
    const { track, analysis } = analyse({ seed: 503, durationS: 20, tempoBpm: 70, pattern: 'half-time' });
    expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
  });

  it('takes a slow ballad (brushes, plucked eighths) at its backbeat, not at the eighths (SLOWER_BACKBEAT_RATIO)', () => {
    // Both were tracked at double tempo (114 BPM, F 0.65-0.67) before the slower backbeat could take the level.
    for (const seed of [1302, 1303])
      expectTempoAndBeats({
        seed,
        durationS: 20,
        tempoBpm: 57,
        pattern: 'ballad',
        kitTone: 'brush',
        drumGainDb: -5,
        arpeggio: { stepBeats: 0.5, voice: 'pluck', gainDb: 2 },
        reverbWet: 0.2,
        humanizeMs: 8,
      });
  });

  it('takes a fast backbeat with hats on the beat at the fast pulse and offers half', () => {
    const { track, analysis } = analyse({ seed: 504, durationS: 20, tempoBpm: 172, pattern: 'double-time' });
    expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
    expect(analysis.variants.find((v) => v.factor === 0.5)?.bpm).toBeCloseTo(analysis.tempoBpm / 2, 1);
  });

  it('keeps a 100-BPM skank (keys on every "and") at its beat, not at the 50 BPM its weak off-beats suggest', () => {
    const { track, analysis } = analyse({
      seed: 4101,
      durationS: 20,
      tempoBpm: 100,
      pattern: 'skank',
      kitTone: 'classic',
      hatGainDb: 7,
      stabPositions: [0.5, 1.5, 2.5, 3.5],
      stabGainDb: 5,
      bassPositions: [0, 0.75, 2, 2.5],
    });
    expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
    expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThan(0.9);
  });

  it('offers a triple-feel variant for a waltz', () => {
    const { track, analysis } = analyse({ seed: 505, durationS: 20, tempoBpm: 120, pattern: 'waltz' });
    expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
    expect(analysis.variants.map((v) => v.factor)).toEqual(expect.arrayContaining([0.67, 1.5]));
  });

  it('finds onsets at the drum hits', () => {
    const { track, analysis } = analyse({ seed: 506, durationS: 10, tempoBpm: 100 });
    const beats = track.beatsS.filter((t) => t > 1 && t < 9);
    const near = beats.filter((b) => analysis.onsetsS.some((o) => Math.abs(o - b) < 0.03));
    expect(near.length).toBeGreaterThanOrEqual(beats.length - 1);
  });

  it('finds no beats in silence', () => {
    const analysis = trackBeats(new Float32Array(44100 * 5), 44100);
    expect(analysis.beatsS).toEqual([]);
    expect(analysis.onsetsS).toEqual([]);
  });

  it('works at 48 kHz and 22.05 kHz', () => {
    for (const sampleRateHz of [48000, 22050]) {
      const track = synthesiseTrack({ seed: 77, durationS: 20, tempoBpm: 104, sampleRateHz });
      expect(
        scoreBeatFMeasure(track.beatsS, trackBeats(downmixToMono(track.channels), sampleRateHz).beatsS),
      ).toBeGreaterThan(0.9);
    }
  });
});

describe('grooves that pull a tracker off the pulse', () => {
  it('keeps a shuffle (off-beat eighths at 55 % and 66 % of the beat) at the quarter note, on the beat', () => {
    expectTempoAndBeats({ seed: 611, durationS: 20, tempoBpm: 96, swingRatio: 0.55, humanizeMs: 5 });
    expectTempoAndBeats({ seed: 612, durationS: 20, tempoBpm: 104, swingRatio: 0.66, kitTone: 'deep', hatGainDb: 6 });
  });

  it('puts the beat on the snare backbeat, not on kicks that land on every "and"', () => {
    expectTempoAndBeats({ seed: 621, durationS: 20, tempoBpm: 108, pattern: 'offbeat-kick', humanizeMs: 4 });
  });

  it('puts the beat on a four-on-the-floor kick under off-beat bass and open hats', () => {
    expectTempoAndBeats({
      seed: 631,
      durationS: 20,
      tempoBpm: 124,
      pattern: 'four-on-floor',
      kitTone: 'deep',
      offbeatBass: true,
    });
  });

  it('keeps the beat through a pads-only intro before the drums come in', () => {
    const { track, analysis } = expectTempoAndBeats({
      seed: 641,
      durationS: 24,
      tempoBpm: 112,
      drumlessIntroS: 11,
      padGainDb: 4,
    });
    const intro = track.beatsS.filter((t) => t >= 1 && t < 10);
    const found = matchEvents(intro, analysis.beatsS, 0.07).length;
    expect(found).toBeGreaterThanOrEqual(intro.length - 1);
  });

  it("offers only tempi a listener can tap, the listener's among them", () => {
    for (const [seed, tempoBpm, pattern] of [
      [651, 150, 'backbeat'],
      [652, 58, 'ballad'],
      [653, 176, 'four-on-floor'],
    ] as const) {
      const { track, analysis } = analyse({ seed, durationS: 20, tempoBpm, pattern });
      for (const variant of analysis.variants) {
        expect(variant.bpm).toBeGreaterThanOrEqual(TAPPABLE_BPM[0]);
        expect(variant.bpm).toBeLessThanOrEqual(TAPPABLE_BPM[1]);
      }
      expect(analysis.variants.some((v) => isTempoCorrect(track.tempoBpm, v.bpm))).toBe(true);
    }
  });
});

describe('swing, syncopated kicks and sparse intros with other sounds', () => {
  it('puts the beat of a shuffle on the beat, not on the late off-beat where boogie bass and keys push', () => {
    for (const [seed, tempoBpm, swingRatio] of [
      [952, 92, 0.66],
      [972, 112, 0.62],
    ])
      expectTempoAndBeats({
        seed,
        durationS: 20,
        tempoBpm,
        pattern: 'shuffle',
        swingRatio,
        kitTone: 'boom',
        bassPositions: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5],
        bassWalk: true,
        stabPositions: [1.5, 3.5],
        stabGainDb: 4,
      });
  });

  it('keeps kicks and open hats on every "and" at the snare-backbeat level, not at half of it', () => {
    for (const [seed, tempoBpm] of [
      [821, 102],
      [823, 110],
    ])
      expectTempoAndBeats({ seed, durationS: 20, tempoBpm, pattern: 'offbeat-kick-open', kitTone: 'clap' });
  });

  it('puts the beat on a rim click on 2 and 4, not on kicks that land on every "and"', () => {
    for (const [seed, tempoBpm, kitTone] of [
      [941, 102, 'classic'],
      [943, 110, 'classic'],
    ] as const)
      expectTempoAndBeats({ seed, durationS: 20, tempoBpm, pattern: 'offbeat-kick-rim', kitTone });
  });

  it('keeps a groove whose kick is pushed to the "and" of 4 at its backbeat, not at half of it', () => {
    expectTempoAndBeats({
      seed: 843,
      durationS: 20,
      tempoBpm: 98,
      pattern: 'anticipation',
      kitTone: 'boom',
      bassPositions: [1.5, 3.5],
      anticipateChords: true,
      stabPositions: [3.5],
    });
  });

  it('puts the beat on a four-on-the-floor kick under loud off-beat bass, open hats and pumping pads', () => {
    for (const [seed, tempoBpm] of [
      [901, 118],
      [904, 124],
    ])
      expectTempoAndBeats({
        seed,
        durationS: 20,
        tempoBpm,
        pattern: 'four-on-floor',
        kitTone: 'deep',
        offbeatBass: true,
        bassGainDb: 8,
        hatGainDb: 7,
        pumpPads: true,
        padGainDb: 8,
      });
  });

  it('keeps level and phase through a pads-and-bells intro before kicks on every "and" come in', () => {
    const { track, analysis } = expectTempoAndBeats({
      seed: 731,
      durationS: 24,
      tempoBpm: 102,
      pattern: 'offbeat-kick-open',
      kitTone: 'clap',
      drumlessIntroS: 9,
      arpeggio: { stepBeats: 1, voice: 'bell', gainDb: -6 },
      padGainDb: 4,
    });
    const intro = track.beatsS.filter((t) => t >= 1 && t < 8.5);
    expect(matchEvents(intro, analysis.beatsS, 0.07).length).toBeGreaterThanOrEqual(intro.length - 1);
  });

  it('keeps a slow blues shuffle (60-64 BPM, a kick tuned up, walking eighths) at the quarter note, on the beat', () => {
    // Without the move off swung off-beats (LEVEL_TUNING.swingShift) the 60-BPM groove, whose hat plays only the late
    // off-beat, is tracked half a beat off (F 0).
    for (const [seed, tempoBpm, pattern, swingRatio] of [
      [1201, 64, 'shuffle', 0.66],
      [1203, 60, 'swing-offbeat-hat', 0.64],
    ] as const)
      expectTempoAndBeats({
        seed,
        durationS: 20,
        tempoBpm,
        pattern,
        swingRatio,
        kitTone: 'tight',
        bassPositions: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5],
        bassWalk: true,
        humanizeMs: 6,
      });
  });

  it('keeps a loose slow shuffle on the beat all through, where the beat chain slips onto the late off-beats midway', () => {
    for (const [seed, tempoBpm] of [
      [6107, 72],
      [6107, 78],
    ]) {
      const { track, analysis } = analyse({
        seed,
        durationS: 30,
        tempoBpm,
        pattern: 'shuffle',
        swingRatio: 0.61,
        kitTone: 'classic',
        snareGainDb: -2,
        hatGainDb: 1.5,
        bassPositions: [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5],
        bassWalk: true,
        humanizeMs: 10,
      });
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.95);
    }
  });
});

describe('a soft snare on 2 and 4: kicks on the "and", and a shuffle under loud hats', () => {
  it('puts the beat on a snare 4 dB down, not on kicks on most "and"s under eighth hats', () => {
    const spec: TrackSpec = {
      seed: 1306,
      durationS: 20,
      tempoBpm: 120,
      pattern: 'and-kick',
      kitTone: 'garage',
      snareGainDb: -4,
    };
    const { track, analysis } = analyse(spec);
    expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
    expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps the beat where the snare backbeat moved it, not back on kicks on every "and" (dark kit, loud hats)', () => {
    const spec: TrackSpec = {
      seed: 1601,
      durationS: 20,
      tempoBpm: 91,
      pattern: 'offbeat-kick',
      kitTone: 'dark',
      hatGainDb: 6.5,
      kickGainDb: -1,
    };
    const { track, analysis } = analyse(spec);
    expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
    expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.9);
  });

  it('puts the beat on a snare 11 dB down between kicks and open hats on every "and", which fill the grid', () => {
    const spec: TrackSpec = {
      seed: 2203,
      durationS: 20,
      tempoBpm: 118,
      pattern: 'offbeat-kick-open',
      kitTone: 'dark',
      kickGainDb: 3,
      snareGainDb: -11,
      hatGainDb: 8,
    };
    const { track, analysis } = analyse(spec);
    expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
    expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.9);
    // The kick-grid rule is what moves it: without it the beats sit on the kicks.
    const without = trackBeats(downmixToMono(track.channels), track.sampleRateHz, {
      ...LEVEL_TUNING,
      kickGridShift: undefined,
    });
    expect(scoreBeatFMeasure(track.beatsS, without.beatsS)).toBeLessThan(0.1);
  });

  it('keeps the beat on a snare 14 dB down under loud hats, not on kicks on most "and"s (boom kit, bass on the beats)', () => {
    for (const [seed, tempoBpm] of [
      [3103, 112],
      [3104, 118],
    ]) {
      const { track, analysis } = analyse({
        seed,
        durationS: 20,
        tempoBpm,
        pattern: 'and-kick',
        kitTone: 'boom',
        snareGainDb: -14,
        hatGainDb: 5,
        bassPositions: [0, 1, 2, 3],
        humanizeMs: 5,
      });
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('puts the beat on a snare whose hits no kick sounds with, not on kicks on the "and" of 1 and 3 whose clicks are louder', () => {
    const specs: TrackSpec[] = [
      { seed: 4102, durationS: 20, tempoBpm: 104, kitTone: 'garage', kickGainDb: 3, snareGainDb: -7, humanizeMs: 3 },
      {
        seed: 4105,
        durationS: 20,
        tempoBpm: 124,
        kitTone: 'lofi',
        kickGainDb: 5.5,
        snareGainDb: -3.5,
        hatGainDb: -2,
        bassPositions: [0, 0.75, 1.5, 2.5],
        humanizeMs: 6,
      },
    ];
    for (const spec of specs) {
      const { track, analysis } = analyse({ ...spec, pattern: 'and-kick-bare' });
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('puts the beat on a snare 8 dB down that stands out only below the hats, not on kicks on most "and"s (lo-fi kit)', () => {
    const { track, analysis } = analyse({
      seed: 5303,
      durationS: 20,
      tempoBpm: 118,
      pattern: 'and-kick',
      kitTone: 'lofi',
      kickGainDb: 2.8,
      snareGainDb: -7.9,
      hatGainDb: 3.4,
      bassPositions: [0.5, 1.5, 2.5, 3.5],
      humanizeMs: 3.9,
    });
    expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
    expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps a shuffle under loud hats and a very soft kit on the beat, though a kick on the "and" of 3 alternates', () => {
    const spec: TrackSpec = {
      seed: 50005,
      durationS: 20,
      tempoBpm: 124,
      pattern: 'shuffle',
      swingRatio: 0.586,
      kitTone: 'classic',
      hatGainDb: 8.53,
      kickGainDb: -6.5,
      snareGainDb: -11.44,
      humanizeMs: 2.17,
    };
    const { track, analysis } = analyse(spec);
    expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
    expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('drums only on the downbeat under pads', () => {
  it('keeps the quarter-note level and phase of a kick on 1 of each bar, from the start and after a pads-only intro', () => {
    for (const spec of [
      { seed: 1501, durationS: 20, tempoBpm: 108, pattern: 'downbeat', padGainDb: 6 },
      { seed: 1502, durationS: 20, tempoBpm: 100, pattern: 'downbeat', padGainDb: 6, kitTone: 'dark' },
      { seed: 1503, durationS: 24, tempoBpm: 104, pattern: 'downbeat', padGainDb: 6, drumlessIntroS: 8 },
    ] satisfies TrackSpec[]) {
      const { track, analysis } = analyse(spec);
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('takes a quarter of the bar when only the bar is marked: a kick on most downbeats, no hats, under loud pads and reverb', () => {
    // Without the bar's pulse (BAR_PULSE) the tempo prior picked 112, 85 and 176 BPM here (F 0.20-0.33).
    for (const [seed, tempoBpm, kitTone] of [
      [1301, 96, 'dark'],
      [1302, 66, 'brush'],
      [1303, 72, 'dark'],
    ] as const) {
      const { track, analysis } = analyse({
        seed,
        durationS: 24,
        tempoBpm,
        pattern: 'downbeat-sparse',
        kitTone,
        drumGainDb: -6,
        padGainDb: 8,
        reverbWet: 0.3,
      });
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('keeps the beats after the last kick on the grid, where nothing marks them', () => {
    // Before the grid was carried on past the last marked beat (END_MARKED_BEATS), 3 of 7 and 7 of 8 matched here.
    for (const [seed, tempoBpm] of [
      [1405, 72],
      [1407, 84],
    ]) {
      const { track, analysis } = analyse({
        seed,
        durationS: 24,
        tempoBpm,
        pattern: 'downbeat',
        padGainDb: 6,
        reverbWet: 0.2,
      });
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      const tail = track.beatsS.filter((t) => t > 18);
      expect(matchEvents(tail, analysis.beatsS, 0.07)).toHaveLength(tail.length);
    }
  });
});

describe('an autocorrelation peak at a period no one taps', () => {
  it('gives way to the beat: claps on 2 and 4 over kicks on every "and", and a kick on 1 of each bar under pads and a plucked arpeggio', () => {
    for (const spec of [
      {
        seed: 610763,
        durationS: 30,
        tempoBpm: 110.8,
        hatGainDb: -2,
        pattern: 'offbeat-kick',
        kitTone: 'clap',
        humanizeMs: 2.58,
      },
      {
        seed: 745386,
        durationS: 30,
        tempoBpm: 81.4,
        hatGainDb: 2,
        pattern: 'downbeat-sparse',
        kitTone: 'classic',
        padGainDb: 5.72,
        reverbWet: 0.19,
        arpeggio: { stepBeats: 1, voice: 'pluck', gainDb: -2.48 },
      },
    ] satisfies TrackSpec[]) {
      const { track, analysis } = analyse(spec);
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.9);
    }
  });
});

describe('a pulse slower than anyone taps', () => {
  it('is taken an octave up below SLOWEST_CHOSEN_BPM: a half-time snare groove at 97 BPM, not its half bar at 48.5', () => {
    expectTempoAndBeats({
      seed: 1503,
      durationS: 20,
      tempoBpm: 97,
      pattern: 'half-time-snare',
      kitTone: 'tight',
      snareGainDb: -4,
      hatGainDb: -2.5,
      bassPositions: [0, 1.5, 2.75],
      humanizeMs: 1.5,
    });
  });

  it('is taken an octave up: the chosen tempo and every variant can be tapped (a kick on 1 of some bars, under pads)', () => {
    const { track, analysis } = analyse({
      seed: 8037392,
      durationS: 30,
      tempoBpm: 79.4,
      pattern: 'downbeat-sparse',
      kitTone: 'dark',
      drumGainDb: -8.14,
      padGainDb: 6.78,
      reverbWet: 0.32,
    });
    expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
    for (const variant of analysis.variants) {
      expect(variant.bpm).toBeGreaterThanOrEqual(TAPPABLE_BPM[0]);
      expect(variant.bpm).toBeLessThanOrEqual(TAPPABLE_BPM[1]);
    }
  });
});

describe('a slow level whose double carries as clear a backbeat (SLOW_LEVEL_BACKBEAT)', () => {
  // Grooves of the study draw (tuning data): the rule was chosen on them and the tuning halves.
  const STUDY = buildEvaluationSet('study', 30);

  it('takes a groove at 110 BPM at its beat, not at the 55-BPM half bar that marks it as clearly, and offers the half', () => {
    // Before the rule: 54.9 BPM, F 0.68.
    const { track, analysis } = expectTempoAndBeats(STUDY.find((t) => t.name === 'late-downbeat-110')!.spec);
    expect(analysis.variants.some((v) => isTempoCorrect(track.tempoBpm / 2, v.bpm))).toBe(true);
  });

  it('keeps ballads at 59 BPM at their own tempo, one of them with a backbeat at double 0.88 times as clear', () => {
    const ballads = STUDY.filter((t) => t.name === 'ballad-dark-59');
    expect(ballads).toHaveLength(3);
    for (const { spec } of ballads) expectTempoAndBeats(spec);
  });
});

describe('a long intro without drums', () => {
  it('keeps every beat of a 14-s pads-and-bells intro on the grid the drums set when they come in', () => {
    // With the period rounded to whole frames (before EXTEND_INTERVALS) 11 of 20 and 5 of 24 of these beats matched.
    for (const [seed, tempoBpm] of [
      [1601, 100.4],
      [1606, 121.6],
    ]) {
      const { track, analysis } = analyse({
        seed,
        durationS: 28,
        tempoBpm,
        pattern: 'backbeat',
        drumlessIntroS: 14,
        padGainDb: 4,
        arpeggio: { stepBeats: 1, voice: 'bell', gainDb: -6 },
      });
      const intro = track.beatsS.filter((t) => t >= 1 && t < 13);
      expect(matchEvents(intro, analysis.beatsS, 0.07)).toHaveLength(intro.length);
    }
  });

  it("keeps the beats of a 12-s intro of loud pads on the grid of a kick on 1, not on the pads' chord changes", () => {
    const { track, analysis } = analyse({
      seed: 5103,
      durationS: 24,
      tempoBpm: 84,
      pattern: 'downbeat-sparse',
      kitTone: 'classic',
      drumlessIntroS: 12,
      padGainDb: 9,
      hatGainDb: -1,
    });
    expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
    expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.95);
  });
});

describe('a funk groove: kick figures off the beat, sixteenth hats, keys on the "e" and "a"', () => {
  it('keeps the beat chain on the beat and at its level, not slipping onto the kicks for a few beats', () => {
    // With librosa's transition penalty (TIGHTNESS 100) these gave F 0.66 (slipping) and 0.27 (half the tempo).
    for (const [seed, tempoBpm] of [
      [1702, 104],
      [1704, 92],
    ]) {
      const { track, analysis } = analyse({
        seed,
        durationS: 24,
        tempoBpm,
        pattern: 'funk',
        kitTone: 'deep',
        bassPositions: [0, 0.75, 1.5, 2.5, 2.75],
        stabPositions: [0.75, 2.25],
        humanizeMs: 4,
      });
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('keeps its last beats on the grid, not bent towards a last kick off the beat', () => {
    const { track, analysis } = analyse({
      seed: 7103,
      durationS: 30,
      tempoBpm: 96,
      pattern: 'funk',
      kitTone: 'deep',
      hatGainDb: 1.5,
      bassPositions: [0, 0.75, 1.5, 2.5, 2.75],
      stabPositions: [0.75, 2.25],
      humanizeMs: 5.7,
    });
    const last = track.beatsS.filter((t) => t >= track.durationS - 6);
    expect(matchEvents(last, analysis.beatsS, 0.07)).toHaveLength(last.length);
  });
});

describe('kicks on some of the "and"s, below 100 BPM', () => {
  it('keeps kicks on the "and" of 2 and 3 under a rim click on 2 and 4 (dark kit) at its beat, not at double', () => {
    // The kicks raise the off-beat ratio, but leave half the half-way points empty (HALFWAY_PULSE): doubled before.
    for (const [seed, tempoBpm] of [
      [8101, 86],
      [8103, 88],
    ]) {
      const { track, analysis } = analyse({
        seed,
        durationS: 20,
        tempoBpm,
        pattern: 'syncopated-rim',
        kitTone: 'dark',
        kickGainDb: 4,
        hatGainDb: 5,
        humanizeMs: 4,
      });
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.95);
    }
  });
});

describe('a half-time groove: a kick on 1, a snare on 3 alone, under eighth hats', () => {
  it('is taken at its quarter note, where the snare marks one beat in four, not at the eighths (HALF_TIME_SNARE_SLOWER_ABOVE_BPM)', () => {
    // At the eighths the snare marks one beat in eight, and no other rule reads that: doubled to 166-183 BPM before.
    for (const spec of [
      { seed: 1260121, tempoBpm: 92, kitTone: 'eight-o-eight', snareGainDb: -4.3, hatGainDb: 1.5, humanizeMs: 5.8 },
      { seed: 11034376, tempoBpm: 83.2, kitTone: 'clap', snareGainDb: -3.9, hatGainDb: -1.1, humanizeMs: 4.9 },
    ] as const) {
      const { track, analysis } = analyse({
        ...spec,
        durationS: 20,
        pattern: 'half-time-snare',
        bassPositions: [0, 1.5, 2.75],
      });
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.95);
    }
  });
});

describe('the dembow of reggaeton: a kick on every beat, the snare on the "a" of 1 and the "and" of 2', () => {
  it('keeps the beat on the kicks, not half a beat off on the snare that alternates half-way as a backbeat would', () => {
    // The snare's hits on the "a" alternate as clearly as those half-way (SIXTEENTH_FIGURE): half a beat off before.
    for (const spec of [
      { seed: 8301, tempoBpm: 97, kitTone: 'eight-o-eight', snareGainDb: 1, hatGainDb: 3 },
      { seed: 8303, tempoBpm: 99, kitTone: 'clap', snareGainDb: 2, kickGainDb: -2, humanizeMs: 3 },
    ] as const) {
      const { track, analysis } = analyse({ ...spec, durationS: 20, pattern: 'dembow' });
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('keeps the beat of the bar, not a pulse of three or five sixteenths across it', () => {
    // The onsets repeat every 0.75 or 1.25 beats too (3+3+2), but not at four of those (BAR_FIT): 130 and 73 BPM before.
    for (const spec of [
      { seed: 8431, tempoBpm: 98, kickGainDb: -1 },
      { seed: 8401, tempoBpm: 92, kickGainDb: -1, humanizeMs: 1 },
    ]) {
      const { track, analysis } = analyse({
        ...spec,
        durationS: 20,
        pattern: 'dembow',
        kitTone: 'boom',
        snareGainDb: -1,
        bassPositions: [0, 2],
      });
      expect(isTempoCorrect(track.tempoBpm, analysis.tempoBpm)).toBe(true);
      expect(scoreBeatFMeasure(track.beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.95);
    }
  });
});

describe('a loud snare on 2 and 4 over kicks on every "and"', () => {
  /**
   * A groove of plain sounds not made by the evaluation synthesiser: a pitch-dropping sine kick, a noise snare with a
   * 190-Hz body, differentiated-noise hats, a sine bass; one string of 16 sixteenths per part, as in a drum machine.
   */
  function playBars(bpm: number, parts: Record<'kick' | 'snare' | 'hat' | 'bass', [string, number]>) {
    const rateHz = 22050;
    const [startS, durationS, stepS] = [0.5, 24, 60 / bpm / 4];
    const mono = new Float32Array(durationS * rateHz);
    const random = createRandom(1);
    let lastNoise = 0;
    const sounds: Record<keyof typeof parts, { lengthS: number; at: (t: number) => number }> = {
      kick: {
        lengthS: 0.25,
        at: (t) => Math.sin(2 * Math.PI * (50 * t + 2.1 * (1 - Math.exp(-t / 0.03)))) * Math.exp(-t / 0.08),
      },
      snare: {
        lengthS: 0.2,
        at: (t) => (0.8 * (2 * random.next() - 1) + 0.5 * Math.sin(2 * Math.PI * 190 * t)) * Math.exp(-t / 0.05),
      },
      hat: {
        lengthS: 0.05,
        at: (t) => {
          const noise = 2 * random.next() - 1;
          const rise = noise - lastNoise;
          lastNoise = noise;
          return rise * Math.exp(-t / 0.012);
        },
      },
      bass: { lengthS: 1.8 * stepS, at: (t) => Math.sin(2 * Math.PI * 82 * t) * Math.exp(-t / 0.2) },
    };
    for (let step = 0; startS + step * stepS < durationS; step++)
      for (const [part, [line, gainDb]] of Object.entries(parts) as Array<[keyof typeof parts, [string, number]]>) {
        if (line[step % 16] !== 'x') continue;
        const from = Math.round((startS + step * stepS) * rateHz);
        const { lengthS, at } = sounds[part];
        for (let i = 0; i < lengthS * rateHz && from + i < mono.length; i++)
          mono[from + i] += 10 ** (gainDb / 20) * at(i / rateHz);
      }
    const beatsS: number[] = [];
    for (let t = startS; t < durationS; t += 60 / bpm) beatsS.push(t);
    return { beatsS, analysis: trackBeats(mono, rateHz) };
  }

  it('keeps the beat the snare marks every other one of, not half of it (BACKBEAT_LEVEL)', () => {
    // The snare on 2 and 4 stands out far above the kicks, so its chain alone makes the slower level look steady: the
    // level decision took 61 BPM before.
    const { beatsS, analysis } = playBars(122, {
      kick: ['x.....x...x...x.', -6],
      snare: ['....x.......x...', 0],
      hat: ['x.x.x.x.x.x.x.x.', -14],
      bass: ['..x...x...x...x.', -10],
    });
    expect(isTempoCorrect(122, analysis.tempoBpm)).toBe(true);
    expect(scoreBeatFMeasure(beatsS, analysis.beatsS)).toBeGreaterThanOrEqual(0.95);
  });
});
