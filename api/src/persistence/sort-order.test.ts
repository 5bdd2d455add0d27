import fc from 'fast-check';
import { Query } from 'mingo';
import { Types } from 'mongoose';

import { compareScalars, compileSort, lowerBound, moveSorted, type SortSpec } from './sort-order';

type Row = { id: string; at?: unknown; n?: number | null; meta?: { at?: unknown } };

const scalar = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.string({ maxLength: 6 }),
  fc.boolean(),
  fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }),
);

describe('compareScalars (MongoDB sort order)', () => {
  it('orders types null < numbers < strings < booleans < dates, and missing as null', () => {
    const ordered = [undefined, null, -3, 2.5, 'a', 'b', false, true, new Date(0), new Date(1)];
    for (let i = 0; i < ordered.length; i++) {
      for (let j = 0; j < ordered.length; j++) {
        const expected = (i <= 1 && j <= 1) || i === j ? 0 : Math.sign(i - j);
        expect([i, j, compareScalars(ordered[i], ordered[j])]).toEqual([i, j, expected]);
      }
    }
  });

  it('compares strings by code point, as MongoDB compares UTF-8 bytes', () => {
    expect(compareScalars('\uffff', '\u{10000}')).toBe(-1);
    expect(compareScalars('Z', 'a')).toBe(-1);
    expect(compareScalars('ab', 'a')).toBe(1);
  });

  it('orders ObjectIds by their bytes, after strings and before booleans', () => {
    const older = new Types.ObjectId('6b0712752d4b66c00cf5d7c2');
    const newer = new Types.ObjectId('6b0712752d4b66c00cf5d7c3');
    expect(compareScalars(older, newer)).toBe(-1);
    expect(compareScalars(newer, new Types.ObjectId(newer.toHexString()))).toBe(0);
    expect(compareScalars('z', older)).toBe(-1);
    expect(compareScalars(older, false)).toBe(-1);
  });

  it('refuses objects and arrays as sort keys', () => {
    expect(() => compareScalars([1], 2)).toThrow(TypeError);
    expect(() => compareScalars({}, 2)).toThrow(TypeError);
  });

  it('sorts like mingo (MongoDB semantics) on scalar keys, both directions, with a unique tie-breaker', () => {
    const rowArb = fc.record(
      { at: scalar, n: fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 5 })) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), fc.constantFrom<1 | -1>(1, -1), (partial, dir) => {
        // ASCII ids: mingo compares strings by UTF-16 units, which agree with code points there.
        const rows: Row[] = partial
          .map((r, i) => ({ ...r, id: `r${String(i).padStart(3, '0')}` }))
          .map((r) => ({ ...r, meta: { at: r.at } }));
        const spec: SortSpec = { 'meta.at': dir, n: -dir as 1 | -1, id: dir };
        const ours = [...rows].sort(compileSort<Row>(spec)).map((r) => r.id);
        const theirs = new Query({})
          .find<Row>(rows)
          .sort(spec)
          .all()
          .map((r) => r.id);
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 300 },
    );
  });
});

describe('lowerBound', () => {
  it('finds where an item sorts, and every item of a sorted list at its own place', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -100, max: 100 })),
        fc.integer({ min: -120, max: 120 }),
        (values, probe) => {
          const sorted = [...values].sort((a, b) => a - b);
          const at = lowerBound(sorted, probe, (a, b) => a - b);
          expect(sorted.slice(0, at).every((v) => v < probe)).toBe(true);
          expect(sorted.slice(at).every((v) => v >= probe)).toBe(true);
          sorted.forEach((v, i) => expect(lowerBound(sorted, v, (a, b) => a - b)).toBe(i));
        },
      ),
    );
  });
});

describe('moveSorted', () => {
  type Item = { id: number; key: number | null };
  const compare = compileSort<Item>({ key: -1 });
  const same = (a: Item, b: Item) => a.id === b.id;

  it('keeps a list equal to a full sort through inserts, removals and key changes, ties included', () => {
    const change = fc.record({
      id: fc.integer({ min: 0, max: 30 }),
      key: fc.option(fc.integer({ min: 0, max: 5 })),
      remove: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 80 }), (changes) => {
        const current = new Map<number, Item>();
        const sorted: Item[] = [];
        for (const c of changes) {
          const before = current.get(c.id);
          const after = c.remove ? undefined : { id: c.id, key: c.key };
          if (after) current.set(c.id, after);
          else current.delete(c.id);
          moveSorted(sorted, compare, before, after, same);
        }
        expect(sorted.map((i) => i.id).sort((a, b) => a - b)).toEqual([...current.keys()].sort((a, b) => a - b));
        sorted.forEach((item, i) => i > 0 && expect(compare(sorted[i - 1], item)).toBeLessThanOrEqual(0));
      }),
      { numRuns: 300 },
    );
  });
});
