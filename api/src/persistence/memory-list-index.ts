import { Query } from 'mingo';

import { type ChangeCursor, ChangeFeedGap } from './change-feed';
import { type Comparator, compileSort, moveSorted, type SortSpec } from './sort-order';

/** Above this many changed rows (or a tenth of the collection) one full read beats many point reads. */
const POINT_READ_LIMIT = 500;
/**
 * A full re-read in the background mends anything a crashed writer failed to record: every ten
 * minutes, or less often where one takes long, so it costs at most 2 % of the database's time.
 */
const REFRESH_MIN_MS = 10 * 60_000;
const REFRESH_COST_SHARE = 50;
/** Summaries kept at once (MemoryListIndex.summary), by name and filter. */
const SUMMARIES_KEPT = 64;
/** Ids per re-read: the embedded database answers an `_id $in` list up to 1000 long from its index. */
const READ_BY_IDS_CHUNK = 1000;

/** Where the rows come from: the collection's change feed and two reads of it. */
export type MemoryListSource<Row> = {
  /** A reader of the collection's change feed, positioned after everything recorded so far. */
  openCursor(): Promise<ChangeCursor>;
  /** Since when (performance.now()) a read asked for now must see every change (ChangeFeed.freshSince). */
  freshSince(): number;
  /** Every row. */
  readAll(): Promise<Row[]>;
  /** The rows of these ids (at most 1000 at a time); an id absent from the answer was deleted. */
  readByIds(ids: string[]): Promise<Map<string, Row>>;
  /** The id a change feed entry names the row by. */
  idOf(row: Row): string;
  /** A unique key rows are also looked up by (`byKey`), when they have one besides their id. */
  keyOf?(row: Row): string;
};

export type MemoryListPage<Row> = { rows: Row[]; total: number };

type Snapshot<Row> = { rows: Map<string, Row>; byKey: Map<string, Row>; cursor: ChangeCursor };
/** Every row in one sort order; kept in order as rows change. */
type SortedRows<Row> = { compare: Comparator<Row>; rows: Row[] };

/**
 * A list answered from memory: every row of a collection, kept current by following its change
 * feed, filtered by the same MongoDB filter the database path sends (evaluated by mingo) and
 * sorted the same way. Used where the database cannot index the list (the embedded FerretDB scans
 * the whole collection for each filter, sort and count).
 *
 * Each read first applies every change recorded before it was asked for, so a page read on any
 * instance shows every write acknowledged before it.
 */
export class MemoryListIndex<Row> {
  private snapshot: Snapshot<Row> | null = null;
  private readonly sortedBy = new Map<string, SortedRows<Row>>();
  /** Figures computed over all rows matching a filter (`summary`), by name and filter, until a row changes. */
  private readonly summaries = new Map<string, unknown>();
  private tail: Promise<void> = Promise.resolve();
  private pendingCatchUp: { since: number; run: Promise<void> } | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;

  constructor(private readonly source: MemoryListSource<Row>) {}

  /** Stops the background refresh. */
  stop(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
  }

  /** One page of the rows matching `filter` in `sort` order, and how many match. */
  async page(
    filter: Record<string, unknown>,
    sort: SortSpec,
    skip: number,
    limit: number,
  ): Promise<MemoryListPage<Row>> {
    await this.catchUp();
    const matching = filterRows(this.ordered(sort), filter);
    return { rows: matching.slice(skip, skip + limit), total: matching.length };
  }

  /** The rows matching `filter` (a MongoDB filter), in no particular order. */
  async matching(filter: Record<string, unknown>): Promise<Row[]> {
    await this.catchUp();
    return filterRows([...this.snapshot!.rows.values()], filter);
  }

