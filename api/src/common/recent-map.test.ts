import { RecentMap } from './recent-map';

describe('RecentMap', () => {
  it('drops the entry set longest ago once it holds more than its capacity', () => {
    const map = new RecentMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3).set('c', 4);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });
});
