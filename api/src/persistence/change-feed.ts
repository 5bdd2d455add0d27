import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

import type { Connection } from 'mongoose';

/** Length of one slot of the feed: every id changed in it is kept in one document. */
const SLOT_MS = 2_000;
/**
 * An append whose command was acknowledged this long after the writer read the clock (queued
 * behind other writes) is made again in the then current slot: readers may have settled the slot
 * it landed in. Recording a change twice only makes a reader read that row once more.
 */
const LATE_APPEND_MS = 3_000;
/**
 * A slot this old takes no more ids: an append lands in its slot within LATE_APPEND_MS of the
 * writer reading the clock, and the instances of one database share a clock to well within the
 * rest (3 s). Readers read every slot younger than this again on each read, so it stays short.
 */
const SETTLE_MS = 6_000;
/** Slots are kept this long; a reader that fell further behind reloads the whole collection. */
export const CHANGE_FEED_KEEP_MS = 10 * 60_000;
/** Every this many appends, the writer deletes the slots older than CHANGE_FEED_KEEP_MS. */
const PRUNE_EVERY = 500;

/** One slot: per stream, the ids changed in it, in the order they were recorded. */
type SlotDoc = { _id: string; slot: number } & Record<string, unknown>;

function addIds(into: Map<string, Set<string>>, stream: string, ids: Iterable<string>): void {
  const set = into.get(stream) ?? new Set<string>();
  for (const id of ids) set.add(id);
  into.set(stream, set);
}

const slotOf = (ms: number) => Math.floor(ms / SLOT_MS);
const slotKey = (slot: number) => `slot:${slot}`;

/**
 * A log, in the database, of which documents of each observed collection (a stream) changed, so
 * every process can follow the others' writes. The ids changed in one 2-second slot share one
 * document; an append is one `$push` upsert into the current slot (atomic: the embedded server
 * runs each write command alone), so there is no numbering to claim and nothing to retry. Appends
 * of this process go out one command at a time: those made while one is being stored share the
 * next command (a group commit).
 */
