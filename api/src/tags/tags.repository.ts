import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';

import { isDuplicateKeyError } from '../persistence/duplicate-key';
import { inWriteCommands } from '../persistence/write-commands';
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
    await inWriteCommands(ops, async (slice) => {
      try {
        await this.tags.bulkWrite(slice, { ordered: false });
      } catch (e) {
        if (!isDuplicateKeyError(e)) throw e;
      }
    });
  }

  /** Moves used counts by the given amounts (a tag whose record is gone is skipped). */
  async incrementUsedCounts(deltas: Map<string, number>): Promise<void> {
    const ops: AnyBulkWriteOperation<Tag>[] = [...deltas].map(([textKey, n]) => ({
      updateOne: { filter: { text_key: textKey }, update: { $inc: { used_count: n } } },
    }));
    await inWriteCommands(ops, (slice) => this.tags.bulkWrite(slice, { ordered: false }));
  }

  async setUsedCounts(counts: Map<string, number>): Promise<void> {
    const now = new Date();
    const ops: AnyBulkWriteOperation<Tag>[] = [...counts].map(([textKey, n]) => ({
      updateOne: { filter: { text_key: textKey }, update: { $set: { used_count: n, count_updated_at: now } } },
    }));
    await inWriteCommands(ops, (slice) => this.tags.bulkWrite(slice, { ordered: false }));
  }

  async deleteByKey(textKey: string): Promise<TagRecord | null> {
    return this.tags.findOneAndDelete({ text_key: textKey }).lean<TagRecord>().exec();
  }

  async listKeys(): Promise<string[]> {
    const rows = await this.tags.find({}, { _id: 0, text_key: 1 }).lean<Array<Pick<TagRecord, 'text_key'>>>().exec();
    return rows.map((r) => r.text_key);
  }
}
