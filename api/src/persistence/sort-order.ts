/** A MongoDB sort specification: field paths (dotted) to 1 (ascending) or -1 (descending). */
export type SortSpec = Record<string, 1 | -1>;
export type Comparator<T> = (a: T, b: T) => number;

/** MongoDB's order of BSON types in a sort; a missing field sorts as null. */
function typeRank(value: unknown): number {
  if (value === null || value === undefined) return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 3;
  if (isObjectId(value)) return 7;
  if (typeof value === 'boolean') return 8;
  if (value instanceof Date) return 9;
  throw new TypeError(`sort keys must be scalars, got ${Object.prototype.toString.call(value)}`);
}

/** An ObjectId (the driver's class, or any copy of it): compared by its bytes, i.e. its hex string. */
function isObjectId(value: unknown): value is { toHexString(): string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { _bsontype?: string })._bsontype === 'ObjectId' &&
    typeof (value as { toHexString?: unknown }).toHexString === 'function'
  );
}

/** Strings as MongoDB compares them without a collation: by UTF-8 bytes, i.e. by code points. */
function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (d !== 0) return d < 0 ? -1 : 1;
  }
}

/** Two scalar values (null, number, string, ObjectId, boolean, Date) in MongoDB's ascending sort order. */
export function compareScalars(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 1:
      return 0;
    case 3:
      return compareStrings(a as string, b as string);
    case 7:
      return compareStrings(
        (a as { toHexString(): string }).toHexString(),
        (b as { toHexString(): string }).toHexString(),
      );
    case 9:
      return Math.sign((a as Date).getTime() - (b as Date).getTime());
    default:
      return a === b ? 0 : (a as number) < (b as number) ? -1 : 1;
  }
}

function readPath(row: unknown, path: string[]): unknown {
  let value: unknown = row;
  for (const key of path)
    value = value === null || typeof value !== 'object' ? undefined : (value as Record<string, unknown>)[key];
  return value;
}

/** The comparator of a sort specification over rows whose sort keys are scalars. */
export function compileSort<T>(spec: SortSpec): Comparator<T> {
  const keys = Object.entries(spec).map(([field, dir]) => ({ path: field.split('.'), dir }));
  return (a, b) => {
    for (const { path, dir } of keys) {
      const c = compareScalars(readPath(a, path), readPath(b, path));
      if (c !== 0) return c * dir;
    }
    return 0;
  };
}

/** Index of the first element not before `item` in `sorted`. */
export function lowerBound<T>(sorted: readonly T[], item: T, compare: Comparator<T>): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid], item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Keeps `sorted` in order when one item changes from `before` to `after` (either may be absent:
 * an insert or a removal). `isSame` tells the item's old copy from others that sort alike.
 */
export function moveSorted<T>(
  sorted: T[],
  compare: Comparator<T>,
  before: T | undefined,
  after: T | undefined,
  isSame: (a: T, b: T) => boolean,
): void {
  if (before) {
    let at = lowerBound(sorted, before, compare);
    while (at < sorted.length && !isSame(sorted[at], before) && compare(sorted[at], before) === 0) at += 1;
    if (at < sorted.length && isSame(sorted[at], before)) sorted.splice(at, 1);
  }
  if (after) sorted.splice(lowerBound(sorted, after, compare), 0, after);
}
