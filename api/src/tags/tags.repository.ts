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
   * is gone is skipped.
   */
  async incrementUsedCounts(deltas: Map<string, number>): Promise<void> {
    const now = new Date();
    const ops: AnyBulkWriteOperation<Tag>[] = [...deltas].map(([textKey, n]) => ({
      updateOne: {
        filter: { text_key: textKey },
        update: { $inc: { used_count: n }, $set: { count_updated_at: now } },
      },
    }));
    await this.tags.bulkWrite(ops, { ordered: false });
  }

  async setUsedCounts(counts: Map<string, number>): Promise<void> {
    const now = new Date();
    const ops: AnyBulkWriteOperation<Tag>[] = [...counts].map(([textKey, n]) => ({
      updateOne: { filter: { text_key: textKey }, update: { $set: { used_count: n, count_updated_at: now } } },
    }));
    await this.tags.bulkWrite(ops, { ordered: false });
  }

  async deleteByKey(textKey: string): Promise<TagRecord | null> {
    return this.tags.findOneAndDelete({ text_key: textKey }).lean<TagRecord>().exec();
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
