import type { Connection } from 'mongoose';

/** Entries kept per stream; a reader that falls further behind starts over from the collection. */
export const CHANGE_FEED_KEEP = 10_000;
/** Every this many entries, the writer of the entry prunes the ones older than CHANGE_FEED_KEEP. */
const PRUNE_EVERY = 1_000;
const DUPLICATE_KEY = 11000;

type ChangeDoc = { _id: string; stream: string; seq: number; ids: string[]; at: Date };
type ClockDoc = { _id: string; seq: number };

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === DUPLICATE_KEY;

/**
 * A numbered log, in the database, of which documents of one stream changed, so every process can
 * follow another's writes. Writers append after writing; readers fetch the entries after the last
 * number they applied. Numbers are claimed by unique inserts, not `$inc` (FerretDB v1 does not
 * arbitrate concurrent updates), so they have no gaps; every read and write is by `_id`.
 */
export class ChangeFeed {
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

  /** Records that the documents `ids` changed; call after the write itself succeeded. */
  async append(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    let seq = (await this.latest()) + 1;
    for (;;) {
      try {
        await this.entries.insertOne({ _id: this.key(seq), stream: this.stream, seq, ids, at: new Date() });
        break;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        seq += 1;
      }
    }
    await this.advanceClock(seq);
    if (seq % PRUNE_EVERY === 0) void this.prune(seq - CHANGE_FEED_KEEP).catch(() => undefined);
  }

  /**
   * The ids of entry `seq`; null when it does not exist yet. Throws `ChangeFeedGap` when it was
   * pruned, so the reader knows to start over.
   */
  async read(seq: number): Promise<string[] | null> {
    const entry = await this.entries.findOne({ _id: this.key(seq) });
    if (entry) return entry.ids;
    if ((await this.latest()) > seq) throw new ChangeFeedGap(this.stream, seq);
    return null;
  }

  private async advanceClock(seq: number): Promise<void> {
    try {
      await this.clocks.updateOne({ _id: this.stream }, { $max: { seq } }, { upsert: true });
    } catch (error) {
      // Two first appends raced to create the clock: the other one created it, so update it.
      if (!isDuplicateKey(error)) throw error;
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
