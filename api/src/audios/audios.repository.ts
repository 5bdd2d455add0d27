import { isSameEndingPointList } from '@curator/shared/domain';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';

import { ListQueries, type ListQuery } from '../persistence/list-query';
import { Audio, AudioRecord } from './audio.schema';

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

/** The per-audio figures the catalog totals add up. */
const CATALOG_FIGURE_FIELDS = {
  reel_count: 1,
  template_count: 1,
  template_count_available: 1,
  templates_off_highlight_count: 1,
  templates_approved_count: 1,
} as const;
type CatalogFigures = Pick<AudioRecord, Exclude<keyof typeof CATALOG_FIGURE_FIELDS, '_id'>>;
/** The catalog's totals: audios, and the sums of their figures. */
export type CatalogTotals = {
  audios: number;
  reels: number;
  templates: number;
  templates_available: number;
  templates_off_highlight: number;
  templates_approved: number;
};

/** Adds up the figures of `audios` (rows recounted before a figure existed count 0 for it). */
export function sumCatalogFigures(audios: Iterable<Partial<CatalogFigures>>): CatalogTotals {
  const totals: CatalogTotals = {
    audios: 0,
    reels: 0,
    templates: 0,
    templates_available: 0,
    templates_off_highlight: 0,
    templates_approved: 0,
  };
  for (const a of audios) {
    totals.audios += 1;
    totals.reels += a.reel_count ?? 0;
    totals.templates += a.template_count ?? 0;
    totals.templates_available += a.template_count_available ?? 0;
    totals.templates_off_highlight += a.templates_off_highlight_count ?? 0;
    totals.templates_approved += a.templates_approved_count ?? 0;
  }
  return totals;
}

/**
 * A view plus every field the list filters and sorts on and the reports add up: what the in-memory
 * list keeps per audio.
 */
const LIST_ROW_FIELDS = {
  ...VIEW_FIELDS,
  ...CATALOG_FIGURE_FIELDS,
  search_key: 1,
  growth: 1,
  reel_hours: 1,
  available_clips_counts: 1,
  tag_keys: 1,
  counted_templates: 1,
  start_times: 1,
} as const;
export type AudioListRow = Pick<AudioRecord, Exclude<keyof typeof LIST_ROW_FIELDS, '_id'>>;

/** Audios stored before the figures the reports read were kept (the start-up recount finds them). */
export const UNCOUNTED_FILTER = {
  $or: [
    { counted_templates: { $exists: false } },
    { start_times: { $exists: false } },
    { reel_hours: { $exists: false } },
  ],
};

/** What the segment statistics read of an audio. */
export type SegmentSource = Pick<AudioRecord, 'reel_count' | 'trendlist' | 'counted_templates'>;

/** What the HL points read of an audio. */
export type StartTimeSource = Pick<AudioRecord, 'start_times'>;

/** Values the catalog counters are derived from, per audio. */
export type CounterInputs = Pick<
  AudioRecord,
  'music_canonical_id' | 'highlight_start_times_in_ms' | 'beats_done_count' | 'recount_writes'
>;

export type BeatCounts = Pick<AudioRecord, 'beats_done_count' | 'ep_template_count'>;
/** What one edit moves on its audio when it ends: the beat figures, and whether it changes what a recount derives. */
export type EditDelta = BeatCounts & { recount_writes: number };

export type GrowthSource = Pick<AudioRecord, 'music_canonical_id' | 'growth' | 'reel_hours'>;

export type AudioCounters = Pick<
  AudioRecord,
  | 'reel_count'
  | 'growth'
  | 'reel_hours'
  | 'template_count_available'
  | 'available_clips_counts'
  | 'templates_approved_count'
  | 'beat_and_template_approved'
  | 'counted_templates'
  | 'start_times'
  | 'template_count'
  | 'templates_off_highlight_count'
>;

/** The update that takes tags (their keys and spellings) off an audio. */
const pullTags = (tagKeys: string[], spellings: string[]) => ({
  $pullAll: { tag_keys: tagKeys, tags: spellings },
  $set: { updated_at: new Date() },
});

@Injectable()
export class AudiosRepository {
  /** The audio list: every audio's list row (the catalog page, the reports' figures, the recounts). */
  readonly list: ListQuery<AudioListRow>;

  constructor(
    @InjectModel(Audio.name) private readonly audios: Model<Audio>,
    lists: ListQueries,
  ) {
    this.list = lists.of<AudioListRow>(audios, { fields: LIST_ROW_FIELDS, idField: 'music_canonical_id' });
  }

  /** True when the catalog has at least one audio (a limit FerretDB serves without a scan). */
  async hasAny(): Promise<boolean> {
    return (await this.audios.findOne({}, { _id: 1 }).lean().exec()) !== null;
  }

