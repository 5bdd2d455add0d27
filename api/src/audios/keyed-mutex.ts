/**
 * Runs tasks one at a time per key within this process. FerretDB v1 applies findAndModify and
 * conditional updates as a read then a write, so two concurrent edits of one audio (or one tag
 * count) could both read the same "before"; MongoDB needs none of this but is not harmed by it.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(task, task);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
