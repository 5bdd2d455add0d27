import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';
import { Reel, ReelRecord } from './reel.schema';
import { inWriteCommands } from '../common/write-commands';

export type ReelCounterRow = Pick<ReelRecord, 'music_canonical_id' | 'taken_at'>;

@Injectable()
export class ReelsRepository {
  constructor(@InjectModel(Reel.name) private readonly reels: Model<Reel>) {}

  findCounterRows(musicCanonicalIds: string[]): Promise<ReelCounterRow[]> {
    return this.reels
      .find({ music_canonical_id: { $in: musicCanonicalIds } }, { _id: 0, music_canonical_id: 1, taken_at: 1 })
      .lean<ReelCounterRow[]>()
      .exec();
  }

  /** Inserts or updates reels by `code`. */
  async upsertMany(records: ReelRecord[]): Promise<void> {
    if (records.length === 0) return;
    const ops: AnyBulkWriteOperation<Reel>[] = records.map((r) => ({
      updateOne: { filter: { code: r.code }, update: { $set: r }, upsert: true },
    }));
    await inWriteCommands(ops, (slice) => this.reels.bulkWrite(slice, { ordered: false }));
  }

  async insertMany(records: ReelRecord[]): Promise<void> {
    await this.reels.insertMany(records, { ordered: false, lean: true });
  }

  async findOwners(codes: string[]): Promise<Map<string, string>> {
    const rows = await this.reels
      .find({ code: { $in: codes } }, { _id: 0, code: 1, music_canonical_id: 1 })
      .lean<Array<Pick<ReelRecord, 'code' | 'music_canonical_id'>>>()
      .exec();
    return new Map(rows.map((r) => [r.code, r.music_canonical_id]));
  }
}
