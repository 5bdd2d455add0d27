import { buildEpBeats, nameEpBeat, planEptRun } from './ept';
import { NO_EPS_MESSAGE } from './rule-messages';

const original = { isOriginalSound: true, highlightStartTimesMs: [] };

describe('buildEpBeats', () => {
  it('refuses an audio with no ending points', () => {
    expect(buildEpBeats({ ...original, beat: { name: 'b', offsetsS: [1] }, endingPointsS: [] })).toEqual({
      ok: false,
      error: 'There are no EPs for this audio',
    });
    expect(NO_EPS_MESSAGE).toBe('There are no EPs for this audio');
  });

  it('keeps offsets strictly before e − margin, then e, numbering in time order', () => {
    const result = buildEpBeats({
      ...original,
      beat: { name: 'main', offsetsS: [1, 2, 3, 4] },
      endingPointsS: [6, 3.5],
    });
    expect(result).toEqual({
      ok: true,
      value: [
        { name: 'main_ep#1', type: 'ep', offsetsS: [1, 2, 3.5] },
        { name: 'main_ep#2', type: 'ep', offsetsS: [1, 2, 3, 4, 6] },
      ],
    });
  });

  it('drops an offset exactly at e − margin', () => {
    const result = buildEpBeats({ ...original, beat: { name: 'b', offsetsS: [1, 2.5] }, endingPointsS: [3] });
    expect(result).toEqual({ ok: true, value: [{ name: 'b_ep#1', type: 'ep', offsetsS: [1, 3] }] });
  });

  it('works for a beat without offsets', () => {
    const result = buildEpBeats({ ...original, beat: { name: 'b', offsetsS: [] }, endingPointsS: [4] });
    expect(result).toEqual({ ok: true, value: [{ name: 'b_ep#1', type: 'ep', offsetsS: [4] }] });
  });

  it('keeps a total length of exactly 30 s and drops longer ones, keeping k of the others', () => {
    const result = buildEpBeats({ ...original, beat: { name: 'b', offsetsS: [10] }, endingPointsS: [30, 30.01, 40] });
    expect(result.ok && result.value.map((b) => b.name)).toEqual(['b_ep#1']);
  });

  it('measures the length from the music start (highlight), not from 0', () => {
    const music = { isOriginalSound: false, highlightStartTimesMs: [20000] };
    const result = buildEpBeats({ ...music, beat: { name: 'm', offsetsS: [22, 30] }, endingPointsS: [45, 50.01] });
    expect(result).toEqual({ ok: true, value: [{ name: 'm_ep#1', type: 'ep', offsetsS: [22, 30, 45] }] });
  });

  it('drops a result with no segment (ending point 0 on original sound)', () => {
    const result = buildEpBeats({ ...original, beat: { name: 'b', offsetsS: [1] }, endingPointsS: [0, 2] });
    expect(result.ok && result.value.map((b) => b.name)).toEqual(['b_ep#2']);
  });

  it('drops a music result whose ending point is at or before the first highlight', () => {
    const music = { isOriginalSound: false, highlightStartTimesMs: [5000] };
    const result = buildEpBeats({ ...music, beat: { name: 'm', offsetsS: [6] }, endingPointsS: [5, 8] });
    expect(result.ok && result.value.map((b) => b.name)).toEqual(['m_ep#2']);
  });

  it('uses a custom margin and cap', () => {
    const result = buildEpBeats({
      ...original,
      beat: { name: 'b', offsetsS: [1, 2] },
      endingPointsS: [3, 12],
      marginS: 1.5,
      lengthCapS: 10,
    });
    expect(result).toEqual({ ok: true, value: [{ name: 'b_ep#1', type: 'ep', offsetsS: [1, 3] }] });
  });

  it('names ep beats', () => {
    expect(nameEpBeat('x', 3)).toBe('x_ep#3');
  });
});

describe('planEptRun', () => {
  const ep = (name: string, offsetsS: number[]) => ({ name, type: 'ep' as const, offsetsS });

  it('updates the ep beats it makes again, creates the new ones and deletes those it no longer makes', () => {
    const existing = [
      { name: 'a', type: 'manual' },
      { name: 'a_ep#1', type: 'ep' },
      { name: 'a_ep#3', type: 'ep' },
      { name: 'b_ep#1', type: 'ep' },
    ];
    const plan = planEptRun(existing, 'a', [ep('a_ep#1', [1, 10]), ep('a_ep#2', [1, 30])]);
    expect(plan.update).toEqual([{ beat: existing[1], offsetsS: [1, 10] }]);
    expect(plan.create).toEqual([ep('a_ep#2', [1, 30])]);
    expect(plan.remove).toEqual([existing[2]]);
  });

  it("never touches a beat of another type or another beat's ep beats, whatever their names", () => {
    const existing = [
      { name: 'a_ep#1', type: 'manual' },
      { name: 'a_ep#2x', type: 'ep' },
      { name: 'a_ep#10', type: 'ep' },
      { name: 'aa_ep#1', type: 'ep' },
    ];
    const plan = planEptRun(existing, 'a', [ep('a_ep#1', [5])]);
    expect(plan.update).toEqual([]);
    expect(plan.create).toEqual([ep('a_ep#1', [5])]);
    expect(plan.remove).toEqual([existing[2]]);
  });
});
