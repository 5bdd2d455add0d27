import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AnyBulkWriteOperation, Model } from 'mongoose';

import { Audio, type AudioRecord } from './audio.schema';
import type { AudioCounters, BeatCounts, CounterInputs, EditDelta, GrowthSource } from './audios.repository';

const BEAT_FIGURE_FIELDS = {
  _id: 0,
  music_canonical_id: 1,
  beats_done_count: 1,
  ep_template_count: 1,
  beat_and_template_approved: 1,
  templates_approved_count: 1,
} as const;
export type BeatFigures = Pick<AudioRecord, Exclude<keyof typeof BEAT_FIGURE_FIELDS, '_id'>>;

/**
 * The catalog figures kept on the audio document: the counters recounted from its templates and
 * reels, the growth, and the beat figures each edit moves. Their own repository over the audios
 * collection; identity, media and tags belong to AudiosRepository, the lock to LocksRepository,
 * the peaks and stems to AnalysisResultsRepository.
 */
@Injectable()
export class CatalogFiguresRepository {
  constructor(@InjectModel(Audio.name) private readonly audios: Model<Audio>) {}

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