  /** Name, artist and tags of these audios, for the usage report. */
  findUsageAudios(
    musicCanonicalIds: string[],
  ): Promise<Array<Pick<AudioRecord, 'music_canonical_id' | 'audio_name' | 'artist_name' | 'tags'>>> {
    if (musicCanonicalIds.length === 0) return Promise.resolve([]);
    const fields = { _id: 0, music_canonical_id: 1, audio_name: 1, artist_name: 1, tags: 1 };
    return this.audios
      .find({ _id: { $in: musicCanonicalIds } }, fields)
      .lean<Array<Pick<AudioRecord, 'music_canonical_id' | 'audio_name' | 'artist_name' | 'tags'>>>()
      .exec();
  }

  /** The locks of these audios as stored now (a list's copy of an expiry can be behind). */
  findLocks(
    musicCanonicalIds: string[],
  ): Promise<Array<Pick<AudioRecord, 'music_canonical_id' | 'locked_by' | 'lock_expires_at'>>> {
    return this.audios
      .find({ _id: { $in: musicCanonicalIds } }, { _id: 0, music_canonical_id: 1, locked_by: 1, lock_expires_at: 1 })
      .lean<Array<Pick<AudioRecord, 'music_canonical_id' | 'locked_by' | 'lock_expires_at'>>>()
      .exec();
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
    const rows = await this.audios
      .find({ tag_keys: tagKey }, { _id: 0, tags: 1 })
      .lean<Pick<AudioRecord, 'tags'>[]>()
      .exec();
    const spellings = new Set<string>();
    for (const row of rows) for (const t of row.tags) if (t.trim().toLowerCase() === tagKey) spellings.add(t);
    return [...spellings];
  }

  /** Takes tags (their keys and spellings) off one audio. */
  async removeTags(musicCanonicalId: string, tagKeys: string[], spellings: string[]): Promise<void> {
    await this.audios.updateOne({ _id: musicCanonicalId }, pullTags(tagKeys, spellings)).exec();
  }

  async removeTagFromAll(tagKey: string, spellings: string[]): Promise<number> {
    const res = await this.audios.updateMany({ tag_keys: tagKey }, pullTags([tagKey], spellings)).exec();
    return res.modifiedCount;
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
    await this.audios.insertMany(
      records.map((r) => ({ ...r, _id: r.music_canonical_id })),
      { ordered: false, lean: true },
    );
  }

  /**
   * Saves the ending points: 'missing' when the audio does not exist. With `basedOn` (normalised), only over that list:
   * 'changed' when the audio holds another by now. The write is conditional on the list it replaces, so two saves
   * based on one list cannot both land.
   */
  async setEndingPoints(
    musicCanonicalId: string,
    eps: number[],
    basedOn?: number[],
  ): Promise<'saved' | 'missing' | 'changed'> {
    const set = { $set: { eps, updated_at: new Date() } };
    const write = async (listNow: { eps?: unknown }) =>
      (await this.audios.updateOne({ _id: musicCanonicalId, ...listNow }, set).exec()).matchedCount > 0;
    if (!basedOn) return (await write({})) ? 'saved' : 'missing';
    // One command in the usual case: the API writes lists normalised.
    if (await write({ eps: basedOn })) return 'saved';
    // Missing, changed, or the same list stored in another form (imported unsorted or unrounded, or none at all).
    const current = await this.audios
      .findOne({ _id: musicCanonicalId }, { eps: 1 })
      .lean<Pick<AudioRecord, 'eps'>>()
      .exec();
    if (!current) return 'missing';
    if (!isSameEndingPointList(current.eps ?? [], basedOn)) return 'changed';
    return (await write({ eps: current.eps ?? { $exists: false } })) ? 'saved' : 'changed';
  }

  findExistingIds(musicCanonicalIds: string[]): Promise<string[]> {
    return this.audios.distinct('_id', { _id: { $in: musicCanonicalIds } }).exec() as Promise<string[]>;
  }

  /** What an import must know of the stored audios among `musicCanonicalIds`: their media file, and who holds a live lock. */
  async findImportState(
    musicCanonicalIds: string[],
    now: Date,
  ): Promise<Map<string, { mediaHash: string | null; lockedBy: string | null }>> {
    const rows = await this.audios
      .find({ _id: { $in: musicCanonicalIds } }, { _id: 1, media_hash: 1, locked_by: 1, lock_expires_at: 1 })
      .lean<Array<Pick<AudioRecord, 'media_hash' | 'locked_by' | 'lock_expires_at'> & { _id: string }>>()
      .exec();
    return new Map(
      rows.map((r) => [
        r._id,
        {
          mediaHash: r.media_hash ?? null,
          lockedBy: r.locked_by && r.lock_expires_at && r.lock_expires_at > now ? r.locked_by : null,
        },
      ]),
    );
  }
}
