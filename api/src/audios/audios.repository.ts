import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';
import { Audio, AudioRecord, StemTrackRecord } from './audio.schema';
import type { AudioListFilter, AudioListSort } from './audio-list-filter';

/** Fields of a list row or the detail; the rest (search key, counters' inputs) stays in the database. */
const VIEW_FIELDS = {
  _id: 0,
  music_canonical_id: 1,
  audio_id: 1,
  audio_name: 1,
  artist_name: 1,
  media_url: 1,
  is_original_sound: 1,
  beat_and_template_approved: 1,
  template_count_available: 1,
  reel_count: 1,
  eps: 1,
  ep_template_count: 1,
  trendlist: 1,
  track_meta: 1,
  locked_by: 1,
  lock_expires_at: 1,
  tags: 1,
  stem_status: 1,
  stem_tracks: 1,
  highlight_start_times_in_ms: 1,
  peaks_url: 1,
  duration_ms: 1,
} as const;

export type AudioView = Pick<AudioRecord, Exclude<keyof typeof VIEW_FIELDS, '_id'>>;

/** What the analysis module needs of an audio: its media and the values that shape the answers. */
export type AudioAnalysisSource = Pick<
  AudioRecord,
  'music_canonical_id' | 'media_url' | 'media_hash' | 'is_original_sound' | 'highlight_start_times_in_ms' | 'stem_status' | 'stem_tracks' | 'peaks_url'
>;

/** Values the catalog counters are derived from, per audio. */
export type CounterInputs = Pick<AudioRecord, 'music_canonical_id' | 'highlight_start_times_in_ms' | 'beats_done_count'>;

export type BeatCounts = Pick<AudioRecord, 'beats_done_count' | 'ep_template_count'>;

export type AudioCounters = Pick<
  AudioRecord,
  'reel_count' | 'growth' | 'template_count_available' | 'available_clips_counts' | 'templates_approved_count' | 'beat_and_template_approved'
>;

@Injectable()
export class AudiosRepository {
  constructor(@InjectModel(Audio.name) private readonly audios: Model<Audio>) {}

  findPageByFilters(filter: AudioListFilter, sort: AudioListSort, skip: number, limit: number): Promise<AudioView[]> {
    return this.audios.find(filter, VIEW_FIELDS).sort(sort).skip(skip).limit(limit).lean<AudioView[]>().exec();
  }

  countByFilters(filter: AudioListFilter): Promise<number> {
    return this.audios.countDocuments(filter).exec();
  }

  findViewByMusicId(musicCanonicalId: string): Promise<AudioView | null> {
    return this.audios.findOne({ _id: musicCanonicalId }, VIEW_FIELDS).lean<AudioView>().exec();
  }

  /** Sets the tags and answers the tag keys the audio carried just before, or null if it does not exist. */
  async replaceTags(musicCanonicalId: string, tags: string[], tagKeys: string[]): Promise<string[] | null> {
    const before = await this.audios
      .findOneAndUpdate(
        { _id: musicCanonicalId },
        { $set: { tags, tag_keys: tagKeys, updated_at: new Date() } },
        { new: false },
      )
      .lean<AudioRecord>()
      .exec();
    return before ? (before.tag_keys ?? []) : null;
  }

  /** Every spelling of a tag found on audios (they normally all equal the tag's text). */
  async findTagSpellings(tagKey: string): Promise<string[]> {
    const rows = await this.audios.find({ tag_keys: tagKey }, { _id: 0, tags: 1 }).lean<Pick<AudioRecord, 'tags'>[]>().exec();
    const spellings = new Set<string>();
    for (const row of rows) for (const t of row.tags) if (t.trim().toLowerCase() === tagKey) spellings.add(t);
    return [...spellings];
  }

  async removeTagFromAll(tagKey: string, spellings: string[]): Promise<number> {
    const res = await this.audios
      .updateMany({ tag_keys: tagKey }, { $pullAll: { tag_keys: [tagKey], tags: spellings }, $set: { updated_at: new Date() } })
      .exec();
    return res.modifiedCount;
  }

  countWithTag(tagKey: string): Promise<number> {
    return this.audios.countDocuments({ tag_keys: tagKey }).exec();
  }

  /** Audios per tag key over the whole catalog. */
  async countAllTagUsage(): Promise<Map<string, number>> {
    const rows = await this.audios
      .aggregate<{ _id: string; n: number }>([
        // FerretDB v1's $unwind needs the _id: excluding it fails the command.
        { $project: { tag_keys: 1 } },
        { $unwind: '$tag_keys' },
        { $group: { _id: '$tag_keys', n: { $sum: 1 } } },
      ])
      .exec();
    return new Map(rows.map((r) => [r._id, r.n]));
  }

  findCounterInputs(musicCanonicalIds: string[]): Promise<CounterInputs[]> {
    return this.audios
      .find(
        { _id: { $in: musicCanonicalIds } },
        { _id: 0, music_canonical_id: 1, highlight_start_times_in_ms: 1, beats_done_count: 1 },
      )
      .lean<CounterInputs[]>()
      .exec();
  }

