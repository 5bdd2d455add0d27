import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

export type CountRange = { min?: number; max?: number };
export type AudioTrend = { music_canonical_id: string; trendlist: string | null };
export type TemplateSegmentRow = {
  music_canonical_id: string;
  segments_count: number;
  approved: boolean | null;
  started_at_highlight: boolean;
};

function rangeFilter(range: CountRange): Record<string, number> | undefined {
  const bounds: Record<string, number> = {};
  if (range.min !== undefined) bounds.$gte = range.min;
  if (range.max !== undefined) bounds.$lte = range.max;
  return Object.keys(bounds).length ? bounds : undefined;
}

/**
 * Read-only access to the templates and audios the catalog and approval modules write. The join
 * on the audio is done in the API: FerretDB has no $lookup, and its $group slows down sharply
 * with many groups, so rows are streamed with small projections instead.
 */
@Injectable()
export class SegmentsRepository {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** Audios in the reel-count range; only those with a trend list when `onlyTrending`. */
  async findAudioTrends(reelCount: CountRange, onlyTrending: boolean): Promise<AudioTrend[]> {
    const filter: Record<string, unknown> = {};
    const reel = rangeFilter(reelCount);
    if (reel) filter.reel_count = reel;
    if (onlyTrending) filter.trendlist = { $ne: null };
    const rows = await this.connection
      .collection('audios')
      .find(filter, { projection: { _id: 0, music_canonical_id: 1, trendlist: 1 }, batchSize: 5000 })
      .toArray();
    return rows as unknown as AudioTrend[];
  }

  /** Templates that are available or approved, with clips count in range, as a stream. */
  streamCountedTemplates(clipsCount: CountRange): AsyncIterable<TemplateSegmentRow> {
    const filter: Record<string, unknown> = {
      $or: [{ approved: true }, { started_at_highlight: true, approved: { $ne: false } }],
    };
    const clips = rangeFilter(clipsCount);
    if (clips) filter.clips_count = clips;
    return this.connection.collection('templates').find(filter, {
      projection: { _id: 0, music_canonical_id: 1, segments_count: 1, approved: 1, started_at_highlight: 1 },
      batchSize: 5000,
    }) as unknown as AsyncIterable<TemplateSegmentRow>;
  }
}
