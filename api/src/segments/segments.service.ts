import type { SegmentStatsQuery, SegmentStatsRow } from '@curator/shared/contract';
import { Injectable } from '@nestjs/common';

import { AudiosService } from '../audios/audios.service';
import { validationFailed } from '../common/api-errors';
import { type CountRange, tallySegmentStats } from './segment-stats';

function checkRange(range: CountRange, field: string): void {
  if (range.min !== undefined && range.max !== undefined && range.max < range.min) {
    throw validationFailed([
      { loc: ['query', `${field}_max`], msg: `${field}_max must not be below ${field}_min`, type: 'value_error' },
    ]);
  }
}

/**
 * GET /api/segment/stats/: available and approved templates grouped by segment count, with how
 * many of them belong to trending / hyper / emerging audios. The reel-count and clips-count
 * filters apply first. Both families come in every row; the screen's switch picks one.
 *
 * Each audio carries its counted templates (see the catalog recount), so the statistics read one
 * small record per audio — from the in-memory audio list where there is one, which keeps each
 * filter's answer until an audio changes — instead of joining every template to its audio.
 */
@Injectable()
export class SegmentsService {
  constructor(private readonly audios: AudiosService) {}

  async stats(query: SegmentStatsQuery): Promise<SegmentStatsRow[]> {
    const reelCount = { min: query.reel_count_min, max: query.reel_count_max };
    const clipsCount = { min: query.template_clips_count_min, max: query.template_clips_count_max };
    checkRange(reelCount, 'reel_count');
    checkRange(clipsCount, 'template_clips_count');
    return this.audios.segmentSummary(`segment stats, clips ${JSON.stringify(clipsCount)}`, reelCount, (sources) =>
      tallySegmentStats(sources, { reelCount, clipsCount }),
    );
  }
}
