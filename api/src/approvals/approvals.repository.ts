import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, FilterQuery, Model } from 'mongoose';

import { isDuplicateKeyError } from '../persistence/duplicate-key';
import { ListQueries, type ListQuery } from '../persistence/list-query';
import type { SortSpec } from '../persistence/sort-order';
import { Approval, ApprovalRecord } from './approval.schema';

/** Newest approval first; _id breaks ties so pages never overlap. */
export const PAGE_SORT: SortSpec = { approval_date: -1, _id: -1 };

export const filterByTags = (tagKeys: string[]): FilterQuery<Approval> =>
  tagKeys.length ? { tag_keys: { $all: tagKeys } } : {};

@Injectable()
export class ApprovalsRepository {
  /** The approvals page: every row. */
  readonly list: ListQuery<ApprovalRecord>;

  constructor(
    @InjectModel(Approval.name) private readonly approvals: Model<Approval>,
    lists: ListQueries,
  ) {
    this.list = lists.of<ApprovalRecord>(approvals, { fields: {}, idField: '_id' });
  }

  findById(id: string): Promise<ApprovalRecord | null> {
    return this.approvals.findOne({ _id: id }).lean<ApprovalRecord>().exec();
  }

  async upsert(row: ApprovalRecord): Promise<void> {
    const { _id, ...fields } = row;
    await this.approvals.updateOne({ _id }, { $set: fields }, { upsert: true }).exec();
  }

  async upsertMany(rows: ApprovalRecord[]): Promise<void> {
    if (rows.length === 0) return;
    const ops: AnyBulkWriteOperation<Approval>[] = rows.map(({ _id, ...fields }) => ({
      updateOne: { filter: { _id }, update: { $set: fields }, upsert: true },
    }));
    await this.approvals.bulkWrite(ops, { ordered: false });
  }

  /**
   * Writes a row of a versioned source unless the row already reflects a later version, in one
   * conditional upsert (atomic on the embedded server as on MongoDB): when the filter misses
   * because a later version is stored, the insert it falls back to is refused as a duplicate.
   */
  async upsertAtVersion(row: ApprovalRecord & { source_version: number }): Promise<void> {
    const { _id, ...fields } = row;
    const older = { $or: [{ source_version: { $lt: row.source_version } }, { source_version: null }] };
    try {
      await this.approvals.updateOne({ _id, ...older }, { $set: fields }, { upsert: true }).exec();
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** Deletes the row of a versioned source unless it reflects a later version. */
  async deleteAtVersion(id: string, version: number): Promise<void> {
    await this.approvals
      .deleteOne({ _id: id, $or: [{ source_version: { $lt: version } }, { source_version: null }] })
      .exec();
  }

  async deleteById(id: string): Promise<void> {
    await this.approvals.deleteOne({ _id: id }).exec();
  }

  /** An audio's rows take its new tag keys. */
  async setTagKeys(musicCanonicalId: string, tagKeys: string[]): Promise<void> {
    await this.updateWhere({ music_canonical_id: musicCanonicalId }, { $set: { tag_keys: tagKeys } });
  }

  /** Deletes the template rows of these audios other than `keepIds`. */
  async deleteTemplateRowsOfAudiosExcept(musicCanonicalIds: string[], keepIds: string[]): Promise<void> {
    await this.approvals
      .deleteMany({ src: 'template', music_canonical_id: { $in: musicCanonicalIds }, _id: { $nin: keepIds } })
      .exec();
  }

  async setAudioFacts(
    musicCanonicalId: string,
    facts: Pick<ApprovalRecord, 'audio_name' | 'artist_name' | 'tag_keys'>,
  ): Promise<void> {
    await this.updateWhere({ music_canonical_id: musicCanonicalId }, { $set: facts });
  }

  async removeTagKey(tagKey: string): Promise<void> {
    await this.updateWhere({ tag_keys: tagKey }, { $pullAll: { tag_keys: [tagKey] } });
  }

  async renameApprover(from: string, to: string): Promise<void> {
    await this.updateWhere({ approval_by: from }, { $set: { approval_by: to } });
  }

  async hasAny(): Promise<boolean> {
    return (await this.approvals.findOne({}, { _id: 1 }).lean().exec()) !== null;
  }

  private async updateWhere(filter: FilterQuery<Approval>, update: Record<string, unknown>): Promise<void> {
    await this.approvals.updateMany(filter, update).exec();
  }
}
