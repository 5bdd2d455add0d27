import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';
import { Approval, ApprovalRecord } from './approval.schema';
import { inWriteCommands } from '../common/write-commands';

/** Newest approval first; _id breaks ties so pages never overlap. */
const PAGE_SORT = { approval_date: -1, _id: -1 } as const;

const isDuplicateKey = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: number }).code === 11000;

const filterByTags = (tagKeys: string[]) => (tagKeys.length ? { tag_keys: { $all: tagKeys } } : {});

@Injectable()
export class ApprovalsRepository {
  constructor(@InjectModel(Approval.name) private readonly approvals: Model<Approval>) {}

  findPageByTags(tagKeys: string[], skip: number, limit: number): Promise<ApprovalRecord[]> {
    return this.approvals.find(filterByTags(tagKeys)).sort(PAGE_SORT).skip(skip).limit(limit).lean<ApprovalRecord[]>().exec();
  }

  countByTags(tagKeys: string[]): Promise<number> {
    return this.approvals.countDocuments(filterByTags(tagKeys)).exec();
  }

  findById(id: string): Promise<ApprovalRecord | null> {
    return this.approvals.findOne({ _id: id }).lean<ApprovalRecord>().exec();
  }

  async upsert(row: ApprovalRecord): Promise<void> {
    const { _id, ...fields } = row;
    try {
      await this.approvals.updateOne({ _id }, { $set: fields }, { upsert: true }).exec();
    } catch (error) {
      // Another API instance inserted the row between FerretDB's read and its insert: update it.
      if (!isDuplicateKey(error)) throw error;
      await this.approvals.updateOne({ _id }, { $set: fields }).exec();
    }
  }

  async upsertMany(rows: ApprovalRecord[]): Promise<void> {
    if (rows.length === 0) return;
    const ops: AnyBulkWriteOperation<Approval>[] = rows.map(({ _id, ...fields }) => ({
      updateOne: { filter: { _id }, update: { $set: fields }, upsert: true },
    }));
    await inWriteCommands(ops, (slice) => this.approvals.bulkWrite(slice, { ordered: false }));
  }

  async deleteById(id: string): Promise<void> {
    await this.approvals.deleteOne({ _id: id }).exec();
  }

  async setAudioFacts(musicCanonicalId: string, facts: Pick<ApprovalRecord, 'audio_name' | 'artist_name' | 'tag_keys'>): Promise<void> {
    await this.approvals.updateMany({ music_canonical_id: musicCanonicalId }, { $set: facts }).exec();
  }

  async removeTagKey(tagKey: string): Promise<void> {
    await this.approvals.updateMany({ tag_keys: tagKey }, { $pullAll: { tag_keys: [tagKey] } }).exec();
  }

  async renameApprover(from: string, to: string): Promise<void> {
    await this.approvals.updateMany({ approval_by: from }, { $set: { approval_by: to } }).exec();
  }

  async hasAny(): Promise<boolean> {
    return (await this.approvals.findOne({}, { _id: 1 }).lean().exec()) !== null;
  }
}
