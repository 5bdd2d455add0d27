import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { Audio, type AudioRecord } from '../audios/audio.schema';
import type { AudioView } from '../audios/audios.repository';

/** The lock and the count of edits under way. */
export type AudioLockState = Pick<AudioRecord, 'locked_by' | 'lock_expires_at' | 'edits_in_flight' | 'edit_touched_at'>;

/** Filter part: nobody but `username` holds a live lock. */
function lockAllows(username: string, now: Date) {
  return { $or: [{ locked_by: null }, { locked_by: username }, { lock_expires_at: { $lte: now } }] };
}

/**
 * The part of the audio document the locks own: the lock and the edits under way. The audio list
 * shows the lock (its writes are recorded for the in-memory list); the count of edits under way is
 * in no list, so writes of it alone are not.
 */
@Injectable()
export class LocksRepository {
  constructor(@InjectModel(Audio.name) private readonly audios: Model<Audio>) {}

  /**
   * Takes or refreshes the lock for `username` in one conditional write: only while nobody else
   * holds a live lock and no other writer's edit is under way (a count older than `editsStaleBefore`
   * is a crashed writer's). False when the audio is missing or the condition failed.
   */
  async takeLock(
    musicCanonicalId: string,
    username: string,
    now: Date,
    expiresAt: Date,
    editsStaleBefore: Date,
  ): Promise<boolean> {
    const noOtherEdits = {
      $or: [
        { locked_by: username, lock_expires_at: { $gt: now } },
        { edits_in_flight: { $exists: false } },
        { edits_in_flight: { $lte: 0 } },
        { edit_touched_at: { $lt: editsStaleBefore } },
      ],
    };
    const res = await this.audios
      .updateOne(
        { _id: musicCanonicalId, $and: [lockAllows(username, now), noOtherEdits] },
        { $set: { locked_by: username, lock_expires_at: expiresAt } },
      )
      .exec();
    return res.matchedCount > 0;
  }

  /**
   * Extends `username`'s live lock to `expiresAt`, in one conditional write; false when the lock
   * is not theirs or has run out (the caller then takes it anew). Only the expiry changes, and the
   * lists do not follow it: a list that finds a lock run out asks the database (AudiosService.list).
   */
  async refreshLock(musicCanonicalId: string, username: string, now: Date, expiresAt: Date): Promise<boolean> {
    const res = await this.audios
      .updateOne(
        { _id: musicCanonicalId, locked_by: username, lock_expires_at: { $gt: now } },
        { $set: { lock_expires_at: expiresAt } },
      )
      .exec();
    return res.matchedCount > 0;
  }

  /** Clears the lock whoever holds it; false when the audio does not exist. */
  async clearLock(musicCanonicalId: string): Promise<boolean> {
    const res = await this.audios
      .updateOne({ _id: musicCanonicalId }, { $set: { locked_by: null, lock_expires_at: null } })
      .exec();
    return res.matchedCount > 0;
  }

  /** The lock and the edits under way, to explain a refused lock or edit; null when the audio does not exist. */
  findLockState(musicCanonicalId: string): Promise<AudioLockState | null> {
    const fields = { _id: 0, locked_by: 1, lock_expires_at: 1, edits_in_flight: 1, edit_touched_at: 1 };
    return this.audios.findOne({ _id: musicCanonicalId }, fields).lean<AudioLockState>().exec();
  }

  /**
   * Counts one edit of `username` under way, in one conditional write, unless someone else holds a
   * live lock; answers the audio as the edit sees it, or null (missing audio, or locked).
   */
  beginEdit(musicCanonicalId: string, username: string, now: Date): Promise<AudioView | null> {
    return this.audios
      .findOneAndUpdate(
        { _id: musicCanonicalId, ...lockAllows(username, now) },
        { $inc: { edits_in_flight: 1 }, $set: { edit_touched_at: now } },
        // The whole document: FerretDB v1 has no projection on findAndModify.
        { returnDocument: 'after' },
      )
      .lean<AudioView>()
      .exec();
  }

  async renameLockHolder(from: string, to: string): Promise<void> {
    await this.audios.updateMany({ locked_by: from }, { $set: { locked_by: to } }).exec();
  }
}
