import type { Connection } from 'mongoose';

import { isDuplicateKeyError } from './duplicate-key';

/** Entries kept per stream; a reader that falls further behind starts over from the collection. */
export const CHANGE_FEED_KEEP = 10_000;
/** Every this many entries, the writer of the entry prunes the ones older than CHANGE_FEED_KEEP. */
const PRUNE_EVERY = 1_000;
/** Entries a reader fetches per query. */
const READ_BATCH = 100;

type ChangeDoc = { _id: string; stream: string; seq: number; ids: string[]; at: Date };
type ClockDoc = { _id: string; seq: number };

/**
 * A numbered log, in the database, of which documents of one stream changed, so every process can
 * follow another's writes. Writers append after writing; readers fetch the entries after the last
 * number they applied. Numbers are claimed by unique inserts, not `$inc` (FerretDB v1 does not
 * arbitrate concurrent updates), so they have no gaps; every read and write is by `_id`.
 */
export class ChangeFeed {
  /** Ids waiting for the next entry, and who waits for it to be stored. */
  private pending: {
    ids: Set<string>;
    waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
  } | null = null;
  private flushing: Promise<void> | null = null;
  /** The last number this process stored: the clock in the database may lag behind it. */
  private lastAppended = 0;

  constructor(
    private readonly connection: Connection,
    private readonly stream: string,
  ) {}

  private get entries() {
    return this.connection.collection<ChangeDoc>('change_entries');
  }

  private get clocks() {
    return this.connection.collection<ClockDoc>('change_clocks');
  }

  private key(seq: number): string {
    return `${this.stream}:${seq}`;
  }

  /** The highest number appended so far as far as the clock knows (it may lag an append in flight). */
  async latest(): Promise<number> {
    return (await this.clocks.findOne({ _id: this.stream }))?.seq ?? 0;
  }

  /**
   * Records that the documents `ids` changed; call after the write itself succeeded. Resolves once
   * an entry holding them is stored. Appends of this process go out one entry at a time: those
   * made while one is being stored share the next entry (a group commit), so concurrent writers
   * neither race each other for numbers nor queue one database round trip each.
   */
  append(ids: string[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.pending ??= { ids: new Set(), waiters: [] };
      for (const id of ids) this.pending.ids.add(id);
      this.pending.waiters.push({ resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.pending) {
      const batch = this.pending;
      this.pending = null;
      try {
        await this.appendEntry([...batch.ids]);
        for (const waiter of batch.waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of batch.waiters) waiter.reject(error);
      }
    }
    this.flushing = null;
  }

  private async appendEntry(ids: string[]): Promise<void> {
    let seq = await this.firstFree(Math.max(await this.latest(), this.lastAppended) + 1);
    for (;;) {
      try {
        await this.entries.insertOne({ _id: this.key(seq), stream: this.stream, seq, ids, at: new Date() });
        break;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        seq = await this.firstFree(seq + 1);
      }
    }
    this.lastAppended = seq;
    await this.advanceClock(seq);
    if (seq % PRUNE_EVERY === 0) void this.prune(seq - CHANGE_FEED_KEEP).catch(() => undefined);
  }

  /**
   * The ids of the entries from `seq` on, in order, at most `limit` of them, in one query: the run
   * stops before the first entry not written yet (empty when `seq` is not). Throws `ChangeFeedGap`
   * when `seq` was pruned, so the reader knows to start over.
   */
  async readFrom(seq: number, limit = READ_BATCH): Promise<string[][]> {
    const keys = Array.from({ length: limit }, (_, i) => this.key(seq + i));
    const found = await this.entries.find({ _id: { $in: keys } }, { projection: { seq: 1, ids: 1 } }).toArray();
    const bySeq = new Map(found.map((entry) => [entry.seq, entry.ids]));
    const run: string[][] = [];
    for (let next = seq; bySeq.has(next); next++) run.push(bySeq.get(next)!);
    if (run.length === 0 && (await this.latest()) > seq) throw new ChangeFeedGap(this.stream, seq);
    return run;
  }

  /**
   * The first number from `from` on that no entry has. Entries are contiguous (each is claimed
   * only once the one before it exists), so this gallops then bisects: a clock lagging by n costs
   * about 2·log2(n) point reads instead of n failed inserts.
   */
  private async firstFree(from: number): Promise<number> {
    if (!(await this.exists(from))) return from;
    let taken = from;
    let step = 1;
    while (await this.exists(taken + step)) {
      taken += step;
      step *= 2;
    }
    let free = taken + step;
    while (free - taken > 1) {
      const mid = Math.floor((taken + free) / 2);
      if (await this.exists(mid)) taken = mid;
      else free = mid;
    }
    return free;
  }

  private async exists(seq: number): Promise<boolean> {
    return (await this.entries.findOne({ _id: this.key(seq) }, { projection: { _id: 1 } })) !== null;
  }

  private async advanceClock(seq: number): Promise<void> {
    try {
      await this.clocks.updateOne({ _id: this.stream }, { $max: { seq } }, { upsert: true });
    } catch (error) {
      // Two first appends raced to create the clock: the other one created it, so update it.
      if (!isDuplicateKeyError(error)) throw error;
      await this.clocks.updateOne({ _id: this.stream }, { $max: { seq } });
    }
  }

  private async prune(belowSeq: number): Promise<void> {
    if (belowSeq > 0) await this.entries.deleteMany({ stream: this.stream, seq: { $lt: belowSeq } });
  }
}

/** A reader asked for an entry that was pruned: it must reload everything the feed describes. */
export class ChangeFeedGap extends Error {
  constructor(stream: string, seq: number) {
    super(`change feed ${stream}: entry ${seq} was pruned`);
  }
}
