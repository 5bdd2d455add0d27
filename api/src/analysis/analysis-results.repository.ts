import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { Audio, type AudioRecord, type StemTrackRecord } from '../audios/audio.schema';
import { WriteBatches } from '../persistence/write-batches';

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

/**
 * The analysis results kept on the audio document: its peaks (and decoded length) and its stems.
 * The analysis owns these fields; the rest of the document belongs to the audios, the locks and
 * the catalog figures.
 */
@Injectable()
export class AnalysisResultsRepository {
  constructor(
    @InjectModel(Audio.name) private readonly audios: Model<Audio>,
    private readonly batches: WriteBatches,
  ) {}

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

  /** The peaks file of one audio; null when it has none yet or does not exist. */
  async findPeaksUrl(musicCanonicalId: string): Promise<string | null> {
    const audio = await this.audios
      .findOne({ _id: musicCanonicalId }, { _id: 0, peaks_url: 1 })
      .lean<Pick<AudioRecord, 'peaks_url'>>()
      .exec();
    return audio?.peaks_url ?? null;
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
    // The length first: whoever sees the peaks url (what readers wait for) also sees it. The two
    // writes are recorded as one change, so lists kept in memory show the peaks on every audio of
    // the file at once, never on one before the other.
    await this.batches.run(async () => {
      await this.audios
        .updateMany({ media_hash: mediaHash, duration_ms: null }, { $set: { duration_ms: durationMs } })
        .exec();
      await this.audios.updateMany({ media_hash: mediaHash }, { $set: { peaks_url: peaksUrl } }).exec();
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
}