export class ChangeFeed {
  private pending: {
    ids: Map<string, Set<string>>;
    waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }>;
  } | null = null;
  private flushing: Promise<void> | null = null;
  private appends = 0;
  /**
   * The ids held by the batch (one request) the caller runs in, stored when it ends; and since when
   * (performance.now()) its reads must see every change recorded: its start, or its last store.
   */
  private readonly held = new AsyncLocalStorage<{ ids: Map<string, Set<string>>; open: boolean; since: number }>();
  /** The newest read of the slots, which every reader it is fresh enough for shares (readSlots). */
  private lastRead: SlotRead | null = null;

  constructor(private readonly connection: Connection) {}

  private get slots() {
    return this.connection.collection<SlotDoc>('change_slots');
  }

  /**
   * Records that the documents `ids` of `stream` changed; resolves once the record is stored, or
   * at once inside a batch, which stores its records when it ends.
   */
  append(stream: string, ids: Iterable<string>): Promise<void> {
    // Work a batch started may outlive it (a job it queued): once the batch ended, appends go out.
    const held = this.held.getStore();
    if (held?.open) {
      addIds(held.ids, stream, ids);
      return Promise.resolve();
    }
    return this.store(new Map([[stream, new Set(ids)]]));
  }

  /**
   * Runs `work` as one batch: the changes it records (its writes, and the writes of the events it
   * awaits) are stored together, in one command, when it ends, whether it succeeded or failed. A
   * request is one batch, so its answer leaves only once everything it changed is recorded. A batch
   * begun inside another one is part of it. Its reads see every change recorded before `since`
   * (performance.now(): a request's arrival) and its own.
   */
  async batch<T>(work: () => Promise<T>, since = performance.now()): Promise<T> {
    // Inside a batch already (a request): its changes join that batch.
    if (this.held.getStore()?.open) return work();
    const held = { ids: new Map<string, Set<string>>(), open: true, since };
    let result: T;
    try {
      result = await this.held.run(held, work);
    } catch (error) {
      held.open = false;
      await this.store(held.ids).catch(() => undefined);
      throw error;
    }
    held.open = false;
    await this.store(held.ids);
    return result;
  }

  /** Stores what the caller's batch holds so far (a list read in the batch then sees its writes). */
  async storeHeld(): Promise<void> {
    const held = this.held.getStore();
    if (!held?.open || held.ids.size === 0) return;
    const taken = new Map(held.ids);
    held.ids.clear();
    await this.store(taken);
    held.since = performance.now();
  }

  /**
   * Since when (performance.now()) a read made now must see every change recorded: the start of the
   * caller's batch (a request) or its last store of its own changes; outside a batch, now.
   */
  freshSince(): number {
    const held = this.held.getStore();
    return held?.open ? held.since : performance.now();
  }

  /**
   * Every slot from `fromSlot` on, as read by a query begun at or after `since` (performance.now()):
   * the newest read is shared by every reader, of any stream, it is fresh enough for and reaches
   * back far enough for, so the lists a request reads (and the requests arriving together) pay one
   * query. `clock` is the wall clock the read began at.
   */
  readSlots(fromSlot: number, since: number): Promise<{ docs: SlotDoc[]; clock: number }> {
    const last = this.lastRead;
    if (last && last.began >= since && last.fromSlot <= fromSlot) return last.answer;
    const clock = Date.now();
    const keys: string[] = [];
    for (let slot = fromSlot; slot <= slotOf(clock + SLOT_MS); slot++) keys.push(slotKey(slot));
    const read: SlotRead = {
      began: performance.now(),
      fromSlot,
      answer: this.slots
        .find({ _id: { $in: keys } } as never)
        .toArray()
        .then((docs) => ({ docs: docs as unknown as SlotDoc[], clock })),
    };
    read.answer.catch(() => {
      if (this.lastRead === read) this.lastRead = null;
    });
    this.lastRead = read;
    return read.answer;
  }

  private store(ids: Map<string, Set<string>>): Promise<void> {
    for (const [stream, set] of ids) if (set.size === 0) ids.delete(stream);
    if (ids.size === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.pending ??= { ids: new Map(), waiters: [] };
      for (const [stream, set] of ids) addIds(this.pending.ids, stream, set);
      this.pending.waiters.push({ resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.pending) {
      const batch = this.pending;
      this.pending = null;
      try {
        const push = Object.fromEntries([...batch.ids].map(([stream, ids]) => [stream, { $each: [...ids] }]));
        for (let late = true; late;) {
          const clock = Date.now();
          const slot = slotOf(clock);
          await this.slots.updateOne({ _id: slotKey(slot) }, { $push: push, $setOnInsert: { slot } } as never, {
            upsert: true,
          });
          late = Date.now() - clock > LATE_APPEND_MS;
        }
        for (const waiter of batch.waiters) waiter.resolve();
        if (++this.appends % PRUNE_EVERY === 0) void this.prune().catch(() => undefined);
      } catch (error) {
        for (const waiter of batch.waiters) waiter.reject(error);
      }
    }
    this.flushing = null;
  }

  private async prune(): Promise<void> {
    await this.slots.deleteMany({ slot: { $lt: slotOf(Date.now() - CHANGE_FEED_KEEP_MS) } });
  }

  /** A reader of one stream, positioned after everything recorded so far (one query). */
  async cursor(stream: string): Promise<ChangeCursor> {
    const cursor = new ChangeCursor(this, stream);
    await cursor.read();
    return cursor;
  }
}

/** One read of the slots: when it began (performance.now()), the oldest slot it reads, and its answer. */
type SlotRead = { began: number; fromSlot: number; answer: Promise<{ docs: SlotDoc[]; clock: number }> };

/** Where one reader of one stream stands: the slots it finished, and how far it read the open ones. */
export class ChangeCursor {
  /** Every slot before this one was read to its end, after it could take no more ids. */
  private settledBefore: number;
  private readonly readUpTo = new Map<number, number>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly stream: string,
  ) {
    this.settledBefore = slotOf(Date.now() - SETTLE_MS);
  }

  /**
   * The ids recorded since the last read: every change recorded before `since` (performance.now();
   * by default now) is in it or in an earlier one. One query, which readers fresh enough share
   * (ChangeFeed.readSlots). Throws `ChangeFeedGap` when the reader fell so far behind that slots it
   * had not read were deleted: it must reload everything.
   */
  async read(since = performance.now()): Promise<Set<string>> {
    if (this.settledBefore < slotOf(Date.now() - CHANGE_FEED_KEEP_MS)) throw new ChangeFeedGap(this.stream);
    const { docs, clock } = await this.feed.readSlots(this.settledBefore, since);
    const changed = new Set<string>();
    for (const doc of docs) {
      const ids = (doc[this.stream] as string[] | undefined) ?? [];
      const from = this.readUpTo.get(doc.slot) ?? 0;
      for (let i = from; i < ids.length; i++) changed.add(ids[i]);
      this.readUpTo.set(doc.slot, Math.max(from, ids.length));
    }
    this.settledBefore = Math.max(this.settledBefore, slotOf(clock - SETTLE_MS));
    for (const slot of this.readUpTo.keys()) if (slot < this.settledBefore) this.readUpTo.delete(slot);
    return changed;
  }
}

/** A reader fell behind the slots kept: it must reload everything the feed describes. */
export class ChangeFeedGap extends Error {
  constructor(stream: string) {
    super(`change feed ${stream}: slots not read were deleted`);
  }
}
