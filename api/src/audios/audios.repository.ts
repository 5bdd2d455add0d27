import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, FilterQuery, Model } from 'mongoose';

import type { ChangeFeed } from '../persistence/change-feed';
import { ListIndexMode } from '../persistence/list-index-mode';
import { inWriteCommands } from '../persistence/write-commands';
import { Audio, AudioRecord, StemTrackRecord } from './audio.schema';
import { type AudioListFilter, type AudioListSort, range } from './audio-list-filter';

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

/** The lock and the count of edits under way. */
export type AudioLockState = Pick<AudioRecord, 'locked_by' | 'lock_expires_at' | 'edits_in_flight' | 'edit_touched_at'>;

/** Filter part: nobody but `username` holds a live lock. */
function lockAllows(username: string, now: Date) {
  return { $or: [{ locked_by: null }, { locked_by: username }, { lock_expires_at: { $lte: now } }] };
}

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
const SEGMENT_SOURCE_FIELDS = { _id: 0, reel_count: 1, trendlist: 1, counted_templates: 1 } as const;

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
  'music_canonical_id' | 'highlight_start_times_in_ms' | 'beats_done_count'
>;

export type BeatCounts = Pick<AudioRecord, 'beats_done_count' | 'ep_template_count'>;

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
  /** Which audios changed, for the processes that keep the list in memory (audio-list-index.ts). */
  readonly changes: ChangeFeed;

  constructor(
    @InjectModel(Audio.name) private readonly audios: Model<Audio>,
    private readonly listMode: ListIndexMode,
  ) {
    this.changes = listMode.feed('audios');
  }

  /** Runs a write that may change the documents `ids`, recording them for the in-memory lists. */
  private recordingChanges<T>(ids: string[], write: () => Promise<T>): Promise<T> {
    return this.listMode.recording(this.changes, ids, write);
  }

  /** Ids of the audios matching `filter`, for a write by filter to record what it touched. */
  private async findIds(filter: FilterQuery<Audio>): Promise<string[]> {
    return (await this.audios.find(filter, { _id: 1 }).lean<Array<{ _id: string }>>().exec()).map((r) => r._id);
  }

  /** The segment-statistics fields of the audios in the reel-count range, with counted templates. */
  findSegmentSources(reelCount: { min?: number; max?: number }): Promise<SegmentSource[]> {
    const filter = { 'counted_templates.0': { $exists: true }, ...range('reel_count', reelCount.min, reelCount.max) };
    return this.audios.find(filter, SEGMENT_SOURCE_FIELDS).lean<SegmentSource[]>().exec();
  }

  /** Audios without the figures the reports read (stored before they were kept). */
  findUncountedIds(): Promise<string[]> {
    return this.findIds(UNCOUNTED_FILTER);
  }

  /** Every audio's catalog figures (the totals add them up). */
  findCatalogFigures(): Promise<CatalogFigures[]> {
    return this.audios
      .find({}, { _id: 0, ...CATALOG_FIGURE_FIELDS })
      .lean<CatalogFigures[]>()
      .exec();
  }

  /** Every audio's template start times. */
  findStartTimeSources(): Promise<StartTimeSource[]> {
    return this.audios
      .find({ 'start_times.0': { $exists: true } }, { _id: 0, start_times: 1 })
      .lean<StartTimeSource[]>()
      .exec();
  }

  /** Every audio's list row (the in-memory list loads this once, then follows the changes). */
  findAllListRows(): Promise<AudioListRow[]> {
    return this.audios.find({}, LIST_ROW_FIELDS).lean<AudioListRow[]>().exec();
  }

  /** The list rows of these audios by id, in one `_id $in` read (indexed); absent ids were deleted. */
  async findListRowsByIds(musicCanonicalIds: string[]): Promise<Map<string, AudioListRow>> {
    const rows = await this.audios
      .find({ _id: { $in: musicCanonicalIds } }, LIST_ROW_FIELDS)
      .lean<AudioListRow[]>()
      .exec();
    return new Map(rows.map((row) => [row.music_canonical_id, row]));
  }

  /** True when the catalog has at least one audio (a limit FerretDB serves without a scan). */
  async hasAny(): Promise<boolean> {
    return (await this.audios.findOne({}, { _id: 1 }).lean().exec()) !== null;
  }

  /** One page of the list and the number of matches, as two queries in parallel. */
  async findPageAndCount(
    filter: AudioListFilter,
    sort: AudioListSort,
    skip: number,
    limit: number,
  ): Promise<{ rows: AudioView[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.audios.find(filter, VIEW_FIELDS).sort(sort).skip(skip).limit(limit).lean<AudioView[]>().exec(),
      this.audios.countDocuments(filter).exec(),
    ]);
    return { rows, total };
  }

  /** Every audio with reels in its growth buckets: what the hourly growth refresh reads. */
  findGrowthSources(): Promise<GrowthSource[]> {
    return this.audios
      .find({ 'reel_hours.0': { $exists: true } }, { _id: 0, music_canonical_id: 1, growth: 1, reel_hours: 1 })
      .lean<GrowthSource[]>()
      .exec();
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
    await this.recordingChanges(
      rows.map((r) => r.music_canonical_id),
      () => inWriteCommands(ops, (slice) => this.audios.bulkWrite(slice, { ordered: false })),
    );
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

  findViewByMusicId(musicCanonicalId: string): Promise<AudioView | null> {
    return this.audios.findOne({ _id: musicCanonicalId }, VIEW_FIELDS).lean<AudioView>().exec();
  }

  /** Sets the tags and answers the tag keys the audio carried just before, or null if it does not exist. */
  async replaceTags(musicCanonicalId: string, tags: string[], tagKeys: string[]): Promise<string[] | null> {
    const before = await this.recordingChanges([musicCanonicalId], () =>
      this.audios
        .findOneAndUpdate(
          { _id: musicCanonicalId },
          { $set: { tags, tag_keys: tagKeys, updated_at: new Date() } },
          { new: false },
        )
        .lean<AudioRecord>()
        .exec(),
    );
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
    const ids = await this.findIds({ tag_keys: tagKey });
    if (ids.length === 0) return 0;
    const res = await this.recordingChanges(ids, () =>
      this.audios
        .updateMany(
          { _id: { $in: ids } },
          { $pullAll: { tag_keys: [tagKey], tags: spellings }, $set: { updated_at: new Date() } },
        )
        .exec(),
    );
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
        { _id: 0, music_canonical_id: 1, highlight_start_times_in_ms: 1, beats_done_count: 1 },
      )
      .lean<CounterInputs[]>()
      .exec();
  }

  /**
   * Stores recounted figures, each only if the audio's done-beat count is still the one they were
   * computed from (a beat write moves it with `$inc` meanwhile); the caller recounts the others.
   */
  async setCounters(
    rows: Array<{ musicCanonicalId: string; beatsDoneCount: number; counters: AudioCounters }>,
  ): Promise<void> {
    if (rows.length === 0) return;
    const ops: AnyBulkWriteOperation<Audio>[] = rows.map(({ musicCanonicalId, beatsDoneCount, counters }) => ({
      updateOne: {
        filter: { _id: musicCanonicalId, beats_done_count: beatsDoneCount || { $in: [0, null] } },
        update: { $set: counters },
      },
    }));
    await this.recordingChanges(
      rows.map((r) => r.musicCanonicalId),
      () => inWriteCommands(ops, (slice) => this.audios.bulkWrite(slice, { ordered: false })),
    );
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
    await this.recordingChanges(
      rows.map((r) => r.set.music_canonical_id!),
      () => inWriteCommands(ops, (slice) => this.audios.bulkWrite(slice, { ordered: false })),
    );
  }

  async insertMany(records: AudioRecord[]): Promise<void> {
    const ids = records.map((r) => r.music_canonical_id);
    await this.recordingChanges(ids, () =>
      this.audios.insertMany(
        records.map((r) => ({ ...r, _id: r.music_canonical_id })),
        { ordered: false, lean: true },
      ),
    );
  }

  /** Saves the ending points; false when the audio does not exist. */
  async setEndingPoints(musicCanonicalId: string, eps: number[]): Promise<boolean> {
    const res = await this.recordingChanges([musicCanonicalId], () =>
      this.audios.updateOne({ _id: musicCanonicalId }, { $set: { eps, updated_at: new Date() } }).exec(),
    );
    return res.matchedCount > 0;
  }

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
    const res = await this.recordingChanges([musicCanonicalId], () =>
      this.audios
        .updateOne(
          { _id: musicCanonicalId, $and: [lockAllows(username, now), noOtherEdits] },
          { $set: { locked_by: username, lock_expires_at: expiresAt } },
        )
        .exec(),
    );
    return res.matchedCount > 0;
  }

  /** Clears the lock whoever holds it; false when the audio does not exist. */
  async clearLock(musicCanonicalId: string): Promise<boolean> {
    const res = await this.recordingChanges([musicCanonicalId], () =>
      this.audios.updateOne({ _id: musicCanonicalId }, { $set: { locked_by: null, lock_expires_at: null } }).exec(),
    );
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

  /**
   * Moves the beat figures by what one edit changed (done beats also count as approvals) and the
   * count of edits under way by `inFlight`; no write when nothing moves.
   */
  async moveBeatCounts(musicCanonicalId: string, delta: BeatCounts, inFlight = 0): Promise<void> {
    const moved = delta.beats_done_count !== 0 || delta.ep_template_count !== 0;
    if (!moved && inFlight === 0) return;
    const inc = {
      ...(inFlight !== 0 ? { edits_in_flight: inFlight } : {}),
      beats_done_count: delta.beats_done_count,
      ep_template_count: delta.ep_template_count,
      beat_and_template_approved: delta.beats_done_count,
    };
    const write = () => this.audios.updateOne({ _id: musicCanonicalId }, { $inc: inc }).exec();
    await (moved ? this.recordingChanges([musicCanonicalId], write) : write());
  }

  async renameLockHolder(from: string, to: string): Promise<void> {
    const ids = await this.findIds({ locked_by: from });
    if (ids.length === 0) return;
    await this.recordingChanges(ids, () =>
      this.audios.updateMany({ _id: { $in: ids }, locked_by: from }, { $set: { locked_by: to } }).exec(),
    );
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
    const res = await this.recordingChanges([musicCanonicalId], () =>
      this.audios.updateOne({ _id: musicCanonicalId }, { $set: { stem_status: status, stem_tracks: tracks } }).exec(),
    );
    return res.matchedCount > 0;
  }

  /** Stem state of every audio of one media file whose status is one of `fromStatuses`. */
  async setStemStateByMediaHash(
    mediaHash: string,
    fromStatuses: string[],
    status: string,
    tracks: StemTrackRecord[],
  ): Promise<void> {
    const ids = await this.findIds({ media_hash: mediaHash, stem_status: { $in: fromStatuses } });
    if (ids.length === 0) return;
    await this.recordingChanges(ids, () =>
      this.audios
        .updateMany(
          { _id: { $in: ids }, stem_status: { $in: fromStatuses } },
          { $set: { stem_status: status, stem_tracks: tracks } },
        )
        .exec(),
    );
  }

  /** Peaks of one media file (and its decoded length where none was recorded) on every audio using it. */
  async setPeaksByMediaHash(mediaHash: string, peaksUrl: string, durationMs: number): Promise<void> {
    const ids = await this.findIds({ media_hash: mediaHash });
    if (ids.length === 0) return;
    await this.recordingChanges(ids, async () => {
      // The length first: whoever sees the peaks url (what readers wait for) also sees it.
      await this.audios
        .updateMany({ _id: { $in: ids }, duration_ms: null }, { $set: { duration_ms: durationMs } })
        .exec();
      await this.audios.updateMany({ _id: { $in: ids } }, { $set: { peaks_url: peaksUrl } }).exec();
    });
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
}
