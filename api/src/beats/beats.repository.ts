import { ConflictException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types } from 'mongoose';
import { Beat, BeatRecord } from './beat.schema';

/** Beat ids are ObjectId hex; anything else names no beat (404, never a cast error). */
const toObjectId = (id: string): Types.ObjectId | null => (/^[0-9a-f]{24}$/i.test(id) && isValidObjectId(id) ? new Types.ObjectId(id) : null);

const isDuplicateKey = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: number }).code === 11000;

/** Tries of an unversioned write (rename, done) that lost its claim to another writer. */
const UNVERSIONED_WRITE_TRIES = 8;

/** One document per beat write, `_id = {beat id}#{version it replaces}` (see claimVersion). */
type BeatWriteClaim = { _id: string; beat_id: string; version: number; created_at: Date };
const CLAIMS_COLLECTION = 'beat_write_claims';

export type BeatChanges = Partial<Omit<BeatRecord, '_id' | 'version' | 'created_at' | 'created_by' | 'music_canonical_id'>>;

@Injectable()
export class BeatsRepository {
  constructor(@InjectModel(Beat.name) private readonly beats: Model<Beat>) {}

  findForAudio(musicCanonicalId: string): Promise<BeatRecord[]> {
    return this.beats.find({ music_canonical_id: musicCanonicalId }).sort({ created_at: 1, _id: 1 }).lean<BeatRecord[]>().exec();
  }

  findById(id: string): Promise<BeatRecord | null> {
    const _id = toObjectId(id);
    return _id ? this.beats.findOne({ _id }).lean<BeatRecord>().exec() : Promise.resolve(null);
  }

  async insert(record: Omit<BeatRecord, '_id'>): Promise<BeatRecord> {
    const made = await this.beats.create(record);
    return made.toObject() as BeatRecord;
  }

  /** Applies the changes only if the beat is still at `version`, raising it; null when stale or gone. */
  async updateAtVersion(id: string, version: number, changes: BeatChanges): Promise<BeatRecord | null> {
    const _id = toObjectId(id);
    if (!_id || !(await this.claimVersion(id, version))) return null;
    const saved = await this.beats
      .findOneAndUpdate({ _id, version }, { $set: changes, $inc: { version: 1 } }, { new: true })
      .lean<BeatRecord>()
      .exec();
    if (saved) await this.claims().deleteMany({ beat_id: id, version: { $lt: version } });
    return saved;
  }

  /** Applies the changes whatever the version, raising it; null when the beat is gone. */
  async update(id: string, changes: BeatChanges): Promise<BeatRecord | null> {
    for (let tries = 0; tries < UNVERSIONED_WRITE_TRIES; tries++) {
      const current = await this.findById(id);
      if (!current) return null;
      const saved = await this.updateAtVersion(id, current.version, changes);
      if (saved) return saved;
    }
    throw new ConflictException({ detail: 'This beat is being changed by someone else; try again' });
  }

  /**
   * FerretDB v1 runs findOneAndUpdate as read-then-write, so two API instances could both pass a
   * version filter: a unique `_id` insert decides which writer may replace a given version.
   */
  private async claimVersion(id: string, version: number): Promise<boolean> {
    try {
      await this.claims().insertOne({ _id: `${id}#${version}`, beat_id: id, version, created_at: new Date() });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  private claims() {
    return this.beats.db.collection<BeatWriteClaim>(CLAIMS_COLLECTION);
  }

  async deleteById(id: string): Promise<boolean> {
    const _id = toObjectId(id);
    if (!_id) return false;
    const deleted = (await this.beats.deleteOne({ _id }).exec()).deletedCount > 0;
    if (deleted) await this.claims().deleteMany({ beat_id: id });
    return deleted;
  }

  countForAudio(musicCanonicalId: string): Promise<number> {
    return this.beats.countDocuments({ music_canonical_id: musicCanonicalId }).exec();
  }

  countDoneForAudio(musicCanonicalId: string): Promise<number> {
    return this.beats.countDocuments({ music_canonical_id: musicCanonicalId, done: true }).exec();
  }

  countEpForAudio(musicCanonicalId: string): Promise<number> {
    return this.beats.countDocuments({ music_canonical_id: musicCanonicalId, type: 'ep' }).exec();
  }

  countAllDone(): Promise<number> {
    return this.beats.countDocuments({ done: true }).exec();
  }

  /** Done beats, a page at a time, for rebuilding the approvals read model. */
  findDonePage(afterId: Types.ObjectId | null, limit: number): Promise<BeatRecord[]> {
    const filter = afterId ? { done: true, _id: { $gt: afterId } } : { done: true };
    return this.beats.find(filter).sort({ _id: 1 }).limit(limit).lean<BeatRecord[]>().exec();
  }

  async renameUser(from: string, to: string): Promise<void> {
    await this.beats.updateMany({ done_by: from }, { $set: { done_by: to } }).exec();
    await this.beats.updateMany({ created_by: from }, { $set: { created_by: to } }).exec();
  }
}
