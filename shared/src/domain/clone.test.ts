import { buildClonedBeat, deriveCloneOffsets, nameClonedBeat, nameNewBeat } from './clone';

describe('new beat name', () => {
  it('keeps a typed name, trimmed', () => {
    expect(nameNewBeat('  chorus ', 3)).toBe('chorus');
  });

  it('names an empty or blank name beat#N with N = count + 1', () => {
    expect(nameNewBeat('', 0)).toBe('beat#1');
    expect(nameNewBeat('   ', 4)).toBe('beat#5');
  });

  it('moves N past names a deletion left taken', () => {
    // beat#4 of five was deleted: four beats, and beat#5 is still there.
    expect(nameNewBeat('', 4, ['O1', 'R1', 'R2', 'beat#5'])).toBe('beat#6');
    expect(nameNewBeat('', 4, ['O1', 'R1', 'R2', 'beat#4'])).toBe('beat#5');
  });
});

describe('clone', () => {
  it('names the clone from beat count + 1 and the 1-based template row', () => {
    expect(nameClonedBeat(2, 1)).toBe('beat#3 copy of tmpl#1');
    expect(nameClonedBeat(0, 7)).toBe('beat#1 copy of tmpl#7');
  });

  it('moves n past a clone name a deletion left taken', () => {
    expect(nameClonedBeat(1, 1, ['beat#2 copy of tmpl#1'])).toBe('beat#3 copy of tmpl#1');
    expect(nameClonedBeat(1, 1, ['beat#2 copy of tmpl#2'])).toBe('beat#2 copy of tmpl#1');
  });

  it('uses the template boundaries without the start as offsets, in rounded seconds', () => {
    expect(deriveCloneOffsets({ startMs: 10000, segmentDurationsMs: [1234, 1000] })).toEqual([11.23, 12.23]);
  });

  it('collapses zero-length template segments and handles no segments', () => {
    expect(deriveCloneOffsets({ startMs: 0, segmentDurationsMs: [1000, 0, 500] })).toEqual([1, 1.5]);
    expect(deriveCloneOffsets({ startMs: 5000, segmentDurationsMs: [] })).toEqual([]);
  });

  it('builds name and offsets together', () => {
    expect(buildClonedBeat(1, 2, { startMs: null, segmentDurationsMs: [2000] })).toEqual({
      name: 'beat#2 copy of tmpl#2',
      offsetsS: [2],
    });
  });
});
