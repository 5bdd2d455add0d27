import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';

import { isDuplicateKeyError } from '../common/duplicate-key';
import { Tag, TagRecord } from './tag.schema';

const FIELDS = { _id: 0, text: 1, text_key: 1, used_count: 1, count_updated_at: 1, created_at: 1 } as const;

@Injectable()
export class TagsRepository {
  constructor(@InjectModel(Tag.name) private readonly tags: Model<Tag>) {}

  countAll(): Promise<number> {
    return this.tags.countDocuments({}).exec();
  }

  listOrderedByText(): Promise<TagRecord[]> {
    return this.tags.find({}, FIELDS).sort({ text_key: 1 }).lean<TagRecord[]>().exec();
  }

  findByKeys(textKeys: string[]): Promise<TagRecord[]> {
    return this.tags
      .find({ text_key: { $in: textKeys } }, FIELDS)
      .lean<TagRecord[]>()
      .exec();
  }

  /** Inserts a new tag; false when one with the same key exists. */
  async insert(text: string, textKey: string): Promise<boolean> {
    try {
      await this.tags.create({
        text,
        text_key: textKey,
        used_count: 0,
        count_updated_at: new Date(),
        created_at: new Date(),
      });
      return true;
    } catch (e) {
      if (isDuplicateKeyError(e)) return false;
      throw e;
    }
  }

  /** Creates the tags that do not exist yet; a concurrent creation of the same key is not an error. */
  async insertMissing(tags: Array<{ text: string; textKey: string }>): Promise<void> {
    if (tags.length === 0) return;
    const now = new Date();
    const ops: AnyBulkWriteOperation<Tag>[] = tags.map((t) => ({
      updateOne: {
        filter: { text_key: t.textKey },
        update: {
          $setOnInsert: { text: t.text, text_key: t.textKey, used_count: 0, count_updated_at: now, created_at: now },
        },
        upsert: true,
      },
    }));
    try {
      await this.tags.bulkWrite(ops, { ordered: false });
    } catch (e) {
      if (!isDuplicateKeyError(e)) throw e;
    }
  }

  /**
   * Moves each tag's used count by its delta, and the count's time (`count_updated_at`) with it; a tag whose record
   * is gone is skipped, and so is one that is not the record `id` names, or was made after `bornBy` (a tag deleted
   * and made again meanwhile counts only what happened to it).
   */
  async incrementUsedCounts(deltas: Array<{ textKey: string; n: number; id?: string; bornBy?: Date }>): Promise<void> {
    const now = new Date();
    const ops: AnyBulkWriteOperation<Tag>[] = deltas.map(({ textKey, n, id, bornBy }) => ({
      updateOne: {
        filter: { text_key: textKey, ...(id ? { _id: id } : {}), ...(bornBy ? { created_at: { $lte: bornBy } } : {}) },
        update: { $inc: { used_count: n }, $set: { count_updated_at: now } },
      },
    }));
    await this.tags.bulkWrite(ops, { ordered: false });
  }

  /** Sets used counts; the count's time moves only where the count does (a recount that finds it right leaves it). */
  async setUsedCounts(counts: Map<string, number>): Promise<void> {
    const now = new Date();
    const ops: AnyBulkWriteOperation<Tag>[] = [...counts].map(([textKey, n]) => ({
      updateOne: {
        filter: { text_key: textKey, used_count: { $ne: n } },
        update: { $set: { used_count: n, count_updated_at: now } },
      },
    }));
    await this.tags.bulkWrite(ops, { ordered: false });
  }

  /**
   * Marks the tag as being deleted until `until` and answers its record's id; null when there is none, or another
   * deletion of it is under way.
   */
  async markDeleting(textKey: string, now: Date, until: Date): Promise<string | null> {
    const marked = await this.tags
      .findOneAndUpdate(
        { text_key: textKey, $or: [{ deleting_until: null }, { deleting_until: { $lte: now } }] },
        // No projection: the embedded database's findAndModify takes none.
        { $set: { deleting_until: until } },
      )
      .lean<{ _id: unknown }>()
      .exec();
    return marked ? String(marked._id) : null;
  }

  async deleteById(id: string): Promise<void> {
    await this.tags.deleteOne({ _id: id }).exec();
  }

  /** The text and record id of each of these tags that exists, by key. */
  async findSpellingsAndIds(textKeys: string[]): Promise<Map<string, { text: string; id: string }>> {
    const rows = await this.tags
      .find({ text_key: { $in: textKeys } }, { _id: 1, text: 1, text_key: 1 })
      .lean<Array<{ _id: unknown; text: string; text_key: string }>>()
      .exec();
    return new Map(rows.map((r) => [r.text_key, { text: r.text, id: String(r._id) }]));
  }

  /** Of these tags (key → record id), the ones whose record is gone, is another by now, or is being deleted. */
  async findGone(records: Map<string, string>, now: Date): Promise<string[]> {
    if (records.size === 0) return [];
    const live = await this.tags
      .find(
        {
          _id: { $in: [...records.values()] },
          $or: [{ deleting_until: null }, { deleting_until: { $lte: now } }],
        },
        { _id: 1 },
      )
      .lean<Array<{ _id: unknown }>>()
      .exec();
    const liveIds = new Set(live.map((r) => String(r._id)));
    return [...records].filter(([, id]) => !liveIds.has(id)).map(([key]) => key);
  }

  async listKeys(): Promise<string[]> {
    const rows = await this.tags.find({}, { _id: 0, text_key: 1 }).lean<Array<Pick<TagRecord, 'text_key'>>>().exec();
    return rows.map((r) => r.text_key);
  }

  /** Every tag's stored used count, by key. */
  async findUsedCounts(): Promise<Map<string, number>> {
    const rows = await this.tags
      .find({}, { _id: 0, text_key: 1, used_count: 1 })
      .lean<Array<Pick<TagRecord, 'text_key' | 'used_count'>>>()
      .exec();
    return new Map(rows.map((r) => [r.text_key, r.used_count ?? 0]));
  }

  /** Sets a tag's used count to `counted` only if it still is `stored`; false when it moved meanwhile. */
  async setUsedCountIf(textKey: string, stored: number, counted: number): Promise<boolean> {
    const res = await this.tags
      .updateOne(
        { text_key: textKey, used_count: stored },
        { $set: { used_count: counted, count_updated_at: new Date() } },
      )
      .exec();
    return res.modifiedCount > 0;
  }
}