  async setCounters(rows: Array<{ musicCanonicalId: string; counters: AudioCounters }>): Promise<void> {
    if (rows.length === 0) return;
    const ops: AnyBulkWriteOperation<Audio>[] = rows.map(({ musicCanonicalId, counters }) => ({
      updateOne: { filter: { _id: musicCanonicalId }, update: { $set: counters } },
    }));
    await this.audios.bulkWrite(ops, { ordered: false });
  }

  /** Inserts or updates audios by `music_canonical_id`; fields absent from `set` keep their values. */
  async upsertMany(rows: Array<{ set: Partial<AudioRecord>; onInsert: Partial<AudioRecord> }>): Promise<void> {
    if (rows.length === 0) return;
    const ops: AnyBulkWriteOperation<Audio>[] = rows.map(({ set, onInsert }) => ({
      updateOne: {
        filter: { _id: set.music_canonical_id! },
        update: { $set: set, $setOnInsert: onInsert },
        upsert: true,
      },
    }));
    await this.audios.bulkWrite(ops, { ordered: false });
  }

  async insertMany(records: AudioRecord[]): Promise<void> {
    await this.audios.insertMany(records.map((r) => ({ ...r, _id: r.music_canonical_id })), { ordered: false, lean: true });
  }

  /** Saves the ending points; false when the audio does not exist. */
  async setEndingPoints(musicCanonicalId: string, eps: number[]): Promise<boolean> {
    const res = await this.audios.updateOne({ _id: musicCanonicalId }, { $set: { eps, updated_at: new Date() } }).exec();
    return res.matchedCount > 0;
  }

  /** Copies the lock holder and expiry the locks module decided, for the list and detail to show. */
  async setLockState(musicCanonicalId: string, lockedBy: string | null, expiresAt: Date | null): Promise<void> {
    await this.audios.updateOne({ _id: musicCanonicalId }, { $set: { locked_by: lockedBy, lock_expires_at: expiresAt } }).exec();
  }

  async renameLockHolder(from: string, to: string): Promise<void> {
    await this.audios.updateMany({ locked_by: from }, { $set: { locked_by: to } }).exec();
  }

  /** Beat figures the beats module counted (done beats, ep beats). */
  async setBeatCounts(musicCanonicalId: string, counts: BeatCounts): Promise<void> {
    await this.audios.updateOne({ _id: musicCanonicalId }, { $set: counts }).exec();
  }

  countAll(): Promise<number> {
    return this.audios.countDocuments({}).exec();
  }

  findAnalysisSource(musicCanonicalId: string): Promise<AudioAnalysisSource | null> {
    const fields = { _id: 0, music_canonical_id: 1, media_url: 1, media_hash: 1, is_original_sound: 1, highlight_start_times_in_ms: 1, stem_status: 1, stem_tracks: 1, peaks_url: 1 };
    return this.audios.findOne({ _id: musicCanonicalId }, fields).lean<AudioAnalysisSource>().exec();
  }

  /** Stem state of one audio; false when it does not exist. */
  async setStemState(musicCanonicalId: string, status: string | null, tracks: StemTrackRecord[]): Promise<boolean> {
    const res = await this.audios.updateOne({ _id: musicCanonicalId }, { $set: { stem_status: status, stem_tracks: tracks } }).exec();
    return res.matchedCount > 0;
  }

  /** Stem state of every audio of one media file whose status is one of `fromStatuses`. */
  async setStemStateByMediaHash(mediaHash: string, fromStatuses: string[], status: string, tracks: StemTrackRecord[]): Promise<void> {
    await this.audios.updateMany({ media_hash: mediaHash, stem_status: { $in: fromStatuses } }, { $set: { stem_status: status, stem_tracks: tracks } }).exec();
  }

  /** Peaks of one media file (and its decoded length where none was recorded) on every audio using it. */
  async setPeaksByMediaHash(mediaHash: string, peaksUrl: string, durationMs: number): Promise<void> {
    await this.audios.updateMany({ media_hash: mediaHash }, { $set: { peaks_url: peaksUrl } }).exec();
    await this.audios.updateMany({ media_hash: mediaHash, duration_ms: null }, { $set: { duration_ms: durationMs } }).exec();
  }

  /** Media files (hash and public url) of audios that have no peaks yet, at most `limit`. */
  async findMediaWithoutPeaks(limit: number): Promise<Array<{ media_hash: string; media_url: string }>> {
    const rows = await this.audios
      .find({ media_hash: { $ne: null }, media_url: { $ne: null }, peaks_url: null }, { _id: 0, media_hash: 1, media_url: 1 })
      .limit(limit)
      .lean<Array<{ media_hash: string; media_url: string }>>()
      .exec();
    return [...new Map(rows.map((r) => [r.media_hash, r])).values()];
  }

  findExistingIds(musicCanonicalIds: string[]): Promise<string[]> {
    return this.audios.distinct('_id', { _id: { $in: musicCanonicalIds } }).exec() as Promise<string[]>;
  }
}