  /**
   * `compute` over the rows matching `filter`, current as of this call. The answer is kept under
   * `name` and the filter until a row changes, so `compute` must answer from the rows alone, and
   * its answer must not be changed by callers.
   */
  async summary<T>(name: string, filter: Record<string, unknown>, compute: (rows: Row[]) => T): Promise<T> {
    await this.catchUp();
    const key = `${name} ${JSON.stringify(filter)}`;
    if (this.summaries.has(key)) return this.summaries.get(key) as T;
    const value = compute(filterRows([...this.snapshot!.rows.values()], filter));
    // A few dozen filters at most are asked for between two changes; past that the oldest goes.
    if (this.summaries.size >= SUMMARIES_KEPT) this.summaries.delete(this.summaries.keys().next().value!);
    this.summaries.set(key, value);
    return value;
  }

  /** The rows of these ids that exist, current as of this call. */
  async byIds(ids: string[]): Promise<Map<string, Row>> {
    await this.catchUp();
    const found = new Map<string, Row>();
    for (const id of ids) {
      const row = this.snapshot!.rows.get(id);
      if (row) found.set(id, row);
    }
    return found;
  }

  /** The row whose key (`keyOf`) is `key`, current as of this call. */
  async byKey(key: string): Promise<Row | undefined> {
    await this.catchUp();
    return this.snapshot!.byKey.get(key);
  }

  /** Every row, current as of this call. */
  async allRows(): Promise<Iterable<Row>> {
    await this.catchUp();
    return this.snapshot!.rows.values();
  }

  /**
   * Applies every change recorded before the caller's `freshSince` (its request's start, or its
   * last store of its own writes). Callers arriving while a catch-up waits to start share it (it
   * reads as fresh as the freshest of them needs); once it has started, the next caller queues a new one.
   */
  catchUp(): Promise<void> {
    const since = this.source.freshSince();
    if (this.pendingCatchUp) {
      this.pendingCatchUp.since = Math.max(this.pendingCatchUp.since, since);
      return this.pendingCatchUp.run;
    }
    const pending = { since, run: Promise.resolve() };
    pending.run = this.exclusive(async () => {
      this.pendingCatchUp = null;
      try {
        await this.applyChanges(pending.since);
      } catch (error) {
        if (!(error instanceof ChangeFeedGap)) throw error;
        this.replace(await this.readAll());
        await this.applyChanges(pending.since);
      }
    });
    this.pendingCatchUp = pending;
    return pending.run;
  }

  /** Runs `step` after every step queued before it: the snapshot changes one step at a time. */
  private exclusive(step: () => Promise<void>): Promise<void> {
    const run = this.tail.then(step);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async applyChanges(since: number): Promise<void> {
    if (!this.snapshot) this.replace(await this.readAll());
    const snapshot = this.snapshot!;
    let changed: Set<string>;
    try {
      changed = await snapshot.cursor.read(since);
    } catch (error) {
      if (error instanceof ChangeFeedGap) throw error;
      // Nothing was applied, but the cursor may have moved: start over from the collection.
      this.snapshot = null;
      throw error;
    }
    if (changed.size === 0) return;
    if (changed.size > Math.max(POINT_READ_LIMIT, snapshot.rows.size / 10)) {
      this.replace(await this.readAll());
      return this.applyChanges(since);
    }
    const ids = [...changed];
    const fresh = new Map<string, Row>();
    try {
      for (let i = 0; i < ids.length; i += READ_BY_IDS_CHUNK) {
        for (const [id, row] of await this.source.readByIds(ids.slice(i, i + READ_BY_IDS_CHUNK))) fresh.set(id, row);
      }
    } catch (error) {
      this.snapshot = null;
      throw error;
    }
    const sameRow = (a: Row, b: Row) => this.source.idOf(a) === this.source.idOf(b);
    this.summaries.clear();
    for (const id of changed) {
      const before = snapshot.rows.get(id);
      const after = fresh.get(id);
      if (after) snapshot.rows.set(id, after);
      else snapshot.rows.delete(id);
      this.rekey(snapshot, before, after);
      for (const { rows, compare } of this.sortedBy.values()) moveSorted(rows, compare, before, after, sameRow);
    }
  }

  /** Every row, and the feed position it reflects (read first: later entries are re-applied). */
  private async readAll(): Promise<Snapshot<Row>> {
    const started = Date.now();
    const cursor = await this.source.openCursor();
    const rows = await this.source.readAll();
    this.scheduleRefresh(Date.now() - started);
    const keyOf = this.source.keyOf?.bind(this.source);
    return {
      rows: new Map(rows.map((row) => [this.source.idOf(row), row])),
      byKey: new Map(keyOf ? rows.map((row) => [keyOf(row), row]) : []),
      cursor,
    };
  }

  private rekey(snapshot: Snapshot<Row>, before: Row | undefined, after: Row | undefined): void {
    if (!this.source.keyOf) return;
    if (before) snapshot.byKey.delete(this.source.keyOf(before));
    if (after) snapshot.byKey.set(this.source.keyOf(after), after);
  }

  private replace(snapshot: Snapshot<Row>): void {
    this.snapshot = snapshot;
    this.sortedBy.clear();
    this.summaries.clear();
  }

  private scheduleRefresh(lastReadMs: number): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    const delay = Math.max(REFRESH_MIN_MS, REFRESH_COST_SHARE * lastReadMs);
    this.refreshTimer = setTimeout(() => void this.refreshInBackground(), delay).unref();
  }

