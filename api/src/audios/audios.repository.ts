import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';

import { ListQueries, type ListQuery } from '../persistence/list-query';
import { Audio, AudioRecord, StemTrackRecord } from './audio.schema';

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

/** What the analysis module needs of an audio: its media and the values that shape the answers. */
export type AudioAnalysisSource = Pick<
  AudioRecord,
  | 'music_canonical_id'
  | 'media_url'
  | 'media_hash'
  | 'is_original_sound'
  | 'highlight_start_times_in_ms'
  | 'stem_status'
  | 'stem_tracks'
  | 'peaks_url'
>;

/** Values the catalog counters are derived from, per audio. */
export type CounterInputs = Pick<
  AudioRecord,
  'music_canonical_id' | 'highlight_start_times_in_ms' | 'beats_done_count' | 'recount_writes'
>;

export type BeatCounts = Pick<AudioRecord, 'beats_done_count' | 'ep_template_count'>;
/** What one edit moves on its audio when it ends: the beat figures, and whether it changes what a recount derives. */
export type EditDelta = BeatCounts & { recount_writes: number };

const BEAT_FIGURE_FIELDS = {
  _id: 0,
  music_canonical_id: 1,
  beats_done_count: 1,
  ep_template_count: 1,
  beat_and_template_approved: 1,
  templates_approved_count: 1,
} as const;
export type BeatFigures = Pick<AudioRecord, Exclude<keyof typeof BEAT_FIGURE_FIELDS, '_id'>>;

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

  /** Stores refreshed growth figures and the buckets they kept. */
  async setGrowth(rows: GrowthSource[]): Promise<void> {
    if (rows.length === 0) return;
    const ops: AnyBulkWriteOperation<Audio>[] = rows.map((r) => ({
      updateOne: {
        filter: { _id: r.music_canonical_id },
        update: { $set: { growth: r.growth, reel_hours: r.reel_hours } },
      },
    }));
    await this.audios.bulkWrite(ops, { ordered: false });
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

  async removeTagFromAll(tagKey: string, spellings: string[]): Promise<number> {
    const res = await this.audios
      .updateMany(
        { tag_keys: tagKey },
        { $pullAll: { tag_keys: [tagKey], tags: spellings }, $set: { updated_at: new Date() } },
      )
      .exec();
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

  findCounterInputs(musicCanonicalIds: string[]): Promise<CounterInputs[]> {
    return this.audios
      .find(
        { _id: { $in: musicCanonicalIds } },
        { _id: 0, music_canonical_id: 1, highlight_start_times_in_ms: 1, beats_done_count: 1, recount_writes: 1 },
      )
      .lean<CounterInputs[]>()
      .exec();
  }

  /**
   * Stores recounted figures, each only if the audio's done-beat count and recounting writes are
   * still the ones they were computed from (writes move them with `$inc` meanwhile): an optimistic
   * check, atomic on the embedded server as on MongoDB; the caller recounts the others.
   */
  async setCounters(rows: Array<{ inputs: CounterInputs; counters: AudioCounters }>): Promise<void> {
    if (rows.length === 0) return;
    const orZero = (n: number | undefined) => n || { $in: [0, null] };
    const ops: AnyBulkWriteOperation<Audio>[] = rows.map(({ inputs, counters }) => ({
      updateOne: {
        filter: {
          _id: inputs.music_canonical_id,
          beats_done_count: orZero(inputs.beats_done_count),
          recount_writes: orZero(inputs.recount_writes),
        },
        update: { $set: counters },
      },
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
    await this.audios.insertMany(
      records.map((r) => ({ ...r, _id: r.music_canonical_id })),
      { ordered: false, lean: true },
    );
  }

  /** Saves the ending points; false when the audio does not exist. */
  async setEndingPoints(musicCanonicalId: string, eps: number[]): Promise<boolean> {
    const res = await this.audios
      .updateOne({ _id: musicCanonicalId }, { $set: { eps, updated_at: new Date() } })
      .exec();
    return res.matchedCount > 0;
  }

  /**
   * Moves the beat figures by what one edit changed (done beats also count as approvals) and the
   * count of edits under way by `inFlight`, in one write; no write when nothing moves.
   */
  async moveBeatCounts(musicCanonicalId: string, delta: BeatCounts & Partial<EditDelta>, inFlight = 0): Promise<void> {
    const inc: Record<string, number> = {};
    if (delta.recount_writes) inc.recount_writes = delta.recount_writes;
    if (inFlight !== 0) inc.edits_in_flight = inFlight;
    if (delta.beats_done_count !== 0) {
      inc.beats_done_count = delta.beats_done_count;
      inc.beat_and_template_approved = delta.beats_done_count;
    }
    if (delta.ep_template_count !== 0) inc.ep_template_count = delta.ep_template_count;
    if (Object.keys(inc).length > 0) await this.audios.updateOne({ _id: musicCanonicalId }, { $inc: inc }).exec();
  }

  findAnalysisSource(musicCanonicalId: string): Promise<AudioAnalysisSource | null> {
    const fields = {
      _id: 0,
      music_canonical_id: 1,
      media_url: 1,
      media_hash: 1,
      is_original_sound: 1,
      highlight_start_times_in_ms: 1,
      stem_status: 1,
      stem_tracks: 1,
      peaks_url: 1,
    };
    return this.audios.findOne({ _id: musicCanonicalId }, fields).lean<AudioAnalysisSource>().exec();
  }

  /** Stem state of one audio; false when it does not exist. */
  async setStemState(musicCanonicalId: string, status: string | null, tracks: StemTrackRecord[]): Promise<boolean> {
    const res = await this.audios
      .updateOne({ _id: musicCanonicalId }, { $set: { stem_status: status, stem_tracks: tracks } })
      .exec();
    return res.matchedCount > 0;
  }

  /** Stem state of every audio of one media file whose status is one of `fromStatuses`. */
  async setStemStateByMediaHash(
    mediaHash: string,
    fromStatuses: string[],
    status: string,
    tracks: StemTrackRecord[],
  ): Promise<void> {
    await this.audios
      .updateMany(
        { media_hash: mediaHash, stem_status: { $in: fromStatuses } },
        { $set: { stem_status: status, stem_tracks: tracks } },
      )
      .exec();
  }

  /** Peaks of one media file (and its decoded length where none was recorded) on every audio using it. */
  async setPeaksByMediaHash(mediaHash: string, peaksUrl: string, durationMs: number): Promise<void> {
    // The length first: whoever sees the peaks url (what readers wait for) also sees it.
    await this.audios
      .updateMany({ media_hash: mediaHash, duration_ms: null }, { $set: { duration_ms: durationMs } })
      .exec();
    await this.audios.updateMany({ media_hash: mediaHash }, { $set: { peaks_url: peaksUrl } }).exec();
  }

  /** Media files (hash and public url) of audios that have no peaks yet, at most `limit`. */
  async findMediaWithoutPeaks(limit: number): Promise<Array<{ media_hash: string; media_url: string }>> {
    const rows = await this.audios
      .find(
        { media_hash: { $ne: null }, media_url: { $ne: null }, peaks_url: null },
        { _id: 0, media_hash: 1, media_url: 1 },
      )
      .limit(limit)
      .lean<Array<{ media_hash: string; media_url: string }>>()
      .exec();
    return [...new Map(rows.map((r) => [r.media_hash, r])).values()];
  }

  findExistingIds(musicCanonicalIds: string[]): Promise<string[]> {
    return this.audios.distinct('_id', { _id: { $in: musicCanonicalIds } }).exec() as Promise<string[]>;
  }

  /** The beat figures of these audios (or all), and the approved templates they add to. */
  findBeatFigures(musicCanonicalIds?: string[]): Promise<BeatFigures[]> {
    const filter = musicCanonicalIds ? { _id: { $in: musicCanonicalIds } } : {};
    return this.audios.find(filter, BEAT_FIGURE_FIELDS).lean<BeatFigures[]>().exec();
  }

  /** Sets recounted beat figures only if every one still holds the value found wrong; false otherwise. */
  async setBeatFiguresIf(
    musicCanonicalId: string,
    stored: Record<string, number>,
    counted: Record<string, number>,
  ): Promise<boolean> {
    const still = Object.fromEntries(Object.entries(stored).map(([field, n]) => [field, n || { $in: [0, null] }]));
    const res = await this.audios.updateOne({ _id: musicCanonicalId, ...still }, { $set: counted }).exec();
    return res.modifiedCount > 0;
  }
}
