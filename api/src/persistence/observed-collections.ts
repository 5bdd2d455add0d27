import { Query as MingoQuery } from 'mingo';
import { type AnyBulkWriteOperation, type Connection, Model, type Query, type Schema, Types } from 'mongoose';

import { ChangeFeed } from './change-feed';

/**
 * What the lists kept in memory read of one collection: which documents are rows (all, if not
 * said), and which fields they read, either as the fields no list reads (`unlisted`) or as the
 * only fields any list reads (`listed`). A write that touches no listed field is not recorded, nor
 * a write that left a document out of the rows that was not a row before.
 */
type Observed = {
  unlisted?: ReadonlySet<string>;
  listed?: ReadonlySet<string>;
  rowsAre?: Record<string, unknown>;
};

/** The collections whose changes are recorded in the change feed. Registered once here; repositories write plainly. */
const OBSERVED: Record<string, Observed> = {
  audios: {
    // A lock refresh moves only its expiry: lists keep the expiry the lock was taken with and ask
    // the database about a lock that ran out by their copy (AudiosService.list).
    unlisted: new Set(['edits_in_flight', 'edit_touched_at', 'lock_expires_at']),
  },
  // Every request checks its cookie against the sessions kept in memory (SessionsRepository).
  sessions: {},
  // The approvals page: done beats and approved templates.
  beats: {
    rowsAre: { done: true },
    listed: new Set(['music_canonical_id', 'done', 'done_at', 'done_by', 'segments_info']),
  },
  templates: {
    rowsAre: { approved: true },
    listed: new Set([
      'music_canonical_id',
      'approved',
      'approved_at',
      'approved_by',
      'segments_count',
      'segments_length_ms',
    ]),
  },
};

/** Each observed collection's `rowsAre`, compiled once. */
const ROW_TESTS = new Map(
  Object.entries(OBSERVED).flatMap(([stream, o]) => (o.rowsAre ? [[stream, new MingoQuery(o.rowsAre)] as const] : [])),
);

/** Which documents of `collection` the lists read as rows (every one when the filter is empty). */
export function rowsOf(collection: string): Record<string, unknown> {
  return OBSERVED[collection]?.rowsAre ?? {};
}

const QUERY_WRITES: Array<
  | 'updateOne'
  | 'updateMany'
  | 'replaceOne'
  | 'deleteOne'
  | 'deleteMany'
  | 'findOneAndUpdate'
  | 'findOneAndReplace'
  | 'findOneAndDelete'
> = [
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
];

type ListMode = 'auto' | 'memory' | 'database';

/** Per connection: whether lists are kept in memory, and the feed their writers record changes in. */
export class ChangeRecording {
  readonly feed: ChangeFeed;
  private decided?: Promise<boolean>;

  constructor(
    private readonly connection: Connection,
    private readonly mode: ListMode,
  ) {
    this.feed = new ChangeFeed(connection);
  }

  /**
   * Whether lists are answered from memory: the setting, or the server's kind (the embedded
   * FerretDB scans whole collections for every filter, sort and count). Every process on one
   * database decides alike, so writers record changes exactly when readers follow them.
   */
  usesMemory(): Promise<boolean> {
    this.decided ??= this.decide().catch((error: unknown) => {
      this.decided = undefined;
      throw error;
    });
    return this.decided;
  }

  private async decide(): Promise<boolean> {
    if (this.mode !== 'auto') return this.mode === 'memory';
    await this.connection.asPromise();
    const info = await this.connection.db!.admin().command({ buildInfo: 1 });
    return 'ferretdbVersion' in info;
  }
}

const recordings = new WeakMap<Connection, ChangeRecording>();

/** Sets a connection up: its writes to the observed collections record their changes. */
export function observeCollections(connection: Connection, mode: ListMode): ChangeRecording {
  const recording = new ChangeRecording(connection, mode);
  recordings.set(connection, recording);
  connection.plugin(observedCollectionsPlugin);
  return recording;
}

export function recordingOf(connection: Connection): ChangeRecording {
  const recording = recordings.get(connection);
  if (!recording) throw new Error('the connection was not set up by the persistence wing');
  return recording;
}

/** The recording where `model`'s collection is observed and lists are kept in memory, else null. */
async function activeRecording(model: Model<unknown>): Promise<{ recording: ChangeRecording; stream: string } | null> {
  // Subdocuments' schemas carry the plugin too; they have no collection of their own.
  const stream = model?.collection?.collectionName;
  if (!stream || !(stream in OBSERVED)) return null;
  const recording = recordings.get(model.db);
  if (!recording || !(await recording.usesMemory())) return null;
  return { recording, stream };
}