  /** Re-reads everything while pages are still served from the current rows, then swaps. */
  private async refreshInBackground(): Promise<void> {
    try {
      const fresh = await this.readAll();
      await this.exclusive(async () => this.replace(fresh));
    } catch {
      // Pages keep following the feed meanwhile; try again after the shortest interval.
      this.scheduleRefresh(0);
    }
  }

  /** All rows in `sort` order: sorted once, then kept in order as rows change. */
  private ordered(sort: SortSpec): Row[] {
    const key = JSON.stringify(sort);
    let sorted = this.sortedBy.get(key);
    if (!sorted) {
      const compare = compileSort<Row>(sort);
      sorted = { compare, rows: [...this.snapshot!.rows.values()].sort(compare) };
      this.sortedBy.set(key, sorted);
    }
    return sorted.rows;
  }
}

/**
 * The rows matching a MongoDB filter. A top-level `{field: {$in: [strings]}}` is tested with a Set,
 * with MongoDB's meaning (the field's string, or any string of its array, is listed); mingo compares
 * a row with every listed value in turn, so an approvals page filtered by a tag 2,400 of 30,000
 * audios carry took 1.4 s. The rest of the filter is mingo's. An empty filter answers `rows` itself.
 */
export function filterRows<Row>(rows: Row[], filter: Record<string, unknown>): Row[] {
  if (Object.keys(filter).length === 0) return rows;
  const listed: Array<[string, Set<string>]> = [];
  const rest: Record<string, unknown> = {};
  for (const [field, condition] of Object.entries(filter)) {
    const values = stringsOfIn(condition);
    if (values && !field.startsWith('$') && !field.includes('.')) listed.push([field, new Set(values)]);
    else rest[field] = condition;
  }
  const query = Object.keys(rest).length > 0 ? new Query(rest) : null;
  return rows.filter((row) => {
    const fields = row as unknown as Record<string, unknown>;
    return listed.every(([field, values]) => isListed(fields[field], values)) && (!query || query.test(fields));
  });
}

/** The strings of a condition that is only `{$in: [strings]}`; undefined for any other condition. */
function stringsOfIn(condition: unknown): string[] | undefined {
  if (typeof condition !== 'object' || condition === null) return undefined;
  const keys = Object.keys(condition);
  const list = (condition as { $in?: unknown }).$in;
  if (keys.length !== 1 || !Array.isArray(list) || !list.every((v) => typeof v === 'string')) return undefined;
  return list as string[];
}

function isListed(value: unknown, values: Set<string>): boolean {
  if (typeof value === 'string') return values.has(value);
  return Array.isArray(value) && value.some((v) => typeof v === 'string' && values.has(v));
}
