import { Injectable } from '@nestjs/common';
import type { SegmentStatsQuery, SegmentStatsRow } from '@curator/shared/contract';
import { TREND_LIST_VALUES, type TrendList } from '@curator/shared/domain';
import { validationFailed } from '../common/api-errors';
import { tallySegmentStats, type SegmentFact } from './segment-stats';
import { CountRange, SegmentsRepository, TemplateSegmentRow } from './segments.repository';

const asTrend = (value: string | null): TrendList | null => (TREND_LIST_VALUES as readonly string[]).includes(value ?? '') ? (value as TrendList) : null;

function toFact(row: TemplateSegmentRow, trendlist: TrendList | null): SegmentFact {
  return { segmentsCount: row.segments_count, approved: row.approved ?? null, startedAtHighlight: row.started_at_highlight === true, trendlist };
}

function checkRange(range: CountRange, field: string): void {
  if (range.min !== undefined && range.max !== undefined && range.max < range.min) {
    throw validationFailed([{ loc: ['query', `${field}_max`], msg: `${field}_max must not be below ${field}_min`, type: 'value_error' }]);
  }
}

/**
 * GET /api/segment/stats/: available and approved templates grouped by segment count, with how
 * many of them belong to trending / hyper / emerging audios. The reel-count and clips-count
 * filters apply first. Both families come in every row; the screen's switch picks one.
 */
@Injectable()
export class SegmentsService {
  constructor(private readonly segments: SegmentsRepository) {}

  async stats(query: SegmentStatsQuery): Promise<SegmentStatsRow[]> {
    const reelCount = { min: query.reel_count_min, max: query.reel_count_max };
    const clipsCount = { min: query.template_clips_count_min, max: query.template_clips_count_max };
    checkRange(reelCount, 'reel_count');
    checkRange(clipsCount, 'template_clips_count');
    const hasReelFilter = reelCount.min !== undefined || reelCount.max !== undefined;
    // Without a reel filter every audio counts, and only the trending ones need looking up.
    const audios = await this.segments.findAudioTrends(reelCount, !hasReelFilter);
    const trendOf = new Map(audios.map((a) => [a.music_canonical_id, asTrend(a.trendlist)]));
    const facts: SegmentFact[] = [];
    for await (const row of this.segments.streamCountedTemplates(clipsCount)) {
      if (hasReelFilter && !trendOf.has(row.music_canonical_id)) continue;
      facts.push(toFact(row, trendOf.get(row.music_canonical_id) ?? null));
    }
    return tallySegmentStats(facts);
  }
}
