import { toAutobeatAnswer } from './analysis.service';

describe('toAutobeatAnswer', () => {
  const music = { is_original_sound: false, highlight_start_times_in_ms: [2000] };

  it('offers no tempo and no variant when no beat was found (silence)', () => {
    const answer = toAutobeatAnswer(
      {
        beats_s: [],
        tempo_bpm: 304,
        tempo_alternatives_bpm: [152],
        variants: [{ factor: 1, bpm: 304, confidence: 0, beats_s: [] }],
        onsets_s: [],
        duration_s: 2,
      },
      music,
    );
    expect(answer).toEqual({ offsets: [], tempo_bpm: null, tempo_alternatives_bpm: [], variants: [], onsets: [] });
  });

  it('keeps the tempo and the variants of found beats, music offsets after the first highlight only', () => {
    const answer = toAutobeatAnswer(
      {
        beats_s: [1, 2.5, 3, 3.5],
        tempo_bpm: 120,
        tempo_alternatives_bpm: [60],
        variants: [
          { factor: 1, bpm: 120, confidence: 0.9, beats_s: [1, 2.5, 3, 3.5] },
          { factor: 0.5, bpm: 60, confidence: 0.4, beats_s: [1, 3] },
        ],
        onsets_s: [1, 2.5],
        duration_s: 4,
      },
      music,
    );
    expect(answer).toMatchObject({ offsets: [2.5, 3, 3.5], tempo_bpm: 120, tempo_alternatives_bpm: [60] });
    expect(answer.variants.map((v) => [v.bpm, v.offsets])).toEqual([
      [120, [2.5, 3, 3.5]],
      [60, [3]],
    ]);
  });
});
