/**
 * A Map that keeps at most `capacity` entries: setting a key makes it the newest, and the oldest
 * goes when there are too many. For what a process remembers only to pick a cheaper road.
 */
export class RecentMap<K, V> extends Map<K, V> {
  constructor(private readonly capacity: number) {
    super();
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    // Maps keep insertion order: the first key is the one set longest ago.
    if (this.size > this.capacity) super.delete(this.keys().next().value!);
    return this;
  }
}
