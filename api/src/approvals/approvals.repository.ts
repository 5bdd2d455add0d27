import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, FilterQuery, Model } from 'mongoose';

import { isDuplicateKeyError } from '../persistence/duplicate-key';
import { ListQueries, type ListQuery } from '../persistence/list-query';
import type { SortSpec } from '../persistence/sort-order';
import { Approval, ApprovalRecord, SHOWN_ROWS } from './approval.schema';

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
    this.list = lists.of<ApprovalRecord>(approvals, { fields: {}, idField: '_id', rowsAre: SHOWN_ROWS });
  }

  /** A row of the page, or null (none, or removed). */
  findById(id: string): Promise<ApprovalRecord | null> {
    return this.approvals
      .findOne({ _id: id, ...SHOWN_ROWS })
      .lean<ApprovalRecord>()
      .exec();
  }

  /** Every row of the page, read from the collection: its source and the version it shows. */
  findShownSources(): Promise<Array<Pick<ApprovalRecord, '_id' | 'src' | 'ref_id' | 'source_version'>>> {
    return this.approvals
      .find(SHOWN_ROWS, { _id: 1, src: 1, ref_id: 1, source_version: 1 })
      .lean<Array<Pick<ApprovalRecord, '_id' | 'src' | 'ref_id' | 'source_version'>>>()
      .exec();
  }

  async upsertMany(rows: ApprovalRecord[]): Promise<void> {
    if (rows.length === 0) return;
    const ops: AnyBulkWriteOperation<Approval>[] = rows.map(({ _id, ...fields }) => ({
      updateOne: { filter: { _id }, update: { $set: { ...fields, removed: false } }, upsert: true },
    }));
    await this.approvals.bulkWrite(ops, { ordered: false });
  }

  /**
   * Writes a row of a versioned source unless the row already reflects a later version, in one
   * conditional upsert (atomic on the embedded server as on MongoDB): when the filter misses
   * because a later version is stored, the insert it falls back to is refused as a duplicate.
   */
  upsertAtVersion(row: ApprovalRecord & { source_version: number }): Promise<void> {
    const { _id, ...fields } = row;
    return this.writeAtVersion(_id, row.source_version, { ...fields, removed: false });
  }

  /**
   * Removes the row of a versioned source from the page unless it reflects a later version. The
   * document stays, holding that version, so a write of an older version landing later is refused.
   */
  removeAtVersion(id: string, version: number): Promise<void> {
    return this.writeAtVersion(id, version, { removed: true, source_version: version });
  }

  private async writeAtVersion(_id: string, version: number, fields: Record<string, unknown>): Promise<void> {
    const older = { $or: [{ source_version: { $lt: version } }, { source_version: null }] };
    try {
      await this.approvals.updateOne({ _id, ...older }, { $set: fields }, { upsert: true }).exec();
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
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
    return (await this.approvals.findOne(SHOWN_ROWS, { _id: 1 }).lean().exec()) !== null;
  }

  private async updateWhere(filter: FilterQuery<Approval>, update: Record<string, unknown>): Promise<void> {
    await this.approvals.updateMany(filter, update).exec();
  }
}