/** The ids a filter names by `_id` (equality or `$in`), or null when it selects otherwise. */
function idsOfFilter(filter: Record<string, unknown> | undefined): string[] | null {
  const id = filter?._id;
  if (typeof id === 'string' || typeof id === 'number') return [String(id)];
  if (id instanceof Types.ObjectId) return [id.toHexString()];
  if (id && typeof id === 'object' && '$in' in id) {
    const list = (id as { $in: unknown }).$in;
    return Array.isArray(list) ? list.map(String) : null;
  }
  return null;
}

/** True when an update sets only fields no list reads. */
function touchesOnlyUnlisted(stream: string, update: unknown): boolean {
  if (!update || typeof update !== 'object' || Array.isArray(update)) return false;
  const { unlisted, listed } = OBSERVED[stream];
  if (!listed && !unlisted?.size) return false;
  const readByLists = (field: string) => (listed ? listed.has(field) : !unlisted!.has(field));
  for (const [op, fields] of Object.entries(update as Record<string, unknown>)) {
    if (!op.startsWith('$') || !fields || typeof fields !== 'object') return false;
    for (const path of Object.keys(fields)) if (readByLists(path.split('.')[0])) return false;
  }
  return true;
}

/**
 * True when a `findOneAnd…` write that answered the document as it was before (or deleted it)
 * left a document that is no row and was none: no list saw it, nothing to record.
 */
function neverARow(stream: string, query: PlannedQuery, result: unknown): boolean {
  const isRow = ROW_TESTS.get(stream);
  if (!isRow || !query.op?.startsWith('findOneAnd')) return false;
  const before = ((result as { value?: unknown } | null)?.value ?? result) as Record<string, unknown> | null;
  if (!before || typeof before !== 'object') return false;
  const options = query.getOptions() as { new?: boolean; returnDocument?: string };
  if (options.new === true || options.returnDocument === 'after') return false;
  if (isRow.test(before)) return false;
  if (query.op === 'findOneAndDelete') return true;
  const update = query.getUpdate() as Record<string, unknown> | null;
  if (!update || Object.keys(update).some((op) => op !== '$set' && op !== '$inc' && op !== '$unset')) return false;
  const after: Record<string, unknown> = { ...before, ...((update.$set as Record<string, unknown> | undefined) ?? {}) };
  for (const field of Object.keys((update.$unset as Record<string, unknown> | undefined) ?? {})) delete after[field];
  return !isRow.test(after);
}

async function findIds(model: Model<unknown>, filter: Record<string, unknown>): Promise<string[]> {
  const rows = await model.find(filter, { _id: 1 }).lean<Array<{ _id: unknown }>>().exec();
  return rows.map((r) => String(r._id));
}

const PLANNED = Symbol('recorded ids');
type PlannedQuery = Query<unknown, unknown> & {
  op?: string;
  [PLANNED]?: { stream: string; ids: string[] | null } | null;
};

async function recordQuietly(model: Model<unknown>, stream: string, ids: string[]): Promise<void> {
  const recording = recordings.get(model.db);
  if (recording) await recording.feed.append(stream, ids).catch(() => undefined);
}

/**
 * The plugin the wing lays on every schema of its connection: writes to the observed collections
 * record the ids they changed, even when they failed part-way (an id recorded needlessly costs one
 * re-read).
 */
