import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';

import { MemoryListIndex } from './memory-list-index';
import { type ChangeRecording, recordingOf, rowsOf } from './observed-collections';
import type { SortSpec } from './sort-order';

export type ListPage<Row> = { rows: Row[]; total: number };

/**
 * What a list reads of its collection: the fields of a row, the field that holds the row's `_id`,
 * and a unique field rows are also looked up by (`byKey`), if any. Which documents are rows is the
 * collection's (observed-collections.ts).
 */
export type ListShape = { fields: Record<string, 0 | 1>; idField: string; keyField?: string };

/**
 * One list over one collection, read the same way whatever the engine: from memory where lists
 * are kept there (every row, following the collection's change feed), else by queries.
 */
export class ListQuery<Row> {
  private readonly memory: MemoryListIndex<Row>;

  constructor(
    private readonly model: Model<unknown>,
    private readonly shape: ListShape,
    private readonly recording: ChangeRecording,
  ) {
    const stream = model.collection.collectionName;
    this.memory = new MemoryListIndex<Row>({
      openCursor: () => recording.feed.cursor(stream),
      freshSince: () => recording.feed.freshSince(),
      readAll: () => this.find({}),
      readByIds: async (ids) =>
        new Map((await this.find({ _id: { $in: ids } })).map((row) => [this.idOf(row), row] as const)),
      idOf: (row) => this.idOf(row),
      ...(shape.keyField ? { keyOf: (row: Row) => String((row as Record<string, unknown>)[shape.keyField!]) } : {}),
    });
  }

  /** One page of the rows matching `filter` (a MongoDB filter) in `sort` order, and how many match. */
  async page(filter: Record<string, unknown>, sort: SortSpec, skip: number, limit: number): Promise<ListPage<Row>> {
    if (await this.usesMemory()) return this.memory.page(filter, sort, skip, limit);
    const query = this.rowsMatching(filter);
    const [rows, total] = await Promise.all([
      this.model.find(query, this.shape.fields).sort(sort).skip(skip).limit(limit).lean<Row[]>().exec(),
      this.model.countDocuments(query).exec(),
    ]);
    return { rows, total };
  }

  /** The rows matching `filter`, in no particular order. */
  async matching(filter: Record<string, unknown>): Promise<Iterable<Row>> {
    if (await this.usesMemory()) return this.memory.matching(filter);
    return this.find(filter);
  }

  /**
   * `compute` over the rows matching `filter`. Where the list is kept in memory, the answer is kept
   * under `name` until a row changes (MemoryListIndex.summary): `compute` must answer from the rows
   * alone, and callers must not change its answer.
   */
  async summary<T>(name: string, filter: Record<string, unknown>, compute: (rows: Iterable<Row>) => T): Promise<T> {
    if (await this.usesMemory()) return this.memory.summary(name, filter, compute);
    return compute(await this.find(filter));
  }

  /** The rows of these ids (absent: no such row), by id. */
  async byIds(ids: string[]): Promise<Map<string, Row>> {
    if (await this.usesMemory()) return this.memory.byIds(ids);
    return new Map((await this.find({ _id: { $in: ids } })).map((row) => [this.idOf(row), row] as const));
  }

  /** The row whose `keyField` is `key`, if there is one. */
  async byKey(key: string): Promise<Row | undefined> {
    const field = this.shape.keyField;
    if (!field) throw new Error(`the list of ${this.model.collection.collectionName} has no key field`);
    if (await this.usesMemory()) return this.memory.byKey(key);
    return (
      (await this.model
        .findOne(this.rowsMatching({ [field]: key }), this.shape.fields)
        .lean<Row>()
        .exec()) ?? undefined
    );
  }

  /** Loads the list ahead of the first request, where it is kept in memory. */
  async warm(): Promise<void> {
    if (await this.recording.usesMemory()) await this.memory.catchUp();
  }

  stop(): void {
    this.memory.stop();
  }

  /** Whether the list is read from memory; if so, the caller's own writes are recorded first. */
  private async usesMemory(): Promise<boolean> {
    if (!(await this.recording.usesMemory())) return false;
    await this.recording.feed.storeHeld();
    return true;
  }

  private find(filter: Record<string, unknown>): Promise<Row[]> {
    return this.model.find(this.rowsMatching(filter), this.shape.fields).lean<Row[]>().exec();
  }

  private rowsMatching(filter: Record<string, unknown>): Record<string, unknown> {
    const rowsAre = rowsOf(this.model.collection.collectionName);
    if (Object.keys(rowsAre).length === 0) return filter;
    return Object.keys(filter).length === 0 ? rowsAre : { $and: [rowsAre, filter] };
  }

  private idOf(row: Row): string {
    return String((row as Record<string, unknown>)[this.shape.idField]);
  }
}

/** The lists features read, one per collection and shape; the one way a feature reads a list. */
@Injectable()
export class ListQueries implements OnModuleDestroy {
  private readonly recording: ChangeRecording;
  private readonly lists = new Map<string, ListQuery<unknown>>();

  constructor(@InjectConnection() connection: Connection) {
    this.recording = recordingOf(connection);
  }

  /** The list of `model`'s rows in `shape`; the same list for every caller asking for one collection. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  of<Row>(model: Model<any>, shape: ListShape): ListQuery<Row> {
    const key = model.collection.collectionName;
    let list = this.lists.get(key);
    if (!list) {
      list = new ListQuery<unknown>(model as unknown as Model<unknown>, shape, this.recording);
      this.lists.set(key, list);
    }
    return list as ListQuery<Row>;
  }

  onModuleDestroy(): void {
    for (const list of this.lists.values()) list.stop();
  }
}
