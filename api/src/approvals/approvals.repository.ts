import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, FilterQuery, Model } from 'mongoose';

import type { ChangeFeed } from '../persistence/change-feed';
import { isDuplicateKeyError } from '../persistence/duplicate-key';
import { ListIndexMode } from '../persistence/list-index-mode';
import type { SortSpec } from '../persistence/sort-order';
import { inWriteCommands } from '../persistence/write-commands';
import { Approval, ApprovalRecord } from './approval.schema';

/** Newest approval first; _id breaks ties so pages never overlap. */
export const PAGE_SORT: SortSpec = { approval_date: -1, _id: -1 };

export const filterByTags = (tagKeys: string[]): FilterQuery<Approval> =>
  tagKeys.length ? { tag_keys: { $all: tagKeys } } : {};

@Injectable()
export class ApprovalsRepository {
  /** Which rows changed, for the processes that keep the approvals page in memory (approval-list-index.ts). */
  readonly changes: ChangeFeed;

  constructor(
    @InjectModel(Approval.name) private readonly approvals: Model<Approval>,
    private readonly listMode: ListIndexMode,
  ) {
    this.changes = listMode.feed('approvals');
  }

  /** Runs a write that may change the documents `ids`, recording them for the in-memory lists. */
  private recordingChanges<T>(ids: string[], write: () => Promise<T>): Promise<T> {
    return this.listMode.recording(this.changes, ids, write);
  }

  /** Ids of the rows matching `filter`, for a write by filter to record what it touched. */
  private async findIds(filter: FilterQuery<Approval>): Promise<string[]> {
    return (await this.approvals.find(filter, { _id: 1 }).lean<Array<{ _id: string }>>().exec()).map((r) => r._id);
  }

  findPageByTags(tagKeys: string[], skip: number, limit: number): Promise<ApprovalRecord[]> {
    return this.approvals
      .find(filterByTags(tagKeys))
      .sort(PAGE_SORT)
      .skip(skip)
      .limit(limit)
      .lean<ApprovalRecord[]>()
      .exec();
  }

  countByTags(tagKeys: string[]): Promise<number> {
    return this.approvals.countDocuments(filterByTags(tagKeys)).exec();
  }

  /** Every row (the in-memory page loads this once, then follows the changes). */
  findAll(): Promise<ApprovalRecord[]> {
    return this.approvals.find({}).lean<ApprovalRecord[]>().exec();
  }

  /** The rows of these ids; absent ids were deleted. */
  async findByIds(ids: string[]): Promise<Map<string, ApprovalRecord>> {
    const rows = await this.approvals
      .find({ _id: { $in: ids } })
      .lean<ApprovalRecord[]>()
      .exec();
    return new Map(rows.map((r) => [r._id, r]));
  }

  findById(id: string): Promise<ApprovalRecord | null> {
    return this.approvals.findOne({ _id: id }).lean<ApprovalRecord>().exec();
  }

  async upsert(row: ApprovalRecord): Promise<void> {
    const { _id, ...fields } = row;
    await this.recordingChanges([_id], async () => {
      try {
        await this.approvals.updateOne({ _id }, { $set: fields }, { upsert: true }).exec();
      } catch (error) {
        // Another API instance inserted the row between FerretDB's read and its insert: update it.
        if (!isDuplicateKeyError(error)) throw error;
        await this.approvals.updateOne({ _id }, { $set: fields }).exec();
      }
    });
  }

  async upsertMany(rows: ApprovalRecord[]): Promise<void> {
    if (rows.length === 0) return;
    const ops: AnyBulkWriteOperation<Approval>[] = rows.map(({ _id, ...fields }) => ({
      updateOne: { filter: { _id }, update: { $set: fields }, upsert: true },
    }));
    await this.recordingChanges(
      rows.map((r) => r._id),
      () => inWriteCommands(ops, (slice) => this.approvals.bulkWrite(slice, { ordered: false })),
    );
  }

  /** Deletes the row; a row that was not there is no change to record (most beat writes clear one). */
  async deleteById(id: string): Promise<void> {
    let deleted: number;
    try {
      ({ deletedCount: deleted } = await this.approvals.deleteOne({ _id: id }).exec());
    } catch (error) {
      await this.listMode.record(this.changes, [id]);
      throw error;
    }
    if (deleted > 0) await this.listMode.record(this.changes, [id]);
  }

  /** Deletes the template rows of these audios other than `keepIds`. */
  async deleteTemplateRowsOfAudiosExcept(musicCanonicalIds: string[], keepIds: string[]): Promise<void> {
    const ids = await this.findIds({
      src: 'template',
      music_canonical_id: { $in: musicCanonicalIds },
      _id: { $nin: keepIds },
    });
    if (ids.length > 0) await this.recordingChanges(ids, () => this.approvals.deleteMany({ _id: { $in: ids } }).exec());
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

  /** Updates the rows matching `filter`, recording which changed for the in-memory page. */
  private updateWhere(filter: FilterQuery<Approval>, update: Record<string, unknown>): Promise<void> {
    return this.listMode.writeByFilter(
      this.changes,
      () => this.findIds(filter),
      () => this.approvals.updateMany(filter, update).exec(),
      (ids) => this.approvals.updateMany({ _id: { $in: ids } }, update).exec(),
    );
  }
}
