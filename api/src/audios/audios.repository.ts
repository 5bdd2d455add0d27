import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';
import { Audio, AudioRecord } from './audio.schema';
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
} as const;

export type AudioView = Pick<AudioRecord, Exclude<keyof typeof VIEW_FIELDS, '_id'>>;

/** Values the catalog counters are derived from, per audio. */
export type CounterInputs = Pick<AudioRecord, 'music_canonical_id' | 'highlight_start_times_in_ms' | 'beats_done_count'>;

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
    return this.audios.findOne({ music_canonical_id: musicCanonicalId }, VIEW_FIELDS).lean<AudioView>().exec();
  }

  /** Sets the tags and answers the tag keys the audio carried just before, or null if it does not exist. */
  async replaceTags(musicCanonicalId: string, tags: string[], tagKeys: string[]): Promise<string[] | null> {
    const before = await this.audios
      .findOneAndUpdate(
        { music_canonical_id: musicCanonicalId },
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
        { music_canonical_id: { $in: musicCanonicalIds } },
        { _id: 0, music_canonical_id: 1, highlight_start_times_in_ms: 1, beats_done_count: 1 },
      )
      .lean<CounterInputs[]>()
      .exec();
  }

  async setCounters(rows: Array<{ musicCanonicalId: string; counters: AudioCounters }>): Promise<void> {
    if (rows.length === 0) return;
    const ops: AnyBulkWriteOperation<Audio>[] = rows.map(({ musicCanonicalId, counters }) => ({
      updateOne: { filter: { music_canonical_id: musicCanonicalId }, update: { $set: counters } },
    }));
    await this.audios.bulkWrite(ops, { ordered: false });
  }

  /** Inserts or updates audios by `music_canonical_id`; fields absent from `set` keep their values. */
  async upsertMany(rows: Array<{ set: Partial<AudioRecord>; onInsert: Partial<AudioRecord> }>): Promise<void> {
    if (rows.length === 0) return;
    const ops: AnyBulkWriteOperation<Audio>[] = rows.map(({ set, onInsert }) => ({
      updateOne: {
        filter: { music_canonical_id: set.music_canonical_id! },
        update: { $set: set, $setOnInsert: onInsert },
        upsert: true,
      },
    }));
    await this.audios.bulkWrite(ops, { ordered: false });
  }

  async insertMany(records: AudioRecord[]): Promise<void> {
    await this.audios.insertMany(records, { ordered: false, lean: true });
  }

  countAll(): Promise<number> {
    return this.audios.countDocuments({}).exec();
  }

  findExistingIds(musicCanonicalIds: string[]): Promise<string[]> {
    return this.audios.distinct('music_canonical_id', { music_canonical_id: { $in: musicCanonicalIds } }).exec() as Promise<string[]>;
  }
}