function observedCollectionsPlugin(schema: Schema): void {
  schema.pre(QUERY_WRITES, { document: false, query: true }, async function (this: PlannedQuery) {
    const active = await activeRecording(this.model as Model<unknown>);
    if (!active || touchesOnlyUnlisted(active.stream, this.getUpdate())) {
      this[PLANNED] = null;
      return;
    }
    const filter = this.getFilter() as Record<string, unknown>;
    let ids = idsOfFilter(filter);
    if (!ids && !this.op?.startsWith('findOneAnd')) {
      // A write by filter: the ids first, and the write kept to them (rows added meanwhile record their own change).
      ids = await findIds(this.model as Model<unknown>, filter);
      this.setQuery(
        filter._id === undefined ? { ...filter, _id: { $in: ids } } : { $and: [filter, { _id: { $in: ids } }] },
      );
    }
    this[PLANNED] = { stream: active.stream, ids };
  });

  schema.post(QUERY_WRITES, { document: false, query: true }, async function (this: PlannedQuery, result: unknown) {
    const planned = this[PLANNED];
    if (!planned || neverARow(planned.stream, this, result)) return;
    const ids = [...(planned.ids ?? idOfResult(result)), ...upsertedIds(result)];
    if (ids.length > 0) await recordingOf(this.model.db).feed.append(planned.stream, ids);
  });

  // Mongoose's types lack this overload (error handler of query middleware with options).
  (schema.post as (...args: unknown[]) => Schema)(
    QUERY_WRITES,
    { document: false, query: true },
    function (this: PlannedQuery, error: unknown, _result: unknown, next: (error?: unknown) => void) {
      const planned = this[PLANNED];
      if (!planned?.ids?.length) return next(error);
      void recordQuietly(this.model as Model<unknown>, planned.stream, planned.ids).then(() => next(error));
    },
  );

  schema.post('save', async function (doc: { _id: unknown; constructor: unknown; toObject(): unknown }) {
    const model = doc.constructor as Model<unknown>;
    const active = await activeRecording(model);
    if (!active) return;
    // A new document that is no row is in no list.
    const isRow = ROW_TESTS.get(active.stream);
    if (isRow && !isRow.test(doc.toObject() as Record<string, unknown>)) return;
    await active.recording.feed.append(active.stream, [String(doc._id)]);
  });

  schema.statics.bulkWrite = async function (
    this: Model<unknown>,
    ops: AnyBulkWriteOperation[],
    options: Record<string, unknown> = {},
  ) {
    const active = await activeRecording(this);
    const ids = active ? await idsOfBulk(this, active.stream, ops) : [];
    let result: unknown;
    try {
      result = await Model.bulkWrite.call(this, ops, options);
    } catch (error) {
      // A bulk write that failed may still have written some of its statements.
      if (active) await recordQuietly(this, active.stream, ids);
      throw error;
    }
    ids.push(...upsertedIds(result));
    if (active && ids.length > 0) await active.recording.feed.append(active.stream, ids);
    return result;
  };

  schema.statics.insertMany = async function (this: Model<unknown>, docs: unknown, options?: unknown) {
    const active = await activeRecording(this);
    const list = (Array.isArray(docs) ? docs : [docs]) as Array<{ _id?: unknown }>;
    let inserted: unknown = null;
    try {
      inserted = await (Model.insertMany as (...args: unknown[]) => Promise<unknown>).call(this, docs, options);
      return inserted;
    } finally {
      // The ids the documents came with or were given (the driver sets them on the documents it sends).
      const given = Array.isArray(inserted) ? (inserted as Array<{ _id?: unknown }>) : [];
      const ids = [...new Set([...list, ...given].filter((d) => d?._id !== undefined).map((d) => String(d._id)))];
      if (active && ids.length > 0) await active.recording.feed.append(active.stream, ids);
    }
  };
}

/** The ids of the documents an upsert inserted (an `updateOne` or a bulk write's answer). */
function upsertedIds(result: unknown): string[] {
  const r = result as { upsertedId?: unknown; upsertedIds?: Record<string, unknown> } | null;
  if (!r || typeof r !== 'object') return [];
  const ids = r.upsertedIds ? Object.values(r.upsertedIds) : r.upsertedId ? [r.upsertedId] : [];
  return ids.map(String);
}

function idOfResult(result: unknown): string[] {
  const doc = (result as { value?: unknown } | null)?.value ?? result;
  const id = (doc as { _id?: unknown } | null)?._id;
  return id === undefined || id === null ? [] : [String(id)];
}

/** The ids the statements of one bulk write may change (found first for statements by filter). */
async function idsOfBulk(model: Model<unknown>, stream: string, ops: AnyBulkWriteOperation[]): Promise<string[]> {
  const ids: string[] = [];
  for (const op of ops as Array<
    Record<string, { filter?: Record<string, unknown>; update?: unknown; document?: { _id?: unknown } }>
  >) {
    const [kind, spec] = Object.entries(op)[0];
    if (kind === 'insertOne') {
      if (spec.document?._id !== undefined) ids.push(String(spec.document._id));
      continue;
    }
    if (touchesOnlyUnlisted(stream, spec.update)) continue;
    ids.push(...(idsOfFilter(spec.filter) ?? (await findIds(model, spec.filter ?? {}))));
  }
  return ids;
}
