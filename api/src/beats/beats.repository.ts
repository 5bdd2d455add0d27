import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types } from 'mongoose';

import { isDuplicateKeyError } from '../common/duplicate-key';
import { ListQueries, type ListQuery } from '../persistence/list-query';
import { Beat, BeatRecord } from './beat.schema';

/** Beat ids are ObjectId hex; anything else names no beat (404, never a cast error). */
const toObjectId = (id: string): Types.ObjectId | null =>
  /^[0-9a-f]{24}$/i.test(id) && isValidObjectId(id) ? new Types.ObjectId(id) : null;

export type BeatChanges = Partial<
  Omit<BeatRecord, '_id' | 'version' | 'created_at' | 'created_by' | 'music_canonical_id' | 'name_claim'>
>;

/** The claim a server-picked name beat#N holds while the beat keeps it (Beat.name_claim). */
export const claimOfBeatName = (musicCanonicalId: string, name: string) => `${musicCanonicalId}/${name}`;

/** The update of `changes`: a write that names the beat drops its claim, whose only use is at creation. */
const updateOf = (changes: BeatChanges) => ({
  $set: changes,
  $inc: { version: 1 },
  ...(changes.name !== undefined ? { $unset: { name_claim: 1 } } : {}),
});

/** What the approvals page reads of a done beat. */
const DONE_ROW_FIELDS = { _id: 1, music_canonical_id: 1, done_at: 1, done_by: 1, segments_info: 1 } as const;
export type DoneBeatRow = Pick<BeatRecord, keyof typeof DONE_ROW_FIELDS>;

@Injectable()
export class BeatsRepository {
  /** The done beats (the approvals page). */
  readonly doneList: ListQuery<DoneBeatRow>;

  constructor(
    @InjectModel(Beat.name) private readonly beats: Model<Beat>,
    lists: ListQueries,
  ) {
    this.doneList = lists.of<DoneBeatRow>(beats, { fields: DONE_ROW_FIELDS, idField: '_id' });
  }

  findForAudio(musicCanonicalId: string): Promise<BeatRecord[]> {
    return this.beats
      .find({ music_canonical_id: musicCanonicalId })
      .sort({ created_at: 1, _id: 1 })
      .lean<BeatRecord[]>()
      .exec();
  }

  findById(id: string): Promise<BeatRecord | null> {
    const _id = toObjectId(id);
    return _id ? this.beats.findOne({ _id }).lean<BeatRecord>().exec() : Promise.resolve(null);
  }

  insert(record: Omit<BeatRecord, '_id' | 'name_claim'>): Promise<BeatRecord> {
    return this.create(record);
  }

  /** Inserts a beat the server named, holding its name's claim; null when another beat holds that claim. */
  async insertClaimingName(record: Omit<BeatRecord, '_id' | 'name_claim'>): Promise<BeatRecord | null> {
    try {
      return await this.create({ ...record, name_claim: claimOfBeatName(record.music_canonical_id, record.name) });
    } catch (error) {
      if (isDuplicateKeyError(error)) return null;
      throw error;
    }
  }

  /**
   * Applies the changes only if the beat is still at `version`, belongs to that audio and has that
   * done flag and template, raising the version, in one conditional write; answers the beat as it was
   * before, or null when nothing matched.
   */
  updateAtVersion(
    target: {
      id: string;
      musicCanonicalId: string;
      version: number;
      done: boolean;
      templateClipsMediaId: string | null;
    },
    changes: BeatChanges,
  ): Promise<BeatRecord | null> {
    const _id = toObjectId(target.id);
    if (!_id) return Promise.resolve(null);
    const filter = {
      _id,
      music_canonical_id: target.musicCanonicalId,
      version: target.version,
      done: target.done,
      // null matches a beat stored without the field too
      template_clips_media_id: target.templateClipsMediaId,
    };
    return this.beats.findOneAndUpdate(filter, updateOf(changes), { new: false }).lean<BeatRecord>().exec();
  }

  /** Applies the changes whatever the version, raising it; answers the beat as it was before, or null when gone. */
  update(id: string, changes: BeatChanges): Promise<BeatRecord | null> {
    return this.updateIf(id, {}, changes);
  }

  /** As update, only while the beat also matches `where`; null when it does not (or is gone). */
  updateIf(id: string, where: Partial<Pick<BeatRecord, 'done'>>, changes: BeatChanges): Promise<BeatRecord | null> {
    const _id = toObjectId(id);
    if (!_id) return Promise.resolve(null);
    return this.beats
      .findOneAndUpdate({ _id, ...where }, updateOf(changes), { new: false })
      .lean<BeatRecord>()
      .exec();
  }

  /** Renames the beat only if it still has `from`, raising its version; answers it as it is now, or null. */
  renameIfNamed(id: Types.ObjectId, from: string, to: string): Promise<BeatRecord | null> {
    return this.beats
      .findOneAndUpdate({ _id: id, name: from }, updateOf({ name: to }), { new: true })
      .lean<BeatRecord>()
      .exec();
  }

  /** Deletes the beat; answers it as it was, or null when it was not there. */
  deleteById(id: string): Promise<BeatRecord | null> {
    const _id = toObjectId(id);
    if (!_id) return Promise.resolve(null);
    return this.beats.findOneAndDelete({ _id }).lean<BeatRecord>().exec();
  }

  countAll(): Promise<number> {
    return this.beats.countDocuments({}).exec();
  }

  countAllDone(): Promise<number> {
    return this.beats.countDocuments({ done: true }).exec();
  }

  async renameUser(from: string, to: string): Promise<void> {
    await this.beats.updateMany({ done_by: from }, { $set: { done_by: to } }).exec();
    await this.beats.updateMany({ created_by: from }, { $set: { created_by: to } }).exec();
  }

  /** Beats matching `filter` per audio (of these audios, or all). */
  async countPerAudio(
    filter: { done?: boolean; type?: string },
    musicCanonicalIds?: string[],
  ): Promise<Map<string, number>> {
    const match = musicCanonicalIds ? { ...filter, music_canonical_id: { $in: musicCanonicalIds } } : filter;
    const rows = await this.beats
      .aggregate<{ _id: string; n: number }>([
        { $match: match },
        { $group: { _id: '$music_canonical_id', n: { $sum: 1 } } },
      ])
      .exec();
    return new Map(rows.map((r) => [r._id, r.n]));
  }

  private async create(record: Omit<BeatRecord, '_id'>): Promise<BeatRecord> {
    const made = await this.beats.create(record);
    return made.toObject() as BeatRecord;
  }
}
