/** Sorted windows of fixed odd size for many independent lanes, updated by replacing one value at a time. */
export class SortedWindows {
  readonly size: number;
  private readonly sorted: Float32Array;

  /** `laneCount` windows of `size` values, all starting at zero. */
  constructor(laneCount: number, size: number) {
    this.size = size;
    this.sorted = new Float32Array(laneCount * size);
  }

  /** Removes `oldValue` from lane `lane` and inserts `newValue`, keeping the lane sorted. */
  replace(lane: number, oldValue: number, newValue: number): void {
    const { sorted, size } = this;
    const base = lane * size;
    let i = base;
    const end = base + size;
    while (i < end - 1 && sorted[i] !== oldValue) i++;
    while (i > base && sorted[i - 1] > newValue) {
      sorted[i] = sorted[i - 1];
      i--;
    }
    while (i < end - 1 && sorted[i + 1] < newValue) {
      sorted[i] = sorted[i + 1];
      i++;
    }
    sorted[i] = newValue;
  }

  /** Median of lane `lane`. */
  median(lane: number): number {
    return this.sorted[lane * this.size + (this.size >> 1)];
  }
}

/** Median filter of odd width along an array (zero beyond both ends). */
export function filterMedian(values: Float32Array, width: number, out: Float32Array): void {
  const half = width >> 1;
  const window = new SortedWindows(1, width);
  const at = (i: number) => (i >= 0 && i < values.length ? values[i] : 0);
  for (let i = 0; i < half; i++) window.replace(0, 0, at(i));
  for (let i = 0; i < values.length; i++) {
    window.replace(0, at(i - half - 1), at(i + half));
    out[i] = window.median(0);
  }
}
