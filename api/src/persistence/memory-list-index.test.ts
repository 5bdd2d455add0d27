import { Query } from 'mingo';

import { filterRows } from './memory-list-index';

describe('filterRows', () => {
  const rows = [
    { id: 'a', audio: 'b1', tags: ['chill', 'bad'], n: 1 },
    { id: 'b', audio: 'b2', tags: [], n: 2 },
    { id: 'c', audio: 'b3', tags: ['chill'], n: 3 },
    { id: 'd', audio: null, tags: 'chill', n: 4 },
    { id: 'e', tags: [['chill']], n: 5 },
    { id: 'f', audio: 7, tags: ['discovery app'], n: 6 },
  ];
  const byMingo = (filter: Record<string, unknown>) => rows.filter((row) => new Query(filter).test(row));

  it.each([
    { audio: { $in: ['b1', 'b3', 'b9'] } },
    { audio: { $in: [] } },
    { tags: { $in: ['chill'] } },
    { tags: { $in: ['chill', 'discovery app'] }, n: { $gte: 3 } },
    { audio: { $in: ['b1', 'b2', 'b3'] }, tags: { $in: ['chill'] } },
    { audio: { $in: ['b1', null] } },
    { audio: { $in: ['b1'], $exists: true } },
    { $or: [{ audio: { $in: ['b2'] } }, { n: 6 }] },
  ])('matches the rows mingo matches for %j', (filter) => {
    expect(filterRows(rows, filter).map((r) => r.id)).toEqual(byMingo(filter).map((r) => r.id));
  });

  it('keeps the rows whose field is listed, and only those', () => {
    expect(filterRows(rows, { audio: { $in: ['b1', 'b3'] } }).map((r) => r.id)).toEqual(['a', 'c']);
    expect(filterRows(rows, { tags: { $in: ['chill'] } }).map((r) => r.id)).toEqual(['a', 'c', 'd']);
  });
});
