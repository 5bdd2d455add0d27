import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { isDuplicateKeyError } from '../persistence/duplicate-key';
import { leaseId, LockLease, LockLeaseRecord } from './lock-lease.schema';

/** Generations kept behind the current one; a writer that stale would fail its insert anyway. */
const KEPT_GENERATIONS = 20;

@Injectable()
export class LocksRepository {
  constructor(@InjectModel(LockLease.name) private readonly leases: Model<LockLease>) {}

  /** The newest generation of the audio's lock, or null when it was never locked. */
  findCurrent(musicCanonicalId: string): Promise<LockLeaseRecord | null> {
    return this.leases
      .findOne({ music_canonical_id: musicCanonicalId })
      .sort({ gen: -1 })
      .lean<LockLeaseRecord>()
      .exec();
  }

  /** Inserts generation `gen`; false when another writer inserted it first. */
  async insertGeneration(
    musicCanonicalId: string,
    gen: number,
    holder: string | null,
    expiresAt: Date | null,
    now: Date,
  ): Promise<boolean> {
    try {
      await this.leases.create({
        _id: leaseId(musicCanonicalId, gen),
        music_canonical_id: musicCanonicalId,
        gen,
        holder,
        expires_at: expiresAt,
        created_at: now,
      });
      return true;
    } catch (e) {
      if (isDuplicateKeyError(e)) return false;
      throw e;
    }
  }

  async pruneBefore(musicCanonicalId: string, gen: number): Promise<void> {
    await this.leases.deleteMany({ music_canonical_id: musicCanonicalId, gen: { $lt: gen - KEPT_GENERATIONS } }).exec();
  }

  async renameHolder(from: string, to: string): Promise<void> {
    await this.leases.updateMany({ holder: from }, { $set: { holder: to } }).exec();
  }
}
