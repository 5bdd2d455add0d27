import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';

import { Reel, ReelRecord } from './reel.schema';

export type ReelCounterRow = Pick<ReelRecord, 'music_canonical_id' | 'taken_at'>;

@Injectable()
export class ReelsRepository {
  constructor(@InjectModel(Reel.name) private readonly reels: Model<Reel>) {}

  /**
   * Reels per audio taken within the window (both ends inclusive), counted here from a projected
   * scan: FerretDB's $group slows down sharply with many groups.
   */
  async countPerAudio(window: { from?: Date; to?: Date }): Promise<Array<{ musicCanonicalId: string; count: number }>> {
    const takenAt: Record<string, Date> = {};
    if (window.from) takenAt.$gte = window.from;
    if (window.to) takenAt.$lte = window.to;
    const filter = Object.keys(takenAt).length ? { taken_at: takenAt } : {};
    const counts = new Map<string, number>();
    for await (const reel of this.reels
      .find(filter, { _id: 0, music_canonical_id: 1 })
      .lean<{ music_canonical_id: string }>()
      .cursor({ batchSize: 5000 })) {
      counts.set(reel.music_canonical_id, (counts.get(reel.music_canonical_id) ?? 0) + 1);
    }
    return [...counts].map(([musicCanonicalId, count]) => ({ musicCanonicalId, count }));
  }

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
    await this.reels.bulkWrite(ops, { ordered: false });
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
